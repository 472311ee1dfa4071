// The worker's own `memory` request: how much memory the engines hold, for the soak test and the bench
// (a long session must not grow without bound, and JavaScript must not pile up handles into Python).

const COUNT_OBJECTS = "import gc; gc.collect(); len(gc.get_objects())";
const MALLINFO_BYTES = 10 * 4; // struct mallinfo: ten 32-bit fields
const MALLINFO_IN_USE = 7; // uordblks: bytes handed out by malloc and not freed

/**
 * Bytes of the wasm heap in use. Pyodide's Python allocates every object with the C allocator (no pymalloc
 * arenas, so sys.getallocatedblocks() says 0): malloc's own count is Python's heap.
 * @param {any} module  the runtime's Emscripten module
 */
function heapInUse(module) {
  const info = module._malloc(MALLINFO_BYTES);
  try {
    module._mallinfo(info);
    return module.HEAPU32[info / 4 + MALLINFO_IN_USE];
  } finally {
    module._free(info);
  }
}

/**
 * Start counting live PyProxies (handles from JavaScript into Python). Pyodide keeps the count only when
 * asked before the handles are made, so this is called right after the runtime starts.
 * @param {any} pyodide
 */
export function traceHandles(pyodide) {
  pyodide._module?.enable_pyproxy_allocation_tracing?.();
}

/**
 * @param {any} pyodide
 * @returns {import("../types.js").Response}
 */
export function memoryReport(pyodide) {
  const objects = pyodide.runPython(COUNT_OBJECTS);
  const handles = pyodide._module?.pyproxy_alloc_map;
  return {
    ok: true,
    memory: {
      wasm_bytes: pyodide._module.HEAP8.length,
      python_heap_bytes: heapInUse(pyodide._module),
      python_objects: objects,
      pyproxies: handles instanceof Map ? handles.size : null,
    },
  };
}
