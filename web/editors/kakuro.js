// The "kakuro" editor: a rectangle of cells, each black, white (to be filled) or a clue with a down
// and/or right sum. It edits and draws; Python reads and checks the text it produces (no rules here).
// Keys on the board: arrows move, W/0/Space/Delete white, B/-/# black, C or Enter opens the clue
// form, a digit starts typing the down sum (Tab to the right sum, Enter back to the board).
// Mouse/touch: tap a cell to select it, tap it again to toggle white ↔ black; buttons do the rest.
import { registerEditor } from "./registry.js";
import { addStyle, el } from "./dom.js";

// A cell: {t: "black" | "white" | "clue", d: sum or null, r: sum or null}
const BLACK = () => ({ t: "black", d: null, r: null });
const WHITE = () => ({ t: "white", d: null, r: null });

function token(cell) {
  if (cell.t === "white") return "0";
  if (cell.t === "black" || (cell.d === null && cell.r === null)) return "-";
  return `${cell.d ?? ""},${cell.r ?? ""}`;
}

function readToken(tok) {
  if (tok === "-") return BLACK();
  if (tok === "0") return WHITE();
  const m = /^(\d*),(\d*)$/.exec(tok);
  if (!m) return null;
  const d = m[1] ? +m[1] : null;
  const r = m[2] ? +m[2] : null;
  if (d === 0 || r === 0) return null;
  return d === null && r === null ? BLACK() : { t: "clue", d, r };
}

function createKakuroEditor(host, info, { onChange }) {
  addStyle("kakuro");
  const maxSide = (info.max_size && info.max_size.rows) || 100;
  const def = info.default_size || { rows: 8, cols: 8 };
  let size = { rows: def.rows, cols: def.cols };
  let cells = [];
  let solution = null;              // a solution Board being shown
  let cursor = { r: 0, c: 0 };
  let marks = [];
  const past = [];
  const future = [];

  const board = el("div", { class: "board kakuro", "data-testid": "board", role: "grid", tabindex: "0",
                            "aria-label": "Kakuro grid: arrows move, W white, B black, C or a digit edits the clue" });
  const tools = el("div", { class: "kakuro-tools", role: "group", "aria-label": "Cell type" });
  const bWhite = el("button", { type: "button", "data-testid": "kakuro-white" }, "White");
  const bBlack = el("button", { type: "button", "data-testid": "kakuro-black" }, "Black");
  const bClue = el("button", { type: "button", "data-testid": "kakuro-clue" }, "Clue");
  tools.append(bWhite, bBlack, bClue);
  const form = el("div", { class: "kakuro-clue", role: "group", "aria-label": "Clue sums of the selected cell" });
  const downIn = el("input", { type: "text", inputmode: "numeric", maxlength: "2", size: "3",
                               "data-testid": "clue-down", "aria-label": "down sum" });
  const rightIn = el("input", { type: "text", inputmode: "numeric", maxlength: "2", size: "3",
                                "data-testid": "clue-right", "aria-label": "right sum" });
  const downLabel = el("label", {}, "down ↓ ");
  downLabel.append(downIn);
  const rightLabel = el("label", {}, "right → ");
  rightLabel.append(rightIn);
  form.append(downLabel, rightLabel);
  const resize = el("div", { class: "kakuro-resize", role: "group", "aria-label": "Resize" });
  const resizers = [["+ row", 1, 0, "add-row"], ["− row", -1, 0, "remove-row"],
                    ["+ column", 0, 1, "add-col"], ["− column", 0, -1, "remove-col"]];
  for (const [label, dr, dc, id] of resizers) {
    const b = el("button", { type: "button", class: "chip", "data-testid": `kakuro-${id}` }, label);
    b.addEventListener("click", () => {
      resizeTo(size.rows + dr, size.cols + dc);
      board.focus({ preventScroll: true });
    });
    resize.append(b);
  }
  host.replaceChildren(board, tools, form, resize);

  const at = (r, c) => r * size.cols + c;
  const here = () => cells[at(cursor.r, cursor.c)];

  function blank(rows, cols) {
    const out = [];
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) out.push(r === 0 || c === 0 ? BLACK() : WHITE());
    }
    return out;
  }

  function snapshot() {
    return { size: { ...size }, cells: cells.map((x) => ({ ...x })) };
  }

  function restore(snap) {
    size = { ...snap.size };
    cells = snap.cells.map((x) => ({ ...x }));
    cursor = { r: Math.min(cursor.r, size.rows - 1), c: Math.min(cursor.c, size.cols - 1) };
  }

  function change(mutate) {
    past.push(snapshot());
    if (past.length > 500) past.shift();
    future.length = 0;
    mutate();
    solution = null;
    marks = [];
    draw();
    onChange();
  }

  function resizeTo(rows, cols) {
    rows = Math.max(2, Math.min(maxSide, rows));
    cols = Math.max(2, Math.min(maxSide, cols));
    if (rows === size.rows && cols === size.cols) return;
    change(() => {
      const next = [];
      for (let r = 0; r < rows; r++) {
        for (let c = 0; c < cols; c++) {
          next.push(r < size.rows && c < size.cols ? cells[at(r, c)] : (r === 0 || c === 0 ? BLACK() : WHITE()));
        }
      }
      size = { rows, cols };
      cells = next;
      cursor = { r: Math.min(cursor.r, rows - 1), c: Math.min(cursor.c, cols - 1) };
    });
  }

  function syncForm() {
    const cell = here();
    const clue = cell && cell.t === "clue";
    if (document.activeElement !== downIn) downIn.value = clue && cell.d !== null ? String(cell.d) : "";
    if (document.activeElement !== rightIn) rightIn.value = clue && cell.r !== null ? String(cell.r) : "";
    form.dataset.for = `r${cursor.r + 1}c${cursor.c + 1}`;
    bWhite.setAttribute("aria-pressed", String(cell.t === "white"));
    bBlack.setAttribute("aria-pressed", String(cell.t === "black"));
    bClue.setAttribute("aria-pressed", String(cell.t === "clue"));
  }

  function draw() {
    board.style.setProperty("--cols", size.cols);
    board.style.setProperty("--rows", size.rows);
    board.classList.toggle("big", size.cols > 12);
    const shown = new Map();
    if (solution) for (const s of solution.cells) shown.set(`${s.r},${s.c}`, s);
    const out = [];
    for (let r = 0; r < size.rows; r++) {
      for (let c = 0; c < size.cols; c++) {
        const cell = cells[at(r, c)];
        const node = el("div", { class: `cell ${cell.t}`, role: "gridcell", "data-r": r, "data-c": c });
        let label;
        if (cell.t === "clue") {
          const d = el("span", { class: "sum down" }, cell.d !== null ? String(cell.d) : "");
          const rt = el("span", { class: "sum right" }, cell.r !== null ? String(cell.r) : "");
          node.append(d, rt);
          label = `clue: down ${cell.d ?? "none"}, right ${cell.r ?? "none"}`;
        } else if (cell.t === "white") {
          const s = shown.get(`${r},${c}`);
          if (s && s.text) {
            node.textContent = s.text;
            node.classList.add("solved");
          } else {
            node.classList.add("empty");
          }
          label = s && s.text ? `solved ${s.text}` : "white";
        } else {
          label = "black";
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
      for (const node of out) {
        const r = +node.dataset.r;
        const c = +node.dataset.c;
        if ((m.r === undefined || m.r === r) && (m.c === undefined || m.c === c)) node.classList.add("bad");
      }
    }
    board.replaceChildren(...out);
    syncForm();
  }

  function setType(t) {
    const cell = here();
    if (cell.t === t && !solution) return;
    change(() => {
      cells[at(cursor.r, cursor.c)] = t === "black" ? BLACK() : t === "white" ? WHITE()
        : { t: "clue", d: cell.t === "clue" ? cell.d : null, r: cell.t === "clue" ? cell.r : null };
    });
  }

  function readSum(input) {
    const digits = input.value.replace(/\D/g, "").slice(0, 2);
    if (digits !== input.value) input.value = digits;
    return digits && +digits ? +digits : null;      // Python says whether a run can reach it
  }

  function onSumInput() {
    const d = readSum(downIn);
    const r = readSum(rightIn);
    const cell = here();
    if (cell.t === "clue" && cell.d === d && cell.r === r) return;
    change(() => { cells[at(cursor.r, cursor.c)] = { t: "clue", d, r }; });
  }

  function openClue(first = "") {
    if (here().t !== "clue") setType("clue");
    downIn.focus();
    if (first) {
      downIn.value = first;
      onSumInput();
    } else {
      downIn.select();
    }
  }

  function move(dr, dc) {
    cursor = { r: (cursor.r + dr + size.rows) % size.rows, c: (cursor.c + dc + size.cols) % size.cols };
    draw();
  }

  board.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const key = event.key;
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (moves[key]) move(...moves[key]);
    else if (["w", "W", "0", " ", "Delete", "Backspace", "."].includes(key)) setType("white");
    else if (["b", "B", "-", "#"].includes(key)) setType("black");
    else if (key === "c" || key === "C" || key === "Enter") openClue();
    else if (/^[1-9]$/.test(key)) openClue(key);
    else if (key === "Home") { cursor = { r: cursor.r, c: 0 }; draw(); }
    else if (key === "End") { cursor = { r: cursor.r, c: size.cols - 1 }; draw(); }
    else return;
    event.preventDefault();
  });

  for (const input of [downIn, rightIn]) {
    input.addEventListener("input", onSumInput);
    input.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === "Escape") {
        event.preventDefault();
        board.focus({ preventScroll: true });
      }
    });
  }

  board.addEventListener("pointerdown", (event) => {
    const node = event.target.closest(".cell");
    if (!node) return;
    const r = +node.dataset.r;
    const c = +node.dataset.c;
    const again = r === cursor.r && c === cursor.c;
    cursor = { r, c };
    board.focus({ preventScroll: true });
    const cell = here();
    if (again && cell.t !== "clue") setType(cell.t === "white" ? "black" : "white");
    else if (again) downIn.focus();
    else draw();
    event.preventDefault();
  });

  bWhite.addEventListener("click", () => { setType("white"); board.focus({ preventScroll: true }); });
  bBlack.addEventListener("click", () => { setType("black"); board.focus({ preventScroll: true }); });
  bClue.addEventListener("click", () => openClue());

  function fromTokens(rows) {
    const next = [];
    for (const row of rows) {
      for (const tok of row) {
        const cell = readToken(tok);
        if (!cell) return null;
        next.push(cell);
      }
    }
    return next;
  }

  const api = {
    getText() {
      const lines = [`${size.rows} ${size.cols}`];
      for (let r = 0; r < size.rows; r++) lines.push(cells.slice(at(r, 0), at(r, 0) + size.cols).map(token).join(" "));
      return lines.join("\n");
    },
    setText(text) {
      let lines = text.split(/\r?\n/).map((l) => l.trim()).filter((l) => l && !l.startsWith("#"));
      if (!lines.length) return false;
      let rows = lines.map((l) => l.split(/\s+/));
      const head = rows[0];
      const sized = head.length === 2 && /^\d+$/.test(head[0]) && /^\d+$/.test(head[1]);
      if (sized && !(head[0] === "0" && head[1] === "0")) {
        rows = rows.slice(1);
        if (rows.length !== +head[0] || rows.some((row) => row.length !== +head[1])) return false;
      }
      if (rows.length < 2 || rows[0].length < 2 || rows.length > maxSide || rows[0].length > maxSide) return false;
      if (rows.some((row) => row.length !== rows[0].length)) return false;
      const next = fromTokens(rows);
      if (!next) return false;
      change(() => {
        size = { rows: rows.length, cols: rows[0].length };
        cells = next;
        cursor = { r: 0, c: 0 };
      });
      return true;
    },
    loadBoard(b) {
      const next = [];
      for (let i = 0; i < b.rows * b.cols; i++) next.push(BLACK());
      for (const cell of b.cells) {
        const i = cell.r * b.cols + cell.c;
        if (cell.role === "clue") {
          const d = cell.down ?? null;
          const r = cell.right ?? null;
          next[i] = d === null && r === null ? BLACK() : { t: "clue", d, r };
        } else if (cell.role !== "black") {
          next[i] = WHITE();
        }
      }
      change(() => {
        size = { rows: b.rows, cols: b.cols };
        cells = next;
        cursor = { r: 0, c: 0 };
      });
    },
    size() {
      const known = (info.sizes || []).find((s) => s.rows === size.rows && s.cols === size.cols);
      return known || { rows: size.rows, cols: size.cols, label: `${size.rows}×${size.cols}` };
    },
    setSize(entry) {
      change(() => {
        size = { rows: entry.rows, cols: entry.cols };
        cells = blank(size.rows, size.cols);
        cursor = { r: 0, c: 0 };
      });
    },
    showBoard(b) {
      solution = b && b.rows === size.rows && b.cols === size.cols ? b : null;
      draw();
    },
    mark(where) {
      marks = [];
      if (where.r !== undefined || where.c !== undefined) marks.push({ r: where.r, c: where.c });
      else if (where.line >= 2 && where.line <= size.rows + 1) marks.push({ r: where.line - 2 });  // line 1: size
      draw();
      return marks.length > 0;
    },
    clearMarks() {
      marks = [];
      draw();
    },
    point(r, c) {
      cursor = { r, c };
      draw();
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
      change(() => { cells = blank(size.rows, size.cols); });
    },
    focus() {
      board.focus({ preventScroll: true });
    },
    destroy() {
      host.replaceChildren();
    },
    // Share payload `COLSxROWS/…`: a–z a run of 1–26 white cells, A–Z a run of 1–26 black cells,
    // `D.R` a clue (either sum may be empty), `_` between two clues.
    encode() {
      let out = "";
      let i = 0;
      let lastClue = false;
      while (i < cells.length) {
        const cell = cells[i];
        if (cell.t === "clue") {
          out += `${lastClue ? "_" : ""}${cell.d ?? ""}.${cell.r ?? ""}`;
          lastClue = true;
          i += 1;
          continue;
        }
        let k = 1;
        while (k < 26 && i + k < cells.length && cells[i + k].t === cell.t) k += 1;
        out += String.fromCharCode((cell.t === "white" ? 97 : 65) + k - 1);
        lastClue = false;
        i += k;
      }
      return `${size.cols}x${size.rows}/${out}`;
    },
    decode(payload) {
      const m = /^(\d+)x(\d+)\/([a-zA-Z0-9._]*)$/.exec(payload);
      if (!m) return false;
      const cols = +m[1];
      const rows = +m[2];
      if (rows < 2 || cols < 2 || rows > maxSide || cols > maxSide) return false;
      const next = [];
      for (const t of m[3].matchAll(/([a-z])|([A-Z])|(\d*)\.(\d*)|_/g)) {
        if (t[1]) for (let j = 0; j <= t[1].charCodeAt(0) - 97; j++) next.push(WHITE());
        else if (t[2]) for (let j = 0; j <= t[2].charCodeAt(0) - 65; j++) next.push(BLACK());
        else if (t[0] !== "_") {
          const d = t[3] ? +t[3] : null;
          const r = t[4] ? +t[4] : null;
          next.push(d === null && r === null ? BLACK() : { t: "clue", d, r });
        }
      }
      if (next.length !== rows * cols) return false;
      change(() => {
        size = { rows, cols };
        cells = next;
        cursor = { r: 0, c: 0 };
      });
      return true;
    },
  };

  size = { rows: def.rows, cols: def.cols };
  cells = blank(size.rows, size.cols);
  draw();
  return api;
}

registerEditor("kakuro", createKakuroEditor);
