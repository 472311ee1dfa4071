// Real byte progress for the engines' big downloads (the runtime's wasm and its standard library).
// The runtime fetches its own files with the global fetch(), so while it starts, fetch() is wrapped: a
// response for one of the listed files is passed through a stream that counts its bytes. The totals come
// from manifest.json (`engine_files`), because a compressed response's Content-Length is not the size of
// what the stream yields.

/**
 * Count the bytes of the listed files while `action` runs; fetch() is itself again afterwards.
 * @template T
 * @param {URL} siteRoot
 * @param {Record<string, number>} sizes  file (relative to the site root) -> bytes
 * @param {(loaded: number, total: number) => void} onProgress
 * @param {() => Promise<T>} action
 * @returns {Promise<T>}
 */
export async function countingDownloads(siteRoot, sizes, onProgress, action) {
  const expected = new Map(Object.entries(sizes).map(([file, size]) => [new URL(file, siteRoot).href, size]));
  const total = [...expected.values()].reduce((sum, size) => sum + size, 0);
  let loaded = 0;
  const plainFetch = globalThis.fetch;

  /** @param {RequestInfo | URL} input @param {RequestInit} [init] */
  async function countingFetch(input, init) {
    const response = await plainFetch(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input), siteRoot).href;
    if (!expected.has(url) || !response.ok || !response.body) return response;
    expected.delete(url); // count each file once, even if it is fetched again
    const counter = new TransformStream({
      transform(chunk, controller) {
        loaded = Math.min(total, loaded + chunk.byteLength);
        onProgress(loaded, total);
        controller.enqueue(chunk);
      },
    });
    const { status, statusText, headers } = response;
    return new Response(response.body.pipeThrough(counter), { status, statusText, headers });
  }

  onProgress(0, total);
  globalThis.fetch = countingFetch;
  try {
    return await action();
  } finally {
    globalThis.fetch = plainFetch;
  }
}
