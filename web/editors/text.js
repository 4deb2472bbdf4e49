// The fallback editor for kinds without a registered editor type: the puzzle's text format in a
// text area, and answers drawn as a read-only board from the Board the engine returns.
import { registerEditor } from "./registry.js";

function createTextEditor(host, info, { onChange }) {
  const area = document.createElement("textarea");
  area.className = "puzzle-text";
  area.rows = 12;
  area.spellcheck = false;
  area.setAttribute("aria-label", `${info.title} in its text format`);
  area.setAttribute("data-testid", "puzzle-text");
  const board = document.createElement("div");
  board.className = "board readonly";
  board.setAttribute("data-testid", "board");
  host.replaceChildren(area, board);
  const past = [];
  const future = [];
  let last = "";
  area.addEventListener("input", () => {
    past.push(last);
    future.length = 0;
    last = area.value;
    board.replaceChildren();
    onChange();
  });

  function set(text) {
    past.push(area.value);
    area.value = text;
    last = text;
    board.replaceChildren();
    onChange();
  }

  return {
    getText: () => area.value,
    setText(text) { set(text); return true; },
    loadBoard() {},
    size: () => null,
    setSize() {},
    showBoard(b) {
      board.replaceChildren();
      if (!b) return;
      board.style.setProperty("--cols", b.cols);
      board.style.setProperty("--rows", b.rows);
      for (const cell of b.cells) {
        const d = document.createElement("div");
        d.className = `cell ${cell.role}`;
        d.dataset.r = cell.r;
        d.dataset.c = cell.c;
        d.textContent = cell.text || "";
        board.append(d);
      }
    },
    mark(where) {
      if (where.line === undefined) return false;
      const lines = area.value.split("\n");
      const start = lines.slice(0, where.line - 1).reduce((n, l) => n + l.length + 1, 0);
      area.focus();
      area.setSelectionRange(start, start + (lines[where.line - 1] || "").length);
      return true;
    },
    clearMarks() {},
    point() {},
    undo() { if (past.length) { future.push(area.value); area.value = last = past.pop(); onChange(); } },
    redo() { if (future.length) { past.push(area.value); area.value = last = future.pop(); onChange(); } },
    clear() { set(""); },
    focus() { area.focus(); },
    destroy() { host.replaceChildren(); },
    encode: () => null,
    decode: () => false,
  };
}

registerEditor("text", createTextEditor);
