// Start the worker and expose window.app.ready, resolved (with the time in ms since
// navigation start) when the worker's loadPyodide() has resolved. Same shape as the
// app's window.app.ready so the benchmark measures both pages the same way.
const worker = new Worker(new URL("bare-worker.js", import.meta.url), { type: "module" });
const ready = new Promise((resolve, reject) => {
  worker.onmessage = (event) => {
    const at = performance.now();
    if (event.data.ok) {
      document.getElementById("status").textContent =
        `Python ${event.data.python} ready at ${at.toFixed(0)} ms (loadPyodide took ${event.data.loadMs.toFixed(0)} ms in the worker)`;
      resolve(at);
    } else {
      document.getElementById("status").textContent = `failed: ${event.data.error}`;
      reject(new Error(event.data.error));
    }
  };
  worker.onerror = (event) => reject(new Error(event.message));
});
window.app = { ready };
