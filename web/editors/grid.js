// The "grid" editor: a rectangle of one-symbol cells (sudoku, binary, any kind whose text format
// is one row of cell symbols per line). It knows symbols and sizes from describe(), never rules.
import { registerEditor } from "./registry.js";
import { el } from "./dom.js";

const RUN = "abcdefghijklmnopqrstuvwxyz";   // share payload: a run of 1..26 empty cells

function createGridEditor(host, info, { onChange }) {
  const empty = info.empty || ".";
  let size = info.sizes.find((s) => s.rows === info.default_size) || info.sizes[0];
  let values = [];
  let solution = null;                       // a solution Board being shown, or null
  let cursor = { r: 0, c: 0 };
  let marks = [];
  const past = [];
  const future = [];

  const board = el("div", { class: "board", "data-testid": "board", role: "grid", tabindex: "0",
                            "aria-label": `${info.title} grid` });
  const keypad = el("div", { class: "keypad", "data-testid": "keypad", role: "group", "aria-label": "Enter a symbol" });
  host.replaceChildren(board, keypad);

  const symbols = () => (info.symbols && (info.symbols[String(size.rows)] || info.symbols["*"])) || "123456789";
  const n = () => size.rows * size.cols;
  const at = (r, c) => r * size.cols + c;

  function snapshot() {
    return { size, values: values.slice() };
  }

  function restore(snap) {
    size = snap.size;
    values = snap.values.slice();
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

  function drawKeypad() {
    keypad.replaceChildren();
    for (const s of symbols()) {
      const b = el("button", { type: "button", "data-symbol": s, "aria-label": `enter ${s}` }, s);
      keypad.append(b);
    }
    keypad.append(el("button", { type: "button", "data-symbol": "", "aria-label": "erase", class: "erase" }, "⌫"));
  }

  function draw() {
    const [br, bc] = size.box || [0, 0];
    board.style.setProperty("--cols", size.cols);
    board.style.setProperty("--rows", size.rows);
    board.classList.toggle("big", size.cols > 12);
    const shownCells = solution ? solution.cells : null;
    const cells = [];
    for (let r = 0; r < size.rows; r++) {
      for (let c = 0; c < size.cols; c++) {
        const i = at(r, c);
        const cell = el("div", { class: "cell", role: "gridcell", "data-r": r, "data-c": c });
        let text = values[i];
        let role = text ? "given" : "empty";
        if (shownCells && shownCells[i]) {
          text = shownCells[i].text;
          role = shownCells[i].role;
        }
        cell.textContent = text || "";
        cell.classList.add(role);
        if (br && r % br === 0 && r > 0) cell.classList.add("bt");
        if (bc && c % bc === 0 && c > 0) cell.classList.add("bl");
        if (r === cursor.r && c === cursor.c) {
          cell.classList.add("sel");
          cell.setAttribute("aria-selected", "true");
        }
        cell.setAttribute("aria-label", `row ${r + 1} column ${c + 1}: ${text || "empty"}`);
        cells.push(cell);
      }
    }
    for (const m of marks) {
      for (const cell of cells) {
        const r = +cell.dataset.r;
        const c = +cell.dataset.c;
        if ((m.r === undefined || m.r === r) && (m.c === undefined || m.c === c)) cell.classList.add("bad");
      }
    }
    board.replaceChildren(...cells);
  }

  function setValue(value) {
    const i = at(cursor.r, cursor.c);
    if (values[i] === value && !solution) return;
    change(() => { values[i] = value; });
  }

  function move(dr, dc) {
    cursor = { r: (cursor.r + dr + size.rows) % size.rows, c: (cursor.c + dc + size.cols) % size.cols };
    draw();
  }

  board.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const key = event.key;
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (moves[key]) {
      move(...moves[key]);
    } else if (key.length === 1 && symbols().includes(key.toUpperCase())) {
      setValue(key.toUpperCase());
    } else if (key === "Delete" || key === "." || key === " " || key === "0" || key === "-") {
      setValue("");
    } else if (key === "Backspace") {
      if (!values[at(cursor.r, cursor.c)] && cursor.c > 0) move(0, -1);
      setValue("");
    } else if (key === "Home") {
      cursor = { r: cursor.r, c: 0 };
      draw();
    } else if (key === "End") {
      cursor = { r: cursor.r, c: size.cols - 1 };
      draw();
    } else {
      return;
    }
    event.preventDefault();
  });

  board.addEventListener("pointerdown", (event) => {
    const cell = event.target.closest(".cell");
    if (!cell) return;
    const r = +cell.dataset.r;
    const c = +cell.dataset.c;
    const again = r === cursor.r && c === cursor.c;
    cursor = { r, c };
    board.focus({ preventScroll: true });
    if (again && symbols().length <= 2) {          // binary: tap a selected cell to cycle . → 0 → 1
      const order = ["", ...symbols()];
      setValue(order[(order.indexOf(values[at(r, c)] || "") + 1) % order.length]);
    } else {
      draw();
    }
    event.preventDefault();
  });

  keypad.addEventListener("click", (event) => {
    const b = event.target.closest("button");
    if (!b) return;
    setValue(b.dataset.symbol);
    board.focus({ preventScroll: true });
  });

  function readLines(text) {
    let lines = text.split(/\r?\n/).map((l) => l.trim()).filter((l) => l);
    if (lines.length === 1) {
      const k = Math.round(Math.sqrt(lines[0].length));
      if (k * k !== lines[0].length || k < 2) return null;
      lines = Array.from({ length: k }, (_, i) => lines[0].slice(i * k, (i + 1) * k));
    }
    if (!lines.length || lines.some((l) => l.length !== lines[0].length)) return null;
    return lines;
  }

  function sizeFor(rows, cols) {
    const known = info.sizes.find((s) => s.rows === rows && s.cols === cols);
    if (known) return known;
    return info.free_size ? { rows, cols, label: `${cols}×${rows}` } : null;
  }

  const api = {
    getText() {
      const lines = [];
      for (let r = 0; r < size.rows; r++) {
        lines.push(values.slice(at(r, 0), at(r, 0) + size.cols).map((v) => v || empty).join(""));
      }
      return lines.join("\n");
    },
    setText(text) {
      const lines = readLines(text);
      if (!lines) return false;
      const next = sizeFor(lines.length, lines[0].length);
      if (!next) return false;
      const allowed = (info.symbols && (info.symbols[String(next.rows)] || info.symbols["*"])) || "";
      const cells = lines.join("").split("");
      if (cells.some((ch) => ch !== empty && !allowed.includes(ch))) return false;
      change(() => {
        size = next;
        values = cells.map((ch) => (ch === empty ? "" : ch));
        drawKeypad();
      });
      return true;
    },
    loadBoard(b) {
      const next = sizeFor(b.rows, b.cols) || { rows: b.rows, cols: b.cols, label: `${b.cols}×${b.rows}` };
      if (b.box) next.box = b.box;
      change(() => {
        size = next;
        values = b.cells.map((cell) => (cell.role === "given" ? cell.text : ""));
        drawKeypad();
      });
    },
    size() {
      return size;
    },
    setSize(entry) {
      change(() => {
        size = entry;
        values = Array(n()).fill("");
        cursor = { r: 0, c: 0 };
        drawKeypad();
      });
    },
    showBoard(b) {
      solution = b && b.rows === size.rows && b.cols === size.cols ? b : null;
      draw();
    },
    mark(where) {
      marks = [];
      if (where.r !== undefined || where.c !== undefined) marks.push({ r: where.r, c: where.c });
      else if (where.line !== undefined && where.line >= 1 && where.line <= size.rows) marks.push({ r: where.line - 1 });
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
      drawKeypad();
      draw();
      onChange();
    },
    redo() {
      if (!future.length) return;
      past.push(snapshot());
      restore(future.pop());
      solution = null;
      drawKeypad();
      draw();
      onChange();
    },
    clear() {
      change(() => { values = Array(n()).fill(""); });
    },
    focus() {
      board.focus({ preventScroll: true });
    },
    destroy() {
      host.replaceChildren();
    },
    encode() {
      if (/[a-z]/.test(symbols())) return null;
      let out = "";
      let run = 0;
      for (const v of values) {
        if (!v) {
          run += 1;
          if (run === RUN.length) { out += RUN[run - 1]; run = 0; }
          continue;
        }
        if (run) { out += RUN[run - 1]; run = 0; }
        out += v;
      }
      if (run) out += RUN[run - 1];
      return `${size.cols}x${size.rows}/${out}`;
    },
    decode(payload) {
      const m = /^(\d+)x(\d+)\/([0-9A-Za-z]*)$/.exec(payload);
      if (!m) return false;
      const next = sizeFor(+m[2], +m[1]);
      if (!next) return false;
      const cells = [];
      for (const ch of m[3]) {
        const k = RUN.indexOf(ch);
        if (k >= 0) for (let j = 0; j <= k; j++) cells.push("");
        else cells.push(ch);
      }
      if (cells.length !== next.rows * next.cols) return false;
      change(() => {
        size = next;
        values = cells;
        drawKeypad();
      });
      return true;
    },
  };

  values = Array(n()).fill("");
  drawKeypad();
  draw();
  return api;
}

registerEditor("grid", createGridEditor);
