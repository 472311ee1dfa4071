// Loaded by its own <script> before the rest of the app, so the engine worker (and Python's download)
// starts as early as possible instead of waiting for every module of the page to arrive.
import { startEngine } from "./engine.js";
import { showLoadingStage } from "./loading-indicator.js";
import { find } from "./dom.js";

const loading = find("#loading");

export const engine = startEngine({ onStage: (stage) => showLoadingStage(loading, stage) });
