// Finding the page's fixed elements with their real types (a missing one is a bug worth a loud error).

/**
 * The element matching `selector`, checked to be a `kind` (HTMLElement unless told).
 * @template {Element} [T=HTMLElement]
 * @param {string} selector
 * @param {{new (...args: any[]): T, prototype: T}} [kind]
 * @param {ParentNode} [root]
 * @returns {T}
 */
export function find(selector, kind, root = document) {
  const node = root.querySelector(selector);
  const expected = kind ?? HTMLElement;
  if (!(node instanceof expected)) throw new Error(`The page has no ${selector}.`);
  return /** @type {T} */ (node);
}
