// The "nonogram" editor: a clue per row (left of the grid) and per column (above it), typed as
// block lengths (`3 1 2`, commas also work, empty = no block), a width and a height, and the
// drawn solution (filled cells black). It writes the `.non` text; Python reads and checks it
// (pasting a `.non` file, a puzz.link URL or a Tatham ID anywhere on the editor goes to `parse`).
// Keys: Enter or ↓ next row clue, ↑ previous; in a column clue Enter goes to the next column;
// on the grid, arrows move and Enter edits the row's clue (Shift+Enter the column's).
import { registerEditor } from "./registry.js";
import { addStyle, el } from "./dom.js";

const tokens = (text) => text.trim().split(/[\s,]+/).filter(Boolean);
const isClue = (text) => tokens(text).every((t) => /^\d+$/.test(t));

// The numbers of a clue as the editor shows them ("0" alone means no block).
function numbersOf(text) {
  const t = tokens(text);
  return t.length === 1 && t[0] === "0" ? [] : t;
}

function createNonogramEditor(host, info, { onChange }) {
  addStyle("nonogram");
  const maxSide = info.max_size || 200;
  const first = (info.sizes || []).find((s) => s.rows === info.default_size) || { rows: 10, cols: 10 };
  let w = first.cols;
  let h = first.rows;
  let rows = Array(h).fill("");          // clue texts as typed
  let cols = Array(w).fill("");
  let solution = null;                   // a solution Board being shown
  let cursor = { r: 0, c: 0 };
  let marks = { rows: new Set(), cols: new Set() };
  let lineMap = new Map();               // text line → {kind, i}, for located errors
  const past = [];
  const future = [];
  let pending = null;                    // snapshot taken when a clue field got focus

  const widthIn = el("input", { type: "number", min: "1", max: String(maxSide), "data-testid": "nono-width",
                                "aria-label": "Width (columns)" });
  const heightIn = el("input", { type: "number", min: "1", max: String(maxSide), "data-testid": "nono-height",
                                 "aria-label": "Height (rows)" });
  const tools = el("div", { class: "nono-tools toolbar small" });
  const wl = el("label", {}, "Width ");
  wl.append(widthIn);
  const hl = el("label", {}, "Height ");
  hl.append(heightIn);
  tools.append(wl, hl);
  const corner = el("div", { class: "nono-corner", "aria-hidden": "true" }, "rows → · columns ↓");
  const colBox = el("div", { class: "nono-cols", role: "group", "aria-label": "Column clues" });
  const rowBox = el("div", { class: "nono-rows", role: "group", "aria-label": "Row clues" });
  const board = el("div", { class: "board nono-board", "data-testid": "board", role: "grid", tabindex: "0",
                            "aria-label": "Nonogram grid: arrows move, Enter edits the row clue" });
  const frame = el("div", { class: "nono" });
  frame.append(corner, colBox, rowBox, board);
  const wrap = el("div", { class: "nono-wrap" });
  wrap.append(frame);
  const note = el("p", { class: "nono-note" },
                  "Clues: block lengths, e.g. 3 1 2 (empty = no block). Paste a .non file, a puzz.link URL " +
                  "or a Tatham Pattern ID on the grid, or use Text….");
  host.replaceChildren(tools, wrap, note);

  let rowInputs = [];
  let colInputs = [];

  function snapshot() {
    return { w, h, rows: rows.slice(), cols: cols.slice() };
  }

  function restore(s) {
    w = s.w;
    h = s.h;
    rows = s.rows.slice();
    cols = s.cols.slice();
    cursor = { r: Math.min(cursor.r, h - 1), c: Math.min(cursor.c, w - 1) };
  }

  function remember(snap = snapshot()) {
    past.push(snap);
    if (past.length > 500) past.shift();
    future.length = 0;
  }

  // A structural change (size, whole puzzle): rebuild the fields.
  function change(mutate) {
    remember();
    mutate();
    solution = null;
    clearMarkSets();
    build();
    onChange();
  }

  function clearMarkSets() {
    marks = { rows: new Set(), cols: new Set() };
  }

  function stacked(text) {
    return numbersOf(text).join("\n");
  }

  function fieldEvents(input, kind, i) {
    input.addEventListener("focus", () => {
      pending = snapshot();
      cursor = kind === "row" ? { r: i, c: cursor.c } : { r: cursor.r, c: i };
      drawCells();
    });
    input.addEventListener("input", () => {
      if (pending) {
        remember(pending);
        pending = null;
      }
      (kind === "row" ? rows : cols)[i] = input.value;
      solution = null;
      sizeClueBoxes();
      if (marks.rows.size || marks.cols.size) {
        clearMarkSets();
        drawMarks();
      }
      drawCells();
      onChange();
    });
    input.addEventListener("blur", () => {
      if (kind === "col" && isClue(input.value)) input.value = stacked(input.value);
    });
    input.addEventListener("paste", (event) => {
      const text = event.clipboardData && event.clipboardData.getData("text/plain");
      // One clue: an ordinary paste into the field. A whole puzzle (lines, URL, ID): the app loads it.
      if (text && !/[\n:/]/.test(text.trim())) event.stopPropagation();
    });
    input.addEventListener("keydown", (event) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const list = kind === "row" ? rowInputs : colInputs;
      let next = null;
      if (event.key === "Enter") next = i + (event.shiftKey ? -1 : 1);
      else if (kind === "row" && event.key === "ArrowDown") next = i + 1;
      else if (kind === "row" && event.key === "ArrowUp") next = i - 1;
      else if (event.key === "Escape") {
        board.focus({ preventScroll: true });
        event.preventDefault();
        return;
      } else return;
      event.preventDefault();
      if (next >= 0 && next < list.length) list[next].focus();
      else board.focus({ preventScroll: true });
    });
  }

  function build() {
    frame.style.setProperty("--cols", w);
    frame.style.setProperty("--rows", h);
    frame.classList.toggle("small", w > 30 || h > 30);
    widthIn.value = String(w);
    heightIn.value = String(h);
    rowInputs = rows.map((text, r) => {
      const input = el("input", { type: "text", class: "nono-clue", inputmode: "text", autocomplete: "off",
                                  spellcheck: "false", "data-testid": `row-clue-${r}`, "data-r": r,
                                  "aria-label": `Row ${r + 1} clue` });
      input.value = text;
      fieldEvents(input, "row", r);
      return input;
    });
    colInputs = cols.map((text, c) => {
      const input = el("textarea", { class: "nono-clue", rows: "1", autocomplete: "off", spellcheck: "false",
                                     "data-testid": `col-clue-${c}`, "data-c": c,
                                     "aria-label": `Column ${c + 1} clue` });
      input.value = isClue(text) ? stacked(text) : text;
      fieldEvents(input, "col", c);
      return input;
    });
    rowBox.replaceChildren(...rowInputs);
    colBox.replaceChildren(...colInputs);
    sizeClueBoxes();
    drawMarks();
    drawCells();
  }

  // Column clue boxes as tall as the longest column clue, row clue boxes as wide as the longest.
  function sizeClueBoxes() {
    const most = Math.max(2, ...cols.map((t) => numbersOf(t).length + 1));
    frame.style.setProperty("--col-lines", Math.min(most, 40));
    const widest = Math.max(5, ...rows.map((t) => t.trim().length + 2));
    frame.style.setProperty("--row-chars", Math.min(widest, 60));
  }

  function drawMarks() {
    rowInputs.forEach((input, r) => {
      input.classList.toggle("bad", marks.rows.has(r));
      input.setAttribute("aria-invalid", String(marks.rows.has(r)));
    });
    colInputs.forEach((input, c) => {
      input.classList.toggle("bad", marks.cols.has(c));
      input.setAttribute("aria-invalid", String(marks.cols.has(c)));
    });
  }

  function drawCells() {
    const shown = solution ? solution.cells : null;
    const cells = [];
    for (let r = 0; r < h; r++) {
      for (let c = 0; c < w; c++) {
        const i = r * w + c;
        const role = shown && shown[i] ? shown[i].role : "empty";
        const cell = el("div", { class: `cell ${role}`, role: "gridcell", "data-r": r, "data-c": c,
                                 "aria-label": `row ${r + 1} column ${c + 1}: ${role === "black" ? "filled" : "empty"}` });
        if (c % 5 === 0 && c > 0) cell.classList.add("bl5");
        if (r % 5 === 0 && r > 0) cell.classList.add("bt5");
        if (r === cursor.r || c === cursor.c) cell.classList.add("line");
        if (r === cursor.r && c === cursor.c) cell.classList.add("sel");
        if (marks.rows.has(r) || marks.cols.has(c)) cell.classList.add("bad");
        cells.push(cell);
      }
    }
    board.replaceChildren(...cells);
    rowInputs.forEach((input, r) => input.classList.toggle("cur", r === cursor.r));
    colInputs.forEach((input, c) => input.classList.toggle("cur", c === cursor.c));
  }

  function resize(nw, nh) {
    nw = Math.max(1, Math.min(maxSide, Math.round(nw) || w));
    nh = Math.max(1, Math.min(maxSide, Math.round(nh) || h));
    if (nw === w && nh === h) {
      widthIn.value = String(w);
      heightIn.value = String(h);
      return;
    }
    change(() => {
      rows = Array.from({ length: nh }, (_, r) => rows[r] || "");
      cols = Array.from({ length: nw }, (_, c) => cols[c] || "");
      w = nw;
      h = nh;
      cursor = { r: Math.min(cursor.r, h - 1), c: Math.min(cursor.c, w - 1) };
    });
  }

  widthIn.addEventListener("change", () => resize(+widthIn.value, h));
  heightIn.addEventListener("change", () => resize(w, +heightIn.value));

  board.addEventListener("pointerdown", (event) => {
    const cell = event.target.closest(".cell");
    if (!cell) return;
    cursor = { r: +cell.dataset.r, c: +cell.dataset.c };
    board.focus({ preventScroll: true });
    drawCells();
    event.preventDefault();
  });

  board.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (moves[event.key]) {
      const [dr, dc] = moves[event.key];
      cursor = { r: (cursor.r + dr + h) % h, c: (cursor.c + dc + w) % w };
      drawCells();
    } else if (event.key === "Enter") {
      (event.shiftKey ? colInputs[cursor.c] : rowInputs[cursor.r]).focus();
    } else {
      return;
    }
    event.preventDefault();
  });

  function clueLine(text) {
    const t = tokens(text);
    return t.length ? t.join(",") : "0";
  }

  // The canonical `.non` text (exactly what getText writes), read without the engine; else null.
  function readCanonical(text) {
    const lines = text.replace(/\r/g, "").trim().split("\n");
    const mw = /^width (\d+)$/.exec(lines[0] || "");
    const mh = /^height (\d+)$/.exec(lines[1] || "");
    if (!mw || !mh) return null;
    const nw = +mw[1];
    const nh = +mh[1];
    if (nw < 1 || nh < 1 || nw > maxSide || nh > maxSide) return null;
    const body = lines.slice(2).filter((l) => l.trim() !== "");
    if (body.length !== nw + nh + 2 || body[0] !== "rows" || body[nh + 1] !== "columns") return null;
    const clue = (l) => (/^\d+(,\d+)*$/.test(l.trim()) ? numbersOf(l.trim().replace(/,/g, " ")).join(" ") : null);
    const r = body.slice(1, nh + 1).map(clue);
    const c = body.slice(nh + 2).map(clue);
    if (r.includes(null) || c.includes(null)) return null;
    return { w: nw, h: nh, rows: r, cols: c };
  }

  const api = {
    getText() {
      const out = [`width ${w}`, `height ${h}`, "", "rows"];
      lineMap = new Map();
      rows.forEach((t, r) => {
        out.push(clueLine(t));
        lineMap.set(out.length, { kind: "row", i: r });
      });
      out.push("", "columns");
      cols.forEach((t, c) => {
        out.push(clueLine(t));
        lineMap.set(out.length, { kind: "col", i: c });
      });
      return out.join("\n") + "\n";
    },
    setText(text) {
      const read = readCanonical(text);
      if (!read) return false;
      change(() => restore(read));
      return true;
    },
    loadBoard(b) {
      change(() => restore({
        w: b.cols, h: b.rows,
        rows: (b.row_clues || []).map((x) => x.join(" ")),
        cols: (b.col_clues || []).map((x) => x.join(" ")),
      }));
    },
    size() {
      return { rows: h, cols: w };
    },
    sizeKey() {
      return `${w}x${h}`;
    },
    setSize(entry) {
      resize(entry.cols, entry.rows);
    },
    showBoard(b) {
      solution = b && b.rows === h && b.cols === w ? b : null;
      drawCells();
    },
    mark(where) {
      clearMarkSets();
      api.getText();                                    // refresh the line map
      const at = where.line !== undefined ? lineMap.get(where.line) : undefined;
      if (at) (at.kind === "row" ? marks.rows : marks.cols).add(at.i);
      else if (where.r !== undefined && where.r < h) marks.rows.add(where.r);
      else if (where.c !== undefined && where.c < w) marks.cols.add(where.c);
      drawMarks();
      drawCells();
      return marks.rows.size + marks.cols.size > 0;
    },
    clearMarks() {
      clearMarkSets();
      drawMarks();
      drawCells();
    },
    point(r, c) {
      cursor = { r, c };
      drawCells();
      board.focus({ preventScroll: true });
    },
    undo() {
      if (!past.length) return;
      future.push(snapshot());
      restore(past.pop());
      solution = null;
      clearMarkSets();
      build();
      onChange();
    },
    redo() {
      if (!future.length) return;
      past.push(snapshot());
      restore(future.pop());
      solution = null;
      clearMarkSets();
      build();
      onChange();
    },
    clear() {
      change(() => {
        rows = Array(h).fill("");
        cols = Array(w).fill("");
      });
    },
    focus() {
      board.focus({ preventScroll: true });
    },
    destroy() {
      host.replaceChildren();
    },
    // Share payload: WxH/row clues/column clues, lines joined by "-", numbers by ".".
    encode() {
      if (!rows.every(isClue) || !cols.every(isClue)) return null;
      const part = (list) => list.map((t) => numbersOf(t).map(Number).join(".")).join("-");
      return `${w}x${h}/${part(rows)}/${part(cols)}`;
    },
    decode(payload) {
      const m = /^(\d+)x(\d+)\/([\d.-]*)\/([\d.-]*)$/.exec(payload);
      if (!m) return false;
      const nw = +m[1];
      const nh = +m[2];
      if (nw < 1 || nh < 1 || nw > maxSide || nh > maxSide) return false;
      const lines = (s, n) => (n === 1 && s === "" ? [""] : s.split("-"));
      const r = lines(m[3], nh);
      const c = lines(m[4], nw);
      if (r.length !== nh || c.length !== nw) return false;
      if (![...r, ...c].every((x) => /^(\d+(\.\d+)*)?$/.test(x))) return false;
      change(() => restore({ w: nw, h: nh, rows: r.map((x) => x.split(".").join(" ")),
                             cols: c.map((x) => x.split(".").join(" ")) }));
      return true;
    },
  };

  build();
  return api;
}

registerEditor("nonogram", createNonogramEditor);
