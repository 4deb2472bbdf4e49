// The "puzlogic" editor: a lattice of positions, each a gap (no cell), an empty cell or a cell with a
// pre-filled number; a pieces field (`1 2 3 4 5 6`); per row and column an `all` sum (every cell of
// the line) and a `blue` sum (placed pieces only). It edits and draws; Python reads the level text.
// Keys on the board: arrows move, Space toggles cell ↔ gap, G gap, 0/E/Delete empty cell, digits
// a pre-filled number (two quick digits make 10–99). Mouse/touch: tap to select, tap again to
// toggle cell ↔ gap; the keypad does the rest.
import { registerEditor } from "./registry.js";
import { addStyle, el } from "./dom.js";

const KINDS = ["all", "blue"];
const AXES = ["row", "column"];
const B36 = "0123456789abcdefghijklmnopqrstuvwxyz";

const key = (r, c) => `${r},${c}`;
const sumKey = (kind, axis, index) => `${kind}:${axis}:${index}`;
const cleanPieces = (text) => text.trim().split(/[\s,]+/).filter(Boolean);

function createPuzlogicEditor(host, info, { onChange }) {
  addStyle("puzlogic");
  const maxSide = (info.max_size && info.max_size.rows) || 50;
  const def = info.default_size || { rows: 5, cols: 5 };
  let size = { rows: def.rows, cols: def.cols };
  let lattice = new Map();          // "r,c" → value (0 = empty cell); absent = gap
  let pieces = "";                  // as typed
  let sums = new Map();             // "kind:axis:index" → target (a number)
  let solution = null;
  let cursor = { r: 0, c: 0 };
  let marks = [];
  let lastDigit = { at: 0, k: "" };
  let lineMap = [];                 // text line (0-based) → what it came from, for error marks
  const past = [];
  const future = [];

  const wrap = el("div", { class: "puz-wrap" });
  const board = el("div", { class: "board puzlogic", "data-testid": "board", role: "grid", tabindex: "0",
                            "aria-label": "Puzlogic lattice: arrows move, Space cell or gap, digits pre-fill" });
  const rowSums = el("div", { class: "puz-rowsums", role: "group", "aria-label": "Row sums (all, blue)" });
  const colSums = el("div", { class: "puz-colsums", role: "group", "aria-label": "Column sums (all, blue)" });
  const legend = el("div", { class: "puz-legend" });
  legend.append(el("span", { class: "all" }, "all = sum of every cell"),
                el("span", { class: "blue" }, "blue = sum of placed pieces"));
  wrap.append(board, rowSums, colSums);
  const keypad = el("div", { class: "keypad", "data-testid": "keypad", role: "group",
                             "aria-label": "Set the selected position" });
  const pad = (value, label, text, testid) =>
    el("button", { type: "button", "data-value": value, "aria-label": label, ...(testid ? { "data-testid": testid } : {}) }, text);
  for (const s of "123456789") keypad.append(pad(s, `pre-fill ${s}`, s));
  keypad.append(pad("0", "empty cell", "cell", "puz-empty"), pad("gap", "gap (no cell)", "gap", "puz-gap"));
  const piecesLabel = el("label", { class: "puz-pieces" }, "Pieces ");
  const piecesIn = el("input", { type: "text", "data-testid": "pieces", placeholder: "1 2 3 4 5 6",
                                 inputmode: "numeric", "aria-label": "pieces, separated by spaces" });
  piecesLabel.append(piecesIn);
  host.replaceChildren(wrap, legend, keypad, piecesLabel);

  function snapshot() {
    return { size: { ...size }, lattice: new Map(lattice), pieces, sums: new Map(sums) };
  }

  function restore(s) {
    size = { ...s.size };
    lattice = new Map(s.lattice);
    pieces = s.pieces;
    sums = new Map(s.sums);
    cursor = { r: Math.min(cursor.r, size.rows - 1), c: Math.min(cursor.c, size.cols - 1) };
  }

  function change(mutate, { redraw = true } = {}) {
    past.push(snapshot());
    if (past.length > 500) past.shift();
    future.length = 0;
    mutate();
    solution = null;
    marks = [];
    if (redraw) draw();
    else drawBoard();
    onChange();
  }

  function sumInput(kind, axis, index) {
    const input = el("input", { type: "text", inputmode: "numeric", maxlength: "3", class: `sum ${kind}`,
                                "data-testid": `sum-${kind}-${axis === 0 ? "row" : "col"}-${index}`,
                                placeholder: kind, "aria-label": `${kind} sum of ${AXES[axis]} ${index + 1}` });
    const k = sumKey(kind, axis, index);
    input.value = sums.has(k) ? String(sums.get(k)) : "";
    input.addEventListener("input", () => {
      const digits = input.value.replace(/\D/g, "").slice(0, 3);
      if (digits !== input.value) input.value = digits;
      const next = digits ? +digits : null;
      if ((sums.get(k) ?? null) === next) return;
      change(() => { if (next === null) sums.delete(k); else sums.set(k, next); }, { redraw: false });
    });
    input.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === "Escape") {
        event.preventDefault();
        board.focus({ preventScroll: true });
      }
    });
    return input;
  }

  function drawSums() {
    rowSums.style.setProperty("--rows", size.rows);
    colSums.style.setProperty("--cols", size.cols);
    const rs = [];
    for (let r = 0; r < size.rows; r++) rs.push(sumInput("all", 0, r), sumInput("blue", 0, r));
    rowSums.replaceChildren(...rs);
    const cs = [];
    for (const kind of KINDS) for (let c = 0; c < size.cols; c++) cs.push(sumInput(kind, 1, c));
    colSums.replaceChildren(...cs);
  }

  function drawBoard() {
    board.style.setProperty("--cols", size.cols);
    board.style.setProperty("--rows", size.rows);
    wrap.style.setProperty("--cols", size.cols);
    wrap.style.setProperty("--rows", size.rows);
    const shown = new Map();
    if (solution) for (const s of solution.cells) shown.set(key(s.r, s.c), s);
    const out = [];
    for (let r = 0; r < size.rows; r++) {
      for (let c = 0; c < size.cols; c++) {
        const node = el("div", { role: "gridcell", "data-r": r, "data-c": c });
        const k = key(r, c);
        let label;
        if (!lattice.has(k)) {
          node.className = "cell gap";
          label = "gap";
        } else {
          const v = lattice.get(k);
          const s = shown.get(k);
          if (v) {
            node.className = "cell given";
            node.textContent = String(v);
            label = `pre-filled ${v}`;
          } else if (s && s.text) {
            node.className = "cell solved placed";
            node.textContent = s.text;
            label = `piece ${s.text} placed`;
          } else {
            node.className = "cell empty";
            label = "empty cell";
          }
        }
        if (r === cursor.r && c === cursor.c) {
          node.classList.add("sel");
          node.setAttribute("aria-selected", "true");
        }
        node.setAttribute("aria-label", `row ${r + 1} column ${c + 1}: ${label}`);
        out.push(node);
      }
    }
    for (const m of marks) {
      if (m.pieces || m.sum) continue;
      for (const node of out) {
        const r = +node.dataset.r;
        const c = +node.dataset.c;
        if ((m.r === undefined || m.r === r) && (m.c === undefined || m.c === c)) node.classList.add("bad");
      }
    }
    board.replaceChildren(...out);
    piecesIn.classList.toggle("bad", marks.some((m) => m.pieces));
    for (const input of [...rowSums.children, ...colSums.children]) input.classList.remove("bad");
    for (const m of marks) {
      if (!m.sum) continue;
      const [kind, axis, index] = m.sum.split(":");
      const input = host.querySelector(`[data-testid="sum-${kind}-${axis === "0" ? "row" : "col"}-${index}"]`);
      if (input) input.classList.add("bad");
    }
  }

  function draw() {
    if (document.activeElement !== piecesIn) piecesIn.value = pieces;
    drawSums();
    drawBoard();
  }

  function setAt(value) {          // null = gap, 0 = empty cell, n = pre-filled
    const k = key(cursor.r, cursor.c);
    const now = lattice.has(k) ? lattice.get(k) : null;
    if (now === value && !solution) return;
    change(() => { if (value === null) lattice.delete(k); else lattice.set(k, value); }, { redraw: false });
  }

  function toggleGap() {
    setAt(lattice.has(key(cursor.r, cursor.c)) ? null : 0);
  }

  function typeDigit(d) {
    const k = key(cursor.r, cursor.c);
    const now = performance.now();
    const v = lattice.get(k);
    if (lastDigit.k === k && now - lastDigit.at < 1200 && v && v < 10) setAt(v * 10 + +d);
    else if (d !== "0") setAt(+d);
    else setAt(0);
    lastDigit = { at: now, k };
  }

  function move(dr, dc) {
    cursor = { r: (cursor.r + dr + size.rows) % size.rows, c: (cursor.c + dc + size.cols) % size.cols };
    lastDigit = { at: 0, k: "" };
    drawBoard();
  }

  board.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const k = event.key;
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (moves[k]) move(...moves[k]);
    else if (/^[0-9]$/.test(k)) typeDigit(k);
    else if (k === " ") toggleGap();
    else if (["g", "G", ".", "-"].includes(k)) setAt(null);
    else if (["e", "E", "Delete", "Backspace"].includes(k)) setAt(0);
    else if (k === "Home") { cursor = { r: cursor.r, c: 0 }; drawBoard(); }
    else if (k === "End") { cursor = { r: cursor.r, c: size.cols - 1 }; drawBoard(); }
    else return;
    event.preventDefault();
  });

  board.addEventListener("pointerdown", (event) => {
    const node = event.target.closest(".cell");
    if (!node) return;
    const r = +node.dataset.r;
    const c = +node.dataset.c;
    const again = r === cursor.r && c === cursor.c;
    cursor = { r, c };
    lastDigit = { at: 0, k: "" };
    board.focus({ preventScroll: true });
    if (again) toggleGap();
    else drawBoard();
    event.preventDefault();
  });

  keypad.addEventListener("click", (event) => {
    const b = event.target.closest("button");
    if (!b) return;
    setAt(b.dataset.value === "gap" ? null : +b.dataset.value);
    board.focus({ preventScroll: true });
  });

  piecesIn.addEventListener("input", () => {
    if (piecesIn.value === pieces) return;
    change(() => { pieces = piecesIn.value; }, { redraw: false });
  });

  function piecesText() {
    const words = cleanPieces(pieces);
    return words.every((w) => /^\d+$/.test(w)) ? words.map(Number).join(" ") : pieces.trim();
  }

  function sortedSums() {
    return [...sums.entries()].map(([k, t]) => {
      const [kind, axis, index] = k.split(":");
      return [kind, +axis, +index, t];
    }).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1] || a[2] - b[2]));
  }

  function sortedCells() {
    return [...lattice.entries()].map(([k, v]) => [...k.split(",").map(Number), v])
      .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  }

  function fitSize(rows, cols) {
    return { rows: Math.max(1, Math.min(maxSide, rows)), cols: Math.max(1, Math.min(maxSide, cols)) };
  }

  function load(cells, pieceList, sumList) {
    let rows = 1;
    let cols = 1;
    for (const [r, c] of cells) { rows = Math.max(rows, r + 1); cols = Math.max(cols, c + 1); }
    for (const [, axis, index] of sumList) {
      if (axis === 0) rows = Math.max(rows, index + 1);
      else cols = Math.max(cols, index + 1);
    }
    change(() => {
      size = fitSize(rows, cols);
      lattice = new Map(cells.map(([r, c, v]) => [key(r, c), v]));
      pieces = pieceList.join(" ");
      sums = new Map(sumList.map(([kind, axis, index, t]) => [sumKey(kind, axis, index), t]));
      cursor = { r: 0, c: 0 };
    });
  }

  const api = {
    getText() {
      const lines = [];
      lineMap = [];
      for (const [r, c, v] of sortedCells()) {
        lines.push(`cells ${r} ${c} ${v}`);
        lineMap.push({ r, c });
      }
      const p = piecesText();
      lines.push(p ? `pieces ${p}` : "pieces");
      lineMap.push({ pieces: true });
      for (const [kind, axis, index, t] of sortedSums()) {
        lines.push(`sum ${kind} ${axis} ${index} ${t}`);
        lineMap.push({ sum: sumKey(kind, axis, index) });
      }
      return lines.join("\n");
    },
    setText(text) {
      const cells = [];
      const pieceList = [];
      const sumList = [];
      const seen = new Set();
      for (const raw of text.split(/\r?\n/)) {
        const line = raw.trim();
        if (!line || line.startsWith("#")) continue;
        const [word, ...f] = line.split(/\s+/);
        const w = word.toLowerCase();
        if (["level", "source", "solution", "end"].includes(w)) continue;
        if (w === "cells") {
          if (f.length !== 3 || !f.every((x) => /^\d+$/.test(x))) return false;
          const [r, c, v] = f.map(Number);
          if (r >= maxSide || c >= maxSide || v > 99 || seen.has(key(r, c))) return false;
          seen.add(key(r, c));
          cells.push([r, c, v]);
        } else if (w === "pieces") {
          if (!f.every((x) => /^\d+$/.test(x) && +x >= 1 && +x <= 99)) return false;
          pieceList.push(...f.map(Number));
        } else if (w === "sum") {
          if (f.length !== 4 || !KINDS.includes(f[0].toLowerCase())) return false;
          if (!f.slice(1).every((x) => /^\d+$/.test(x))) return false;
          const [axis, index, t] = f.slice(1).map(Number);
          if (axis > 1 || index >= maxSide) return false;
          sumList.push([f[0].toLowerCase(), axis, index, t]);
        } else {
          return false;
        }
      }
      if (!cells.length) return false;
      load(cells, pieceList.sort((a, b) => a - b), sumList);
      return true;
    },
    loadBoard(b) {
      const cells = b.cells.map((x) => [x.r, x.c, x.role === "given" ? +x.text : 0]);
      const sumList = (b.sums || []).map((s) => [s.kind, s.axis === "row" || s.axis === 0 ? 0 : 1, s.index, s.target]);
      load(cells, b.pieces || [], sumList);
    },
    size() {
      const known = (info.sizes || []).find((s) => s.rows === size.rows && s.cols === size.cols);
      return known || { rows: size.rows, cols: size.cols, label: `${size.rows}×${size.cols}` };
    },
    setSize(entry) {            // keeps what fits in the new lattice
      change(() => {
        size = fitSize(entry.rows, entry.cols);
        for (const k of [...lattice.keys()]) {
          const [r, c] = k.split(",").map(Number);
          if (r >= size.rows || c >= size.cols) lattice.delete(k);
        }
        for (const k of [...sums.keys()]) {
          const [, axis, index] = k.split(":");
          if (+index >= (axis === "0" ? size.rows : size.cols)) sums.delete(k);
        }
        cursor = { r: Math.min(cursor.r, size.rows - 1), c: Math.min(cursor.c, size.cols - 1) };
      });
    },
    showBoard(b) {
      solution = b || null;
      drawBoard();
    },
    mark(where) {
      marks = [];
      if (where.r !== undefined || where.c !== undefined) marks.push({ r: where.r, c: where.c });
      else if (where.field === "pieces") marks.push({ pieces: true });
      else if (where.line !== undefined) {
        const m = lineMap[where.line - 1];
        if (m) marks.push(m);
      }
      drawBoard();
      return marks.length > 0;
    },
    clearMarks() {
      marks = [];
      drawBoard();
    },
    point(r, c) {
      cursor = { r, c };
      drawBoard();
      board.focus({ preventScroll: true });
    },
    undo() {
      if (!past.length) return;
      future.push(snapshot());
      restore(past.pop());
      solution = null;
      marks = [];
      draw();
      onChange();
    },
    redo() {
      if (!future.length) return;
      past.push(snapshot());
      restore(future.pop());
      solution = null;
      draw();
      onChange();
    },
    clear() {
      change(() => {
        lattice = new Map();
        pieces = "";
        sums = new Map();
      });
    },
    focus() {
      board.focus({ preventScroll: true });
    },
    destroy() {
      host.replaceChildren();
    },
    // Share payload `COLSxROWS/cells/pieces/sums`: per position `-` gap, `.` empty cell, 1–9 and
    // a–z for 1–35, `~NN` above; pieces joined by `.`; sums `a0.1.12` (kind, axis.index.target) by `_`.
    encode() {
      const words = cleanPieces(pieces);
      if (!words.every((w) => /^\d+$/.test(w) && +w >= 1 && +w <= 99)) return null;
      let cells = "";
      for (let r = 0; r < size.rows; r++) {
        for (let c = 0; c < size.cols; c++) {
          const k = key(r, c);
          if (!lattice.has(k)) cells += "-";
          else {
            const v = lattice.get(k);
            cells += v === 0 ? "." : v < 36 ? B36[v] : `~${String(v).padStart(2, "0")}`;
          }
        }
      }
      const s = sortedSums().map(([kind, axis, index, t]) => `${kind[0]}${axis}.${index}.${t}`).join("_");
      return `${size.cols}x${size.rows}/${cells}/${words.map(Number).join(".")}/${s}`;
    },
    decode(payload) {
      const m = /^(\d+)x(\d+)\/([-.~0-9a-z]*)\/([0-9.]*)\/([ab0-9._]*)$/.exec(payload);
      if (!m) return false;
      const cols = +m[1];
      const rows = +m[2];
      if (rows < 1 || cols < 1 || rows > maxSide || cols > maxSide) return false;
      const cells = [];
      let i = 0;
      for (const t of m[3].matchAll(/~(\d\d)|[-.0-9a-z]/g)) {
        const r = Math.floor(i / cols);
        const c = i % cols;
        i += 1;
        if (t[0] === "-") continue;
        cells.push([r, c, t[0] === "." ? 0 : t[1] ? +t[1] : B36.indexOf(t[0])]);
      }
      if (i !== rows * cols) return false;
      const pieceList = m[4] ? m[4].split(".").filter(Boolean).map(Number) : [];
      const sumList = [];
      for (const s of m[5] ? m[5].split("_") : []) {
        const sm = /^([ab])([01])\.(\d+)\.(\d+)$/.exec(s);
        if (!sm) return false;
        sumList.push([sm[1] === "a" ? "all" : "blue", +sm[2], +sm[3], +sm[4]]);
      }
      change(() => {
        size = { rows, cols };
        lattice = new Map(cells.map(([r, c, v]) => [key(r, c), v]));
        pieces = pieceList.join(" ");
        sums = new Map(sumList.map(([kind, axis, index, t]) => [sumKey(kind, axis, index), t]));
        cursor = { r: 0, c: 0 };
      });
      return true;
    },
  };

  draw();
  return api;
}

registerEditor("puzlogic", createPuzlogicEditor);
