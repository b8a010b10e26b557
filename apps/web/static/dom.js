// Small helpers of the page's views. A view writes a node only where what it shows changes:
// a live region rewritten with the same words is read out again, and a screen reader would
// chatter at every redraw.

/** The element with the id `id`. */
export const $ = (id) => document.getElementById(id);

/** Sets `node`'s text to `text`, unless it says that already. */
export function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

/** Sets `node`'s attribute `name` to `value`, unless it has that value already. */
export function setAttribute(node, name, value) {
  if (node.getAttribute(name) !== value) node.setAttribute(name, value);
}

/** Sets the page's `body[data-<name>]`, unless it has that value already. */
export function setData(name, value) {
  if (document.body.dataset[name] !== value) document.body.dataset[name] = value;
}
