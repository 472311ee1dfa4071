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

/**
 * A copy of the element in the page's template `selector` (a tile's markup, say).
 * @param {string} selector
 * @returns {HTMLElement}
 */
export function cloneTemplate(selector) {
  const node = find(selector, HTMLTemplateElement).content.firstElementChild?.cloneNode(true);
  if (!(node instanceof HTMLElement)) throw new Error(`The page's ${selector} holds no element.`);
  return node;
}
