// The shape of manifest.json, which build.py writes into dist/ (write_manifest): the engine worker imports it
// as a JSON module, and tsc reads this declaration in its place (allowArbitraryExtensions). The build leaves
// .ts files out of dist/.
declare const manifest: {
  /** A hash over every file of the build: the service worker's cache is keyed by it. */
  version: string;
  /** A hash over the runtime, the engines and the engine worker: the engines' memory snapshot is keyed by it,
   * so a deploy that changed only the page keeps it. */
  runtime_version: string;
  /** The engines archive, relative to the site root. */
  engines: string;
  /** The runtime's folder, relative to the site root. */
  pyodide: string;
  /** The runtime's big downloads and their sizes in bytes, for real byte progress. */
  engine_files: Record<string, number>;
  /** Every file the service worker keeps for offline visits (all of dist/ but sw.js and this manifest). */
  files: string[];
  /** Each of `files` with the first hex digits of its SHA-256: a new build downloads only what changed. */
  hashes: Record<string, string>;
};
export default manifest;
