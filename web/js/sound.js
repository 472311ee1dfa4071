// Optional sound effects, made in the page with Web Audio (no audio files): a card dealt or played, a card
// turned face up, a win, a loss. Off until the player switches them on; the choice is remembered in this
// browser (localStorage). While they are off no AudioContext exists at all, and the first one is made by
// the switch itself or by a sound after it, so it starts from a user gesture as autoplay rules ask.
//
// The table says what happened in the engine's own event types (generic: every game names its plays and
// reveals with these words), and `counts` tells the tests what was played (window.app.sounds()).

const KEY = "saloon:sound";

/** @typedef {"deal" | "flip" | "win" | "lose"} SoundName */

/** The events that sound like a card put down, and those that sound like a card turned up. */
const PUT_DOWN = new Set(["play", "commit", "lead", "chain", "follow_up", "place", "change", "draw", "deal"]);
const TURN_UP = new Set(["reveal", "reveal_follow_ups", "flip"]);
const FLIP_AFTER_S = 0.18; // a reveal follows the card that caused it

/** localStorage, or null where the browser keeps none (private modes, settings). */
function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

class Sounds {
  constructor() {
    /** @type {AudioContext | null} */
    this.context = null;
    /** @type {Record<SoundName, number>} how many of each were played, for tests */
    this.counts = { deal: 0, flip: 0, win: 0, lose: 0 };
    /** @type {Set<(on: boolean) => void>} */
    this.watchers = new Set();
  }

  get on() {
    try {
      return storage()?.getItem(KEY) === "on";
    } catch {
      return false;
    }
  }

  /**
   * Switch the sounds on or off (from a click: the AudioContext made here is allowed to play).
   * @param {boolean} on
   */
  set(on) {
    try {
      storage()?.setItem(KEY, on ? "on" : "off");
    } catch {
      // Storage off: the choice lasts this visit only (the toggle still shows it).
    }
    if (on) this.audio();
    else this.context?.suspend().catch(() => {});
    for (const watcher of this.watchers) watcher(on);
  }

  /** @param {(on: boolean) => void} watcher called with the new choice whenever it changes */
  watch(watcher) {
    this.watchers.add(watcher);
  }

  /** The page's one AudioContext, made on first need while the sounds are on; null where there is none. */
  audio() {
    if (!this.context) {
      // Older Safari names it with its prefix.
      const Context = window.AudioContext ?? /** @type {Window & {webkitAudioContext?: typeof AudioContext}} */ (window).webkitAudioContext;
      if (!Context) return null;
      this.context = new Context();
    }
    if (this.context.state === "suspended") this.context.resume().catch(() => {});
    return this.context;
  }

  /**
   * Play one effect now (or `delay` seconds from now); nothing at all while the sounds are off.
   * @param {SoundName} name
   * @param {number} [delay]
   */
  play(name, delay = 0) {
    if (!this.on) return;
    const context = this.audio();
    if (!context) return;
    this.counts[name] += 1;
    const start = context.currentTime + delay;
    if (name === "deal") this.swish(context, start);
    else if (name === "flip") this.tone(context, start, [1320], 0.05, "triangle", 0.12);
    else if (name === "win") this.tone(context, start, [523.25, 659.25, 783.99, 1046.5], 0.11, "triangle", 0.16);
    else this.tone(context, start, [392, 329.63, 261.63], 0.16, "sine", 0.16);
  }

  /**
   * The sounds of a batch of engine events: a card put down, then (a moment later) a card turned up.
   * @param {{type: string}[]} events
   */
  playEvents(events) {
    if (!events.length || !this.on) return;
    const types = events.map((event) => event.type);
    const putDown = types.some((type) => PUT_DOWN.has(type));
    if (putDown) this.play("deal");
    if (types.some((type) => TURN_UP.has(type))) this.play("flip", putDown ? FLIP_AFTER_S : 0);
  }

  /**
   * A card slapped on the felt: a short burst of filtered noise.
   * @param {AudioContext} context
   * @param {number} start  in the context's time
   */
  swish(context, start) {
    const length = Math.floor(context.sampleRate * 0.07);
    const buffer = context.createBuffer(1, length, context.sampleRate);
    const samples = buffer.getChannelData(0);
    for (let i = 0; i < length; i++) samples[i] = (Math.random() * 2 - 1) * (1 - i / length) ** 2;
    const source = context.createBufferSource();
    source.buffer = buffer;
    const filter = context.createBiquadFilter();
    filter.type = "bandpass";
    filter.frequency.value = 2400;
    filter.Q.value = 0.8;
    const gain = context.createGain();
    gain.gain.value = 0.35;
    source.connect(filter).connect(gain).connect(context.destination);
    source.start(start);
  }

  /**
   * Notes one after another, each with a quick rise and a soft fade.
   * @param {AudioContext} context
   * @param {number} start
   * @param {number[]} notes frequencies in Hz
   * @param {number} step seconds between notes
   * @param {OscillatorType} wave
   * @param {number} volume peak gain
   */
  tone(context, start, notes, step, wave, volume) {
    notes.forEach((frequency, index) => {
      const at = start + index * step;
      const oscillator = context.createOscillator();
      oscillator.type = wave;
      oscillator.frequency.value = frequency;
      const gain = context.createGain();
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(volume, at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + step * 2.2);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(at);
      oscillator.stop(at + step * 2.4);
    });
  }
}

/** The page's sound effects (one set for every screen). */
export const sounds = new Sounds();

/**
 * Wire a toggle button (aria-pressed) to the sounds: it shows the choice and switches it.
 * @param {HTMLButtonElement} button
 */
export function wireSoundToggle(button) {
  const show = (/** @type {boolean} */ on) => {
    button.setAttribute("aria-pressed", String(on));
    button.textContent = on ? "Sound on" : "Sound off";
  };
  show(sounds.on);
  sounds.watch(show);
  button.addEventListener("click", () => sounds.set(!sounds.on));
}
