// ESLint for the front end (web/): the recommended rules, browser globals for the page's modules,
// worker globals for the engine worker, service-worker globals for sw.js; and for the Node scripts the build
// and the tests run Pyodide with (scripts/, tests/pyodide/). `python3 build.py test` runs it.
import js from "@eslint/js";
import globals from "globals";

export default [
  js.configs.recommended,
  {
    files: ["web/**/*.js", "scripts/**/*.mjs", "tests/**/*.mjs"],
    languageOptions: {
      ecmaVersion: 2025, // import attributes: the worker imports manifest.json as a JSON module
      sourceType: "module",
      globals: globals.browser,
    },
    rules: {
      "no-unused-vars": ["error", { args: "after-used", argsIgnorePattern: "^_", caughtErrors: "none" }],
      eqeqeq: ["error", "always"],
      "prefer-const": "error",
      "no-var": "error",
    },
  },
  {
    files: ["web/js/worker.js", "web/js/worker/**/*.js"],
    languageOptions: { globals: globals.worker },
  },
  {
    files: ["scripts/**/*.mjs", "tests/**/*.mjs"],
    languageOptions: { globals: globals.node },
  },
  {
    files: ["web/sw.js"],
    languageOptions: { sourceType: "script", globals: globals.serviceworker },
  },
];
