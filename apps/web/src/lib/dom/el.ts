/**
 * DOM building for the pages without React (the public /form, the login screen): an element
 * with its attributes and children, in one expression. Attributes are set as written
 * (`aria-*`, `for`, `novalidate`), so the markup reads like the HTML it makes.
 */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) node.setAttribute(key, value);
  node.append(...children);
  return node;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/** The same for SVG (icons, the logo): elements in the SVG namespace, or the browser won't draw them. */
export function svgEl<K extends keyof SVGElementTagNameMap>(
  tag: K,
  props: Record<string, string> = {},
  ...children: Node[]
): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(props)) node.setAttribute(key, value);
  node.append(...children);
  return node;
}

/** Sets `name` to `value`, or removes it when `value` is undefined (as React does). */
export function setAttr(node: Element, name: string, value: string | undefined): void {
  if (value === undefined) node.removeAttribute(name);
  else node.setAttribute(name, value);
}
