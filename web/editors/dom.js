// DOM helpers shared by the editors. Text goes in through textContent only, never as HTML.

export function el(tag, attrs = {}, text = "") {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text) node.textContent = text;
  return node;
}

// An editor's own stylesheet, web/editors/<name>.css, linked once.
export function addStyle(name) {
  const id = `${name}-editor-css`;
  if (document.getElementById(id)) return;
  document.head.append(el("link", { rel: "stylesheet", id, href: new URL(`${name}.css`, import.meta.url).href }));
}
