// The runtime the engine worker imports as ../pyodide/pyodide.mjs (build.py copies it from node_modules/pyodide
// into dist/pyodide/) comes with the npm package's own types.
declare module "*/pyodide/pyodide.mjs" {
  export * from "pyodide";
}
