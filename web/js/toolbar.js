// The table's toolbar on a narrow screen: the tools that do not fit beside "Menu", "Rules", "Log" and
// "Replay" wait behind "More", a menu that opens under it (on a wide screen they stand in the row and "More"
// is not shown, see css/table.css). A choice in the menu, a press elsewhere or Escape closes it.
import { find } from "./dom.js";

export function wireToolbar() {
  const more = find("#more-tools", HTMLButtonElement);
  const panel = find("#more-panel");
  const toolbar = find("#table-screen .toolbar");
  const show = (/** @type {boolean} */ open) => {
    toolbar.classList.toggle("more-open", open);
    more.setAttribute("aria-expanded", String(open));
  };
  more.addEventListener("click", () => show(more.getAttribute("aria-expanded") !== "true"));
  panel.addEventListener("click", (event) => {
    if (/** @type {Element} */ (event.target).closest("button")) show(false);
  });
  document.addEventListener("pointerdown", (event) => {
    if (!toolbar.contains(/** @type {Node} */ (event.target))) show(false);
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && more.getAttribute("aria-expanded") === "true") {
      show(false);
      more.focus();
    }
  });
}
