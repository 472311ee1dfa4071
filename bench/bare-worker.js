// Module worker: nothing but loadPyodide() from the site's own copy of the runtime,
// imported statically the way the app's worker does.
import { loadPyodide } from "../pyodide/pyodide.mjs";

try {
  const t0 = performance.now();
  const pyodide = await loadPyodide({ indexURL: new URL("../pyodide/", import.meta.url).href });
  const loadMs = performance.now() - t0;
  const python = pyodide.runPython("import sys; sys.version.split()[0]");
  postMessage({ ok: true, loadMs, python });
} catch (err) {
  postMessage({ ok: false, error: String(err) });
}
