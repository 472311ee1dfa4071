// The address hash is the whole navigation state: "#game=grit&mode=computer&level=easy&seed=7".

const MODES = ["computer", "hotseat"];
const LEVELS = ["easy", "hard"];

export function randomSeed() {
  return 1 + Math.floor(Math.random() * 999_999);
}

/** The game settings in a hash, or null when the hash does not open a game (the menu). */
export function parseHash(hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const game = params.get("game");
  if (!game) return null;
  const seed = Number.parseInt(params.get("seed") ?? "", 10);
  const side = params.get("side") === "1" ? 1 : 0;
  return {
    game,
    mode: MODES.includes(params.get("mode")) ? params.get("mode") : "computer",
    level: LEVELS.includes(params.get("level")) ? params.get("level") : "easy",
    seed: Number.isSafeInteger(seed) ? seed : randomSeed(),
    side,
    fast: params.get("speed") === "fast",
    deal: parseDeal(params.get("deal")),
  };
}

/** A forced deal (tests, puzzles): any JSON the engine will judge; unreadable text means none. */
function parseDeal(text) {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The canonical hash for settings; `speed=fast` is kept only when asked (tests, bench). */
export function formatHash({ game, mode, level, seed, side, fast, deal }, { keepSpeed = true } = {}) {
  const params = new URLSearchParams({ game, mode });
  if (mode === "computer") {
    params.set("level", level);
  }
  params.set("seed", String(seed));
  if (mode === "computer" && side === 1) params.set("side", "1");
  if (deal) params.set("deal", JSON.stringify(deal));
  if (fast && keepSpeed) params.set("speed", "fast");
  return `#${params}`;
}

/** The key a saved game is filed under: the same table whatever the speed. */
export function tableKey(settings) {
  return formatHash(settings, { keepSpeed: false });
}

export function shareLink(settings) {
  const url = new URL(location.href);
  url.hash = formatHash(settings, { keepSpeed: false });
  return url.href;
}
