// On a short screen the canvas of flips fills what the felt shows under the lines above it (the scene's
// title, the party strip), with the sheets under it a scroll away. Those lines wrap with the names in them,
// so their height is measured, not guessed: the room left is kept in the felt's --felt-room property, which
// fate-table.css uses on a short screen.

/**
 * Keep `--felt-room` on the felt: its height less everything above the canvas (call it once those are in).
 * @param {HTMLElement} felt
 * @param {HTMLCanvasElement} canvas
 * @param {AbortSignal} signal
 */
export function keepFeltRoom(felt, canvas, signal) {
  const measure = () => {
    const above = canvas.getBoundingClientRect().top - felt.getBoundingClientRect().top + felt.scrollTop;
    felt.style.setProperty("--felt-room", `${Math.max(0, felt.clientHeight - above)}px`);
  };
  const observer = new ResizeObserver(measure);
  observer.observe(felt);
  for (const line of felt.children) {
    if (line === canvas) break;
    observer.observe(line);
  }
  signal.addEventListener("abort", () => {
    observer.disconnect();
    felt.style.removeProperty("--felt-room");
  }, { once: true });
  measure();
}
