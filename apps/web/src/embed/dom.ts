// A few lines instead of a UI library: the widgets build their DOM with this, and text always
// goes in as text nodes, so nothing from the schedule is ever parsed as HTML.

type Child = Node | string | null | undefined | false;
type Attributes = Record<string, string | number | boolean | null | undefined>;

/** An element with attributes (false/null/undefined are left out; true is an empty value). */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    element.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child);
  }
  return element;
}

/** Text only screen readers read (the `vh` class hides it visually). */
export function hidden(text: string): HTMLSpanElement {
  return h('span', { class: 'vh' }, text);
}

/** Replaces an element's content. */
export function show(parent: Element, ...children: Child[]): void {
  parent.replaceChildren(
    ...children.filter(
      (child): child is Node | string => child !== null && child !== undefined && child !== false,
    ),
  );
}
