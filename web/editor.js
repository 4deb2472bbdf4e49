// The one puzzle editor: draws any kind's layout (pysrc/gridlogic/layout.py) and edits its state.
// It knows no kind and parses no text format: cells, edge fields, marks between cells, extra fields
// and the size, all from the layout; every question about meaning goes to the engine (app.js).
//
// createEditor(host, kindInfo, {onChange, announce}) → {getState, setState, blank, size, setSize,
//   sameAs, showBoard, mark, clearMarks, point, highlight, values, candidates, clearOverlays, loadedState,
//   givenState, entries, enter, valueText, isOpen, keepAsGivens, undo, redo, clear, focus, destroy}.
//   Edits call onChange(); loads (setState) and the overlays do not.
//
// Givens and entries: the editor remembers the state it was loaded with (setState, or the blank grid
// after Clear). A cell empty then and holding a symbol or a number now is the user's *entry*; the
// rest is the puzzle. entries() lists them as [r, c, n], givenState() is the state without them,
// enter(r, c, n) fills one (an undoable edit), keepAsGivens() makes everything on the grid the puzzle.
// A cell's number n: a number cell's value; a symbol's digit in base 36 (0-9, then A = 10 … Z = 35:
// binary's 0/1, sudoku's 1-9 and A-P). Undo and redo restore the loaded state with the cells.
//
// Stable hooks for browser tests (data-testid unless said otherwise; r, c, i are 0-based):
//   board              the grid: role=grid; rows role=row; cells `[data-testid=board] .cell[data-r]
//                      [data-c]`, role=gridcell, id `cell-R-C`, aria-selected=true on the selected one.
//     cell text        the value shown: a symbol, a number, or a solved value; empty when none.
//                      A cell in a state with fields holds one `.field[data-field=KEY]` per field
//                      (kakuro: `.field[data-field=down]` bottom-left, `[data-field=right]` top-right).
//     cell attributes  data-value: the raw state value ("" empty, "5", "-", "\16,7");
//                      data-state: the state key when the value is a state (e.g. "black", "clue").
//     cell classes     empty | given (a value in the state) | entry (also: a given typed since the
//                      load, see below) | solved (a value of the answer shown);
//                      look-black | look-gap | look-clue | look-shaded (the state's look);
//                      black (the answer shows this cell filled/shaded); sel (selected);
//                      bad (an error location); hl (highlighted); bt / bl (a thick box line above /
//                      left); rb / bb (a region border right / below, paint layouts).
//     overlays         `.cell .ov-value` a value per cell (the cell gets class ov; the value is not
//                      written over a value of the answer shown); `.cell .cands` candidates.
//   caption            the highlight's caption (hidden when none).
//   board-live         aria-live region: the selected cell announced as the cursor moves.
//   answer             a line with the answer Board's `answer` (number cross), hidden when none.
//   edge-KEY-I         the edge text field KEY of row/column I (e.g. edge-rows-3, edge-cols-0);
//                      aria-invalid=true and class bad when marked.
//   extra-KEY          an extra text field (e.g. extra-pieces); bad / aria-invalid when marked.
//   field-KEY          the input of field KEY of the selected cell (e.g. field-down, field-right);
//                      shown only while the selected cell is in a state with that field.
//   mark-h-R-C         the gap between (R, C) and (R, C+1); mark-v-R-C between (R, C) and (R+1, C).
//                      Text = its sign ("" none); a click/tap cycles "" → signs in layout order;
//                      class bad when marked. Keys on the board: a sign of `h` sets the gap right of
//                      the cursor, a sign only in `v` the gap below (the same sign again removes it).
//   keypad             the keypad; buttons key-SYMBOL (each symbol; numbers: key-0 … key-9),
//                      key-state-KEY (each state), key-erase. In paint layouts the symbol buttons
//                      are brushes (aria-pressed=true on the current one).
//   size               the size menu; size-rows, size-cols: a typed size (free_size; a square
//                      layout shows size-rows only).
// Keys on the board: arrows move, a symbol or digit sets the cell (numbers type digit by digit),
// a state's keys set that state, Backspace/Delete/space/. erase, Home/End; Enter on a cell with
// fields focuses its first field, else the row's edge field (Shift+Enter the column's); Enter or
// Escape in a field returns to the board. A tap on the selected cell cycles empty → the two
// symbols (0/1 kinds) → the states. Paint layouts: a tap or a drag paints the brush.
// Undo/redo cover cells, edges, marks, extras and size together.

const HISTORY = 300;
const TYPING_MS = 1500;             // digits typed within this time on one cell make one number
const MIN_CELL = 14;
const MAX_CELL = 44;
const GAP = 0.5;                    // the gap between cells of a layout with marks, in cells
const SIDES = { left: "rows", right: "rows", top: "cols", bottom: "cols" };

export function el(tag, attrs = {}, text = "") {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text) node.textContent = text;
  return node;
}

const copy = (state) => JSON.parse(JSON.stringify(state));
const chars = (keys) => (Array.isArray(keys) ? keys : [...(keys || "")]);

// The state of an empty grid of one size, as every kind's blank puzzle starts.
export function blankState(layout, rows, cols) {
  const inner = (layout.cell && layout.cell.blank_cell) || "";
  const border = (layout.cell && layout.cell.blank_border) || inner;
  const cells = [];
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) cells.push(r === 0 || c === 0 ? border : inner);
  const state = { rows, cols, cells };
  if (layout.marks) state.marks = { h: Array(rows * (cols - 1)).fill(""), v: Array((rows - 1) * cols).fill("") };
  if (layout.edges && layout.edges.length) {
    state.edges = {};
    for (const e of layout.edges) state.edges[e.key] = Array(SIDES[e.side] === "rows" ? rows : cols).fill("");
  }
  if (layout.extras && layout.extras.length) {
    state.extras = {};
    for (const x of layout.extras) state.extras[x.key] = "";
  }
  return state;
}

// The symbols a cell may hold at this size ("" when the layout has none).
function symbolsFor(layout, rows) {
  const s = (layout.cell && layout.cell.symbols) || "";
  return typeof s === "string" ? s : s[String(rows)] || "";
}

// Whether a state fits the layout (its shape and the values a cell, edge or mark may hold).
export function fits(layout, state) {
  if (!state || typeof state !== "object" || !Number.isInteger(state.rows) || !Number.isInteger(state.cols)) return false;
  const { rows, cols } = state;
  const lo = layout.min_size || { rows: 1, cols: 1 };
  const hi = layout.max_size || { rows: 100, cols: 100 };
  if (rows < lo.rows || cols < lo.cols || rows > hi.rows || cols > hi.cols) return false;
  if (layout.square && rows !== cols) return false;
  if (!layout.free_size && !(layout.sizes || []).some((s) => s.rows === rows && s.cols === cols)) return false;
  if (!Array.isArray(state.cells) || state.cells.length !== rows * cols) return false;
  const cell = layout.cell || {};
  const symbols = symbolsFor(layout, rows);
  const states = cell.states || [];
  const okCell = (v) => {
    if (typeof v !== "string") return false;
    if (v === "" || (v.length === 1 && symbols.includes(v))) return true;
    if (cell.numbers && /^(0|[1-9][0-9]*)$/.test(v) && +v >= cell.numbers[0] && +v <= cell.numbers[1]) return true;
    const st = states.find((s) => v.startsWith(s.token));
    if (!st) return false;
    const n = (st.fields || []).length;
    return n ? v.slice(1).split(",").length === n && /^[0-9,]*$/.test(v.slice(1)) : v === st.token;
  };
  if (!state.cells.every(okCell)) return false;
  const strings = (list, n) => Array.isArray(list) && list.length === n && list.every((v) => typeof v === "string");
  for (const e of layout.edges || []) {
    if (!state.edges || !strings(state.edges[e.key], SIDES[e.side] === "rows" ? rows : cols)) return false;
  }
  for (const x of layout.extras || []) if (!state.extras || typeof state.extras[x.key] !== "string") return false;
  if (layout.marks) {
    const m = state.marks;
    const signs = (list, n, allowed) => strings(list, n) && list.every((v) => v === "" || allowed.includes(v));
    if (!m || !signs(m.h, rows * (cols - 1), layout.marks.h || []) || !signs(m.v, (rows - 1) * cols, layout.marks.v || [])) return false;
  }
  return true;
}

// The state with only the parts the layout has (the kinds' canonical shape).
function canonical(layout, state) {
  const out = { rows: state.rows, cols: state.cols, cells: state.cells.slice() };
  if (layout.marks) out.marks = { h: state.marks.h.slice(), v: state.marks.v.slice() };
  if (layout.edges && layout.edges.length) out.edges = copy(state.edges);
  if (layout.extras && layout.extras.length) out.extras = { ...state.extras };
  return out;
}

const noOverlay = () => ({ hl: new Set(), caption: "", values: new Map(), cands: new Map() });

function colourOf(index) {
  return `hsl(${Math.round((index * 137.508) % 360)} 62% ${index % 2 ? 80 : 87}%)`;
}

export function createEditor(host, info, { onChange = () => {}, announce = null } = {}) {
  const layout = info.layout || {};
  const cellInfo = layout.cell || {};
  const states = cellInfo.states || [];
  const editable = cellInfo.editable !== false;
  const paint = !!cellInfo.paint;
  const markSigns = layout.marks ? { h: layout.marks.h || [], v: layout.marks.v || [] } : null;
  const def = layout.default_size || (layout.sizes && layout.sizes[0]) || { rows: 9, cols: 9 };
  let state = blankState(layout, def.rows, def.cols);
  let cursor = { r: 0, c: 0 };
  let solution = null;               // the answer Board shown, or null
  let errors = [];                   // locations marked bad
  let overlay = noOverlay();
  let loaded = copy(state);          // the state as loaded: its filled cells are the puzzle's givens
  let brush = "";
  let typing = { i: -1, at: 0 };
  let tapped = null;                 // the cell the last tap selected (a tap on it again cycles it)
  let stroke = null;                 // a paint drag: {before, changed}
  let pending = null;                // the state when a text field got focus (one undo step per visit)
  const past = [];
  const future = [];
  let nodes = [];                    // cell elements, row by row
  let gaps = { h: [], v: [] };
  let edgeInputs = {};               // edge key → inputs
  let extraInputs = {};
  let fieldInputs = {};

  // -- the frame ---------------------------------------------------------------------------------
  const sizeBar = el("div", { class: "ed-sizes toolbar small" });
  const board = el("div", { class: "board", "data-testid": "board", role: "grid", tabindex: "0",
                            "aria-label": `${info.title} grid` });
  const sides = {};
  for (const side of ["top", "left", "right", "bottom"]) sides[side] = el("div", { class: `ed-edges ${side}` });
  const frame = el("div", { class: "ed-frame" });
  frame.append(sides.top, sides.left, board, sides.right, sides.bottom);
  const scroller = el("div", { class: "ed-scroll" });
  scroller.append(frame);
  const caption = el("p", { class: "ed-caption", "data-testid": "caption", hidden: "" });
  const answerLine = el("p", { class: "ed-answer", "data-testid": "answer", hidden: "" });
  const fieldBox = el("div", { class: "ed-fields toolbar small", role: "group", "aria-label": "Numbers of the selected cell", hidden: "" });
  const keypad = el("div", { class: "keypad", "data-testid": "keypad", role: "group", "aria-label": "Enter a value" });
  const extraBox = el("div", { class: "ed-extras" });
  const helpBox = el("div", { class: "ed-helps" });
  const live = el("p", { class: "sr-only", "data-testid": "board-live", "aria-live": "polite" });
  const parts = { sizeBar, scroller, caption, answerLine, fieldBox, keypad, extraBox, helpBox, live };
  for (const [name, node] of Object.entries(parts)) node.dataset.part = name;
  host.replaceChildren(scroller, caption, answerLine, fieldBox, keypad, extraBox, sizeBar, helpBox, live);

  const at = (r, c) => r * state.cols + c;
  const symbols = () => symbolsFor(layout, state.rows);
  const stateOf = (v) => (v ? states.find((s) => v.startsWith(s.token)) || null : null);
  const boxOf = () => {
    const s = (layout.sizes || []).find((x) => x.rows === state.rows && x.cols === state.cols);
    return (s && s.box) || null;
  };

  // -- history -----------------------------------------------------------------------------------
  function remember(before, was = loaded) {
    past.push({ state: before, loaded: was });
    if (past.length > HISTORY) past.shift();
    future.length = 0;
  }

  // After any edit: answers, marks and overlays belong to the puzzle before it.
  function edited({ rebuild = false } = {}) {
    solution = null;
    errors = [];
    overlay = noOverlay();
    if (rebuild) build();
    else draw();
    onChange();
  }

  // A text field changed: drop what was shown (redrawing only when something was).
  function forget() {
    const shown = solution || errors.length || overlay.hl.size || overlay.values.size || overlay.cands.size;
    solution = null;
    errors = [];
    overlay = noOverlay();
    if (shown) draw();
    else stackHeight();
  }

  function change(mutate, opts) {
    const before = copy(state);
    const was = loaded;
    mutate();
    if (JSON.stringify(before) === JSON.stringify(state) && was === loaded) return false;
    remember(before, was);
    edited(opts);
    return true;
  }

  function setCell(r, c, value) {
    return change(() => { state.cells[at(r, c)] = value; });
  }

  // -- givens and entries ------------------------------------------------------------------------
  // A cell value's number (see the top), or null for an empty cell, a state's token or fields.
  function numberOf(v) {
    if (cellInfo.numbers && /^[0-9]+$/.test(v)) return +v;
    return v.length === 1 && symbols().includes(v) ? parseInt(v, 36) : null;
  }

  // The value a cell holds for the number n: a symbol whose number it is, or n as a number; null if none.
  function textOf(n) {
    const symbol = [...symbols()].find((s) => parseInt(s, 36) === n);
    if (symbol) return symbol;
    return cellInfo.numbers && n >= cellInfo.numbers[0] && n <= cellInfo.numbers[1] ? String(n) : null;
  }

  function isEntry(r, c) {
    if (loaded.rows !== state.rows || loaded.cols !== state.cols || loaded.cells[at(r, c)] !== "") return false;
    return numberOf(state.cells[at(r, c)]) !== null;
  }

  // -- building and drawing ----------------------------------------------------------------------
  function tracks(n) {
    return markSigns && n > 1 ? `repeat(${n - 1}, var(--cell) var(--gap)) var(--cell)` : `repeat(${n}, var(--cell))`;
  }
  const line = (i) => (markSigns ? 2 * i + 1 : i + 1);

  function build() {
    const { rows, cols } = state;
    cursor = { r: Math.min(cursor.r, rows - 1), c: Math.min(cursor.c, cols - 1) };
    frame.style.setProperty("--tpl-cols", tracks(cols));
    frame.style.setProperty("--tpl-rows", tracks(rows));
    board.classList.toggle("spaced", !!markSigns);
    board.classList.toggle("paint", paint);
    board.classList.toggle("readonly", !editable);
    nodes = [];
    const rowEls = [];
    for (let r = 0; r < rows; r++) {
      const row = el("div", { role: "row", class: "ed-row" });
      for (let c = 0; c < cols; c++) {
        const node = el("div", { role: "gridcell", class: "cell", id: `cell-${r}-${c}`, "data-r": r, "data-c": c });
        node.style.gridRow = String(line(r));
        node.style.gridColumn = String(line(c));
        nodes.push(node);
        row.append(node);
      }
      rowEls.push(row);
    }
    gaps = { h: [], v: [] };
    const gapEls = [];
    if (markSigns) {
      for (const dir of ["h", "v"]) {
        if (!markSigns[dir].length) continue;
        const [nr, nc] = dir === "h" ? [rows, cols - 1] : [rows - 1, cols];
        for (let r = 0; r < nr; r++) {
          for (let c = 0; c < nc; c++) {
            const g = el("div", { class: `gap ${dir}`, "data-testid": `mark-${dir}-${r}-${c}`, "aria-hidden": "true",
                                  "data-dir": dir, "data-r": r, "data-c": c });
            g.style.gridRow = String(dir === "h" ? 2 * r + 1 : 2 * r + 2);
            g.style.gridColumn = String(dir === "h" ? 2 * c + 2 : 2 * c + 1);
            gaps[dir].push(g);
            gapEls.push(g);
          }
        }
      }
    }
    board.replaceChildren(...rowEls, ...gapEls);
    buildEdges();
    buildExtras();
    buildKeypad();
    buildSizeBar();
    draw();
    fit();
  }

  function buildEdges() {
    edgeInputs = {};
    helpBox.replaceChildren();
    for (const side of Object.keys(sides)) sides[side].replaceChildren();
    for (const edge of layout.edges || []) {
      const across = SIDES[edge.side] === "rows";
      const stacked = !across && !edge.wide;          // column clues read top to bottom
      const group = el("div", { class: `ed-edge${edge.wide ? " wide" : ""}${edge.tone ? ` tone-${edge.tone}` : ""}`,
                                role: "group", "aria-label": `${edge.label || edge.key}` });
      const n = across ? state.rows : state.cols;
      edgeInputs[edge.key] = [];
      for (let i = 0; i < n; i++) {
        const input = el(stacked ? "textarea" : "input", {
          class: "edge", "data-testid": `edge-${edge.key}-${i}`, autocomplete: "off", spellcheck: "false",
          "aria-label": `${across ? "row" : "column"} ${i + 1}: ${edge.label || edge.key}`,
        });
        if (stacked) input.rows = 1;
        else input.type = "text";
        if (edge.placeholder && (i === 0 || edge.wide)) input.placeholder = stacked ? edge.placeholder.replace(/ /g, "\n") : edge.placeholder;
        if (edge.max_length) input.maxLength = edge.max_length;
        if (edge.suggestions) input.setAttribute("list", `ed-list-${edge.key}`);
        input.style.setProperty(across ? "grid-row" : "grid-column", String(line(i)));
        textField(input, () => (stacked ? input.value.replace(/\n/g, " ") : input.value),
                  (v) => { state.edges[edge.key][i] = v; }, edge.pattern);
        input.addEventListener("keydown", (event) => edgeKey(event, edge, i, stacked));
        if (stacked) input.addEventListener("blur", () => { input.value = state.edges[edge.key][i].replace(/ /g, "\n"); });
        edgeInputs[edge.key].push(input);
        group.append(input);
      }
      sides[edge.side].append(group);
      if (edge.suggestions) {
        const list = el("datalist", { id: `ed-list-${edge.key}` });
        for (const s of edge.suggestions) list.append(el("option", { value: s }));
        group.append(list);
      }
      if (edge.help) {
        const help = el("details", { class: "ed-help" });
        help.append(el("summary", {}, `How to write a ${edge.label || edge.key}`), el("pre", {}, edge.help));
        helpBox.append(help);
      }
    }
    frame.classList.toggle("has-wide", (layout.edges || []).some((e) => e.wide));
  }

  // A text field of the state: one undo step per visit, the pattern as a hint.
  function textField(input, read, write, pattern) {
    let re = null;
    try {
      re = pattern ? new RegExp(pattern) : null;
    } catch (err) {
      re = null;
    }
    input.addEventListener("focus", () => { pending = copy(state); });
    input.addEventListener("input", () => {
      if (pending) {
        remember(pending);
        pending = null;
      }
      write(read());
      input.classList.toggle("off", !!re && !re.test(read()));
      forget();
      onChange();
    });
    input.addEventListener("paste", (event) => {
      const text = event.clipboardData && event.clipboardData.getData("text/plain");
      if (text && !/[\n/:]/.test(text.trim())) event.stopPropagation();    // one value: an ordinary paste
    });
  }

  function edgeKey(event, edge, i, stacked) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const list = edgeInputs[edge.key];
    let next = null;
    if (event.key === "Enter") next = i + (event.shiftKey ? -1 : 1);
    else if (!stacked && event.key === "ArrowDown" && SIDES[edge.side] === "rows") next = i + 1;
    else if (!stacked && event.key === "ArrowUp" && SIDES[edge.side] === "rows") next = i - 1;
    else if (event.key === "Escape") next = -1;
    else return;
    event.preventDefault();
    if (next >= 0 && next < list.length) list[next].focus();
    else board.focus({ preventScroll: true });
  }

  function buildExtras() {
    extraInputs = {};
    extraBox.replaceChildren();
    for (const extra of layout.extras || []) {
      const input = el("input", { type: "text", class: "extra", "data-testid": `extra-${extra.key}`, autocomplete: "off",
                                  spellcheck: "false" });
      if (extra.placeholder) input.placeholder = extra.placeholder;
      if (extra.max_length) input.maxLength = extra.max_length;
      textField(input, () => input.value, (v) => { state.extras[extra.key] = v; }, extra.pattern);
      backOnEnter(input);
      const label = el("label", { class: "ed-extra" }, `${extra.label || extra.key} `);
      label.append(input);
      extraInputs[extra.key] = input;
      extraBox.append(label);
    }
    fieldInputs = {};
    fieldBox.replaceChildren();
    for (const st of states) {
      for (const f of st.fields || []) {
        if (fieldInputs[f.key]) continue;
        const input = el("input", { type: "text", inputmode: "numeric", class: "field-in", "data-testid": `field-${f.key}`,
                                    autocomplete: "off", size: "4" });
        input.addEventListener("focus", () => { pending = copy(state); });
        input.addEventListener("input", () => fieldInput(input));
        backOnEnter(input);
        const label = el("label", { "data-field": f.key }, `${f.label || f.key} `);
        label.append(input);
        fieldInputs[f.key] = input;
        fieldBox.append(label);
      }
    }
  }

  function backOnEnter(input) {
    input.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === "Escape") {
        event.preventDefault();
        board.focus({ preventScroll: true });
      }
    });
  }

  // A number field of the selected cell changed: the cell's value is its token and the fields.
  function fieldInput(input) {
    const digits = input.value.replace(/\D/g, "");
    if (digits !== input.value) input.value = digits;
    const st = stateOf(state.cells[at(cursor.r, cursor.c)]);
    if (!st || !st.fields) return;
    const value = st.token + st.fields.map((f) => (fieldInputs[f.key].value || "")).join(",");
    if (value === state.cells[at(cursor.r, cursor.c)]) return;
    if (pending) {
      remember(pending);
      pending = null;
    }
    state.cells[at(cursor.r, cursor.c)] = value;
    forget();
    drawCell(cursor.r, cursor.c);
    onChange();
  }

  function buildKeypad() {
    keypad.replaceChildren();
    keypad.hidden = !editable;
    if (!editable) return;
    const button = (testid, label, text, run) => {
      const b = el("button", { type: "button", "data-testid": testid, "aria-label": label }, text);
      b.addEventListener("click", () => {
        run(b);
        board.focus({ preventScroll: true });
      });
      keypad.append(b);
      return b;
    };
    const syms = [...symbols()];
    if (paint) {
      const used = new Set(state.cells);
      const shown = syms.length > 26 ? syms.filter((s, i) => i < 26 || used.has(s)) : syms;
      if (!syms.includes(brush)) brush = syms[0] || "";
      for (const s of shown) {
        const b = button(`key-${s}`, `paint ${s}`, s, () => { brush = s; drawKeypad(); });
        b.dataset.symbol = s;
        b.style.backgroundColor = colourOf(syms.indexOf(s));
      }
    } else {
      for (const s of syms) button(`key-${s}`, `enter ${s}`, s, () => setSymbol(s)).dataset.symbol = s;
      if (cellInfo.numbers) for (const d of "0123456789") button(`key-${d}`, `type ${d}`, d, () => typeDigit(d));
    }
    for (const st of states) {
      button(`key-state-${st.key}`, st.label || st.key, st.label || st.key, () => setStateOf(st)).dataset.state = st.key;
    }
    if (!paint) button("key-erase", `erase (${(cellInfo.empty && cellInfo.empty.label) || "empty"})`, "⌫", () => setCell(cursor.r, cursor.c, ""));
    drawKeypad();
  }

  function drawKeypad() {
    for (const b of keypad.querySelectorAll("button[data-symbol]")) {
      if (paint) b.setAttribute("aria-pressed", String(b.dataset.symbol === brush));
    }
  }

  function buildSizeBar() {
    sizeBar.replaceChildren();
    const sizes = layout.sizes || [];
    if (sizes.length) {
      const select = el("select", { "data-testid": "size", "aria-label": "Size" });
      let found = false;
      for (const [i, s] of sizes.entries()) {
        const o = new Option(s.label || `${s.rows}×${s.cols}`, String(i));
        if (s.rows === state.rows && s.cols === state.cols) o.selected = found = true;
        select.append(o);
      }
      if (!found) {
        const o = new Option(`${state.rows}×${state.cols}`, "");
        o.selected = true;
        select.append(o);
      }
      select.addEventListener("change", () => {
        if (select.value !== "") setSizeNow(sizes[+select.value]);
        board.focus({ preventScroll: true });
      });
      const label = el("label", {}, "Size ");
      label.append(select);
      sizeBar.append(label);
    }
    if (layout.free_size) {
      const lo = layout.min_size || { rows: 1, cols: 1 };
      const hi = layout.max_size || { rows: 100, cols: 100 };
      const typed = (key, text) => {
        const input = el("input", { type: "number", "data-testid": `size-${key}`, min: String(lo[key]), max: String(hi[key]) });
        input.value = String(state[key]);
        input.addEventListener("change", () => {
          const n = Math.round(+input.value);
          if (!(n >= lo[key] && n <= hi[key])) {
            input.value = String(state[key]);
            return;
          }
          const next = key === "rows" ? { rows: n, cols: layout.square ? n : state.cols } : { rows: state.rows, cols: n };
          setSizeNow(next);
        });
        const label = el("label", {}, `${text} `);
        label.append(input);
        sizeBar.append(label);
      };
      typed("rows", layout.square ? "Side" : "Rows");
      if (!layout.square) typed("cols", "Columns");
    }
    if (layout.size_note) sizeBar.append(el("span", { class: "note" }, layout.size_note));
    sizeBar.hidden = !sizeBar.childElementCount;
  }

  function describe(r, c) {
    const v = state.cells[at(r, c)];
    const st = stateOf(v);
    let what;
    if (st) {
      what = st.label || st.key;
      const values = v.slice(1).split(",");
      for (const [k, f] of (st.fields || []).entries()) what += `, ${f.label || f.key} ${values[k] || "none"}`;
    } else if (v) {
      what = v;
    } else {
      const b = shownCell(r, c);
      what = b && b.text ? `${b.text} (solved)` : b && b.role === "black" ? "filled (solved)"
        : (cellInfo.empty && cellInfo.empty.label) || "empty";
    }
    if (markSigns && layout.marks.labels) {
      const signs = [];
      if (c < state.cols - 1 && state.marks.h[r * (state.cols - 1) + c]) signs.push(state.marks.h[r * (state.cols - 1) + c]);
      if (r < state.rows - 1 && state.marks.v[at(r, c)]) signs.push(state.marks.v[at(r, c)]);
      for (const s of signs) what += `; ${layout.marks.labels[s] || s}`;
    }
    return `row ${r + 1}, column ${c + 1}: ${what}`;
  }

  function shownCell(r, c) {
    if (!solution) return null;
    return solution.index.get(`${r},${c}`) || null;
  }

  const isBad = (r, c) => errors.some((w) => (w.cells && w.cells.some(([a, b]) => a === r && b === c)) ||
    (w.r === r && w.c === c) || (w.row === r && w.col === undefined) || (w.col === c && w.row === undefined) ||
    (w.r === r && w.c === undefined && w.edge === undefined) || (w.c === c && w.r === undefined && w.edge === undefined));

  function drawCell(r, c) {
    const node = nodes[at(r, c)];
    const v = state.cells[at(r, c)];
    const st = stateOf(v);
    const cls = ["cell"];
    const kids = [];
    let text = "";
    node.dataset.value = v;
    if (st) {
      node.dataset.state = st.key;
      cls.push(`look-${st.look || "plain"}`);
      const values = v.slice(1).split(",");
      for (const [k, f] of (st.fields || []).entries()) {
        kids.push(el("span", { class: `field at-${f.at || "bl"}`, "data-field": f.key }, values[k] || ""));
      }
    } else {
      delete node.dataset.state;
      const b = v && !paint ? null : shownCell(r, c);      // paint: the value is the cell's colour
      if (v && !paint) {
        text = v;
        cls.push("given");
        if (isEntry(r, c)) cls.push("entry");
      } else if (b && (b.text || b.role === "black")) {
        text = b.text || "";
        cls.push("solved");
        if (b.role === "black") cls.push("black");
      } else {
        cls.push(v ? "given" : "empty");
      }
    }
    const box = boxOf();
    if (box && r > 0 && r % box[0] === 0) cls.push("bt");
    if (box && c > 0 && c % box[1] === 0) cls.push("bl");
    if (paint) {
      if (c + 1 < state.cols && state.cells[at(r, c + 1)] !== v) cls.push("rb");
      if (r + 1 < state.rows && state.cells[at(r + 1, c)] !== v) cls.push("bb");
      node.style.backgroundColor = (shownCell(r, c) && shownCell(r, c).role === "black") || !v ? ""
        : colourOf(symbols().indexOf(v));
    }
    const key = `${r},${c}`;
    if (overlay.hl.has(key)) cls.push("hl");
    if (isBad(r, c)) cls.push("bad");
    const selected = r === cursor.r && c === cursor.c;
    if (selected) cls.push("sel");
    if (overlay.values.has(key)) {
      cls.push("ov");
      if (v || !shownCell(r, c)) kids.push(el("span", { class: "ov-value" }, overlay.values.get(key)));
    }
    node.className = cls.join(" ");
    node.setAttribute("aria-selected", String(selected));
    if (overlay.cands.has(key)) {
      const box2 = el("span", { class: "cands" });
      for (const s of overlay.cands.get(key)) box2.append(el("span", {}, s));
      kids.push(box2);
    }
    node.replaceChildren(...(text ? [document.createTextNode(text)] : []), ...kids);
    node.setAttribute("aria-label", describe(r, c));
  }

  function draw() {
    for (let r = 0; r < state.rows; r++) for (let c = 0; c < state.cols; c++) drawCell(r, c);
    for (const dir of ["h", "v"]) {
      for (const [k, g] of gaps[dir].entries()) {
        g.textContent = state.marks[dir][k];
        const r = +g.dataset.r;
        const c = +g.dataset.c;
        g.classList.toggle("bad", errors.some((w) => w.mark === dir && w.r === r && w.c === c));
        g.classList.toggle("set", !!state.marks[dir][k]);
      }
    }
    for (const [key, inputs] of Object.entries(edgeInputs)) {
      for (const [i, input] of inputs.entries()) {
        const v = state.edges[key][i];
        if (document.activeElement !== input) input.value = input.tagName === "TEXTAREA" ? v.replace(/ /g, "\n") : v;
        const bad = errors.some((w) => w.edge === key && w.index === i);
        input.classList.toggle("bad", bad);
        input.setAttribute("aria-invalid", String(bad));
      }
    }
    drawEdgeCursor();
    stackHeight();
    for (const [key, input] of Object.entries(extraInputs)) {
      if (document.activeElement !== input) input.value = state.extras[key];
      const bad = errors.some((w) => w.extra === key);
      input.classList.toggle("bad", bad);
      input.setAttribute("aria-invalid", String(bad));
    }
    caption.textContent = overlay.caption;
    caption.hidden = !overlay.caption;
    const answer = solution && solution.answer !== undefined && solution.answer !== null ? String(solution.answer) : "";
    answerLine.textContent = answer ? `answer: ${answer}` : "";
    answerLine.hidden = !answer;
    drawFields();
  }

  // The edge fields of the selected cell's row and column.
  function drawEdgeCursor() {
    for (const edge of layout.edges || []) {
      const mine = SIDES[edge.side] === "rows" ? cursor.r : cursor.c;
      for (const [i, input] of edgeInputs[edge.key].entries()) input.classList.toggle("cur", i === mine);
    }
  }

  // Column clues are as tall as the longest one; row clues as wide as the longest.
  function stackHeight() {
    for (const edge of layout.edges || []) {
      const values = state.edges[edge.key];
      const group = edgeInputs[edge.key][0] && edgeInputs[edge.key][0].parentElement;
      if (!group) continue;
      if (SIDES[edge.side] === "cols" && !edge.wide) {
        const most = Math.max(1, ...values.map((v) => v.trim().split(/\s+/).filter(Boolean).length));
        group.style.setProperty("--lines", String(Math.min(most + 1, 40)));
      } else if (!edge.wide) {
        const widest = Math.max(3, ...values.map((v) => v.length + 1), (edge.placeholder || "").length + 1);
        group.style.setProperty("--chars", String(Math.min(widest, 24)));
      }
    }
  }

  function drawFields() {
    const v = state.cells[at(cursor.r, cursor.c)];
    const st = stateOf(v);
    const fields = (st && st.fields) || [];
    fieldBox.hidden = !fields.length;
    const values = st ? v.slice(1).split(",") : [];
    for (const [key, input] of Object.entries(fieldInputs)) {
      const k = fields.findIndex((f) => f.key === key);
      input.closest("label").hidden = k < 0;
      if (k >= 0 && document.activeElement !== input) input.value = values[k] || "";
      if (k >= 0) input.setAttribute("aria-label", `${fields[k].label || key} of row ${cursor.r + 1}, column ${cursor.c + 1}`);
    }
    fieldBox.dataset.for = `r${cursor.r + 1}c${cursor.c + 1}`;
  }

  // The cell size that fits the pane's width (and most of the window's height).
  function fit() {
    const page = document.documentElement.clientWidth;
    const narrow = page < 640;
    const width = page - 2 * Math.max(0, scroller.getBoundingClientRect().left) - 8 - (page >= 1000 ? 360 : 0);
    let fixed = 4;
    let wide = 0;
    for (const side of ["left", "right"]) {
      for (const group of sides[side].children) {
        if (group.classList.contains("wide")) wide += 1;
        else fixed += group.offsetWidth + 2;
      }
    }
    const cols = state.cols + (markSigns ? (state.cols - 1) * GAP : 0);
    const rows = state.rows + (markSigns ? (state.rows - 1) * GAP : 0);
    const across = (width - fixed - wide * 150) / cols;
    const tall = (window.innerHeight - (narrow ? 330 : 170) - sides.top.offsetHeight - sides.bottom.offsetHeight) / rows;
    const cell = Math.floor(Math.max(MIN_CELL, Math.min(MAX_CELL, across, Math.max(tall, narrow ? 18 : 24))));
    frame.style.setProperty("--cell", `${cell}px`);
    frame.style.setProperty("--gap", `${Math.round(cell * GAP)}px`);
  }

  // -- editing -----------------------------------------------------------------------------------
  function move(r, c) {
    const before = cursor;
    tapped = null;
    cursor = { r: (r + state.rows) % state.rows, c: (c + state.cols) % state.cols };
    if (before.r !== cursor.r || before.c !== cursor.c) typing = { i: -1, at: 0 };
    drawCell(before.r, before.c);
    drawCell(cursor.r, cursor.c);
    drawEdgeCursor();
    drawFields();
    say(describe(cursor.r, cursor.c));
  }

  function say(text) {
    live.textContent = text;
    if (announce) announce(text);
  }

  function setSymbol(s) {
    if (!editable) return;
    if (paint) {
      brush = s;
      drawKeypad();
      paintCell(cursor.r, cursor.c);
      return;
    }
    setCell(cursor.r, cursor.c, s);
    say(describe(cursor.r, cursor.c));
  }

  function typeDigit(d) {
    const [lo, hi] = cellInfo.numbers;
    const i = at(cursor.r, cursor.c);
    const now = performance.now();
    const cur = state.cells[i];
    let next = d;
    if (typing.i === i && now - typing.at < TYPING_MS && /^\d+$/.test(cur) && +(cur + d) <= hi) next = String(+(cur + d));
    typing = { i, at: now };
    if (+next < lo || +next > hi) {
      if (next === "0") setCell(cursor.r, cursor.c, "");
      return;
    }
    setCell(cursor.r, cursor.c, next);
    say(describe(cursor.r, cursor.c));
  }

  function setStateOf(st) {
    const v = state.cells[at(cursor.r, cursor.c)];
    if (stateOf(v) === st) return;
    setCell(cursor.r, cursor.c, st.fields && st.fields.length ? st.token + st.fields.map(() => "").join(",") : st.token);
    say(describe(cursor.r, cursor.c));
  }

  function toggleMark(dir, r, c, sign) {
    if (!markSigns || !markSigns[dir].length) return false;
    const [nr, nc] = dir === "h" ? [state.rows, state.cols - 1] : [state.rows - 1, state.cols];
    if (r < 0 || c < 0 || r >= nr || c >= nc) return false;
    const k = r * nc + c;
    return change(() => { state.marks[dir][k] = state.marks[dir][k] === sign ? "" : sign; });
  }

  function cycleMark(dir, r, c) {
    const nc = dir === "h" ? state.cols - 1 : state.cols;
    const order = ["", ...markSigns[dir]];
    const now = state.marks[dir][r * nc + c];
    const next = order[(order.indexOf(now) + 1) % order.length];
    change(() => { state.marks[dir][r * nc + c] = next; });
  }

  // What a tap on the selected cell cycles through (0/1 kinds, cell states), or [].
  function tapCycle() {
    const syms = symbols();
    const order = ["", ...(syms.length <= 2 ? [...syms] : []),
                   ...states.map((st) => (st.fields && st.fields.length ? st.token + st.fields.map(() => "").join(",") : st.token))];
    return order.length > 1 ? order : [];
  }

  function paintCell(r, c) {
    if (!brush || state.cells[at(r, c)] === brush) return false;
    if (stroke) {
      state.cells[at(r, c)] = brush;
      stroke.changed = true;
      solution = null;
      draw();
      return true;
    }
    return setCell(r, c, brush);
  }

  function focusEdge(sideKind, index) {
    const edge = (layout.edges || []).find((e) => SIDES[e.side] === sideKind);
    if (!edge) return false;
    edgeInputs[edge.key][index].focus();
    return true;
  }

  function keyOf(list, key) {
    return list.includes(key) ? key : list.includes(key.toUpperCase()) ? key.toUpperCase()
      : list.includes(key.toLowerCase()) ? key.toLowerCase() : null;
  }

  board.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const key = event.key;
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const v = state.cells[at(cursor.r, cursor.c)];
    const st = stateOf(v);
    if (moves[key]) {
      move(cursor.r + moves[key][0], cursor.c + moves[key][1]);
      if (paint && event.shiftKey) paintCell(cursor.r, cursor.c);
    } else if (key === "Home") {
      move(cursor.r, 0);
    } else if (key === "End") {
      move(cursor.r, state.cols - 1);
    } else if (key === "Enter") {
      if (st && st.fields && st.fields.length) fieldInputs[st.fields[0].key].focus();
      else if (!focusEdge(event.shiftKey ? "cols" : "rows", event.shiftKey ? cursor.c : cursor.r)) {
        if (paint) paintCell(cursor.r, cursor.c);
        else return;
      }
    } else if (!editable || key.length !== 1 && !["Backspace", "Delete"].includes(key)) {
      return;
    } else if (states.some((s) => chars(s.keys).includes(key))) {
      setStateOf(states.find((s) => chars(s.keys).includes(key)));
    } else if (keyOf([...symbols()], key)) {
      setSymbol(keyOf([...symbols()], key));
    } else if (cellInfo.numbers && /^[0-9]$/.test(key)) {
      typeDigit(key);
    } else if (st && st.fields && st.fields.length && /^[0-9]$/.test(key)) {
      const input = fieldInputs[st.fields[0].key];
      input.focus();
      input.value = key;
      fieldInput(input);
    } else if (markSigns && markSigns.h.includes(key) && cursor.c < state.cols - 1) {
      toggleMark("h", cursor.r, cursor.c, key);
    } else if (markSigns && markSigns.v.includes(key)) {
      toggleMark("v", cursor.r, cursor.c, key);
    } else if (paint && key === " ") {
      paintCell(cursor.r, cursor.c);
    } else if (["Backspace", "Delete", " ", "."].includes(key) && !paint) {
      if (key === "Backspace" && !v && cursor.c > 0) move(cursor.r, cursor.c - 1);
      setCell(cursor.r, cursor.c, "");
      say(describe(cursor.r, cursor.c));
    } else {
      return;
    }
    event.preventDefault();
  });

  function cellAt(x, y) {
    const target = document.elementFromPoint(x, y);
    const node = target && target.closest && target.closest(".cell");
    return node && board.contains(node) ? { r: +node.dataset.r, c: +node.dataset.c } : null;
  }

  board.addEventListener("pointerdown", (event) => {
    if (event.button > 0) return;
    const gap = event.target.closest(".gap");
    const node = event.target.closest(".cell");
    event.preventDefault();
    board.focus({ preventScroll: true });
    if (gap && editable) {
      cycleMark(gap.dataset.dir, +gap.dataset.r, +gap.dataset.c);
      return;
    }
    if (!node) return;
    const r = +node.dataset.r;
    const c = +node.dataset.c;
    const again = !!tapped && tapped.r === r && tapped.c === c;     // a second tap, not just the cursor
    move(r, c);
    tapped = { r, c };
    if (!editable) return;
    if (paint) {
      if (board.setPointerCapture) board.setPointerCapture(event.pointerId);
      stroke = { before: copy(state), changed: false };
      paintCell(r, c);
      return;
    }
    const order = tapCycle();
    if (again && order.length) {
      const v = state.cells[at(r, c)];
      const now = order.findIndex((o) => o === v || (o && stateOf(o) && stateOf(o) === stateOf(v)));
      setCell(r, c, order[(now + 1) % order.length]);
      say(describe(r, c));
    }
  });

  board.addEventListener("pointermove", (event) => {
    if (!stroke) return;
    const hit = cellAt(event.clientX, event.clientY);
    if (!hit || (hit.r === cursor.r && hit.c === cursor.c)) return;
    move(hit.r, hit.c);
    paintCell(hit.r, hit.c);
  });

  function endStroke() {
    if (!stroke) return;
    const done = stroke;
    stroke = null;
    if (done.changed) {
      remember(done.before);
      edited();
    }
  }
  window.addEventListener("pointerup", endStroke);
  window.addEventListener("pointercancel", endStroke);
  keypad.addEventListener("pointerdown", (event) => event.preventDefault());    // the board keeps the focus
  window.addEventListener("resize", fit);

  // -- sizes -------------------------------------------------------------------------------------
  // A new size: free layouts keep what still fits, the others start blank.
  function resized(rows, cols) {
    const next = blankState(layout, rows, cols);
    if (!layout.free_size) return next;
    const syms = symbolsFor(layout, rows);
    const keep = (v) => !(v.length === 1 && symbolsFor(layout, state.rows).includes(v) && !syms.includes(v));
    for (let r = 0; r < Math.min(rows, state.rows); r++) {
      for (let c = 0; c < Math.min(cols, state.cols); c++) {
        const v = state.cells[at(r, c)];
        if (keep(v)) next.cells[r * cols + c] = v;
        if (markSigns && c < cols - 1 && c < state.cols - 1) next.marks.h[r * (cols - 1) + c] = state.marks.h[r * (state.cols - 1) + c];
        if (markSigns && r < rows - 1 && r < state.rows - 1) next.marks.v[r * cols + c] = state.marks.v[at(r, c)];
      }
    }
    for (const e of layout.edges || []) {
      const list = next.edges[e.key];
      for (let i = 0; i < list.length; i++) list[i] = state.edges[e.key][i] || "";
    }
    if (layout.extras && layout.extras.length) next.extras = { ...state.extras };
    return next;
  }

  function setSizeNow({ rows, cols }) {
    if (layout.square) cols = rows;
    if (rows === state.rows && cols === state.cols) return;
    const next = resized(rows, cols);
    change(() => { state = next; }, { rebuild: true });
  }

  // -- the API -----------------------------------------------------------------------------------
  const api = {
    getState: () => canonical(layout, state),
    // A load: the state, and the state it counts as loaded with (default: itself, all givens).
    setState(next, givens = null) {
      if (!next || typeof next !== "object") return false;
      const full = { ...blankState(layout, next.rows, next.cols), ...copy(next) };
      if (!fits(layout, full)) return false;
      const before = copy(state);
      const was = loaded;
      state = canonical(layout, full);
      const base = givens && typeof givens === "object" && givens.rows === state.rows && givens.cols === state.cols
        ? { ...blankState(layout, givens.rows, givens.cols), ...copy(givens) } : null;
      loaded = base && fits(layout, base) ? canonical(layout, base) : copy(state);
      if (JSON.stringify(before) !== JSON.stringify(state) || JSON.stringify(was) !== JSON.stringify(loaded)) {
        remember(before, was);
      }
      solution = null;
      errors = [];
      overlay = noOverlay();
      build();
      return true;
    },
    // Whether a state is the one shown (as setState would read it).
    sameAs(other) {
      if (!other || typeof other !== "object") return false;
      const full = { ...blankState(layout, other.rows, other.cols), ...copy(other) };
      return fits(layout, full) && JSON.stringify(canonical(layout, full)) === JSON.stringify(canonical(layout, state));
    },
    blank: (rows = state.rows, cols = state.cols) => blankState(layout, rows, cols),
    size: () => ({ rows: state.rows, cols: state.cols }),
    setSize: (size) => setSizeNow(size),
    showBoard(b) {
      solution = b && b.rows === state.rows && b.cols === state.cols ? b : null;
      if (solution) solution.index = new Map(b.cells.map((x) => [`${x.r},${x.c}`, x]));
      draw();
    },
    // Mark error locations (one or a list); true when any of them is on this editor.
    mark(where) {
      const list = (Array.isArray(where) ? where : [where]).filter((w) => w && typeof w === "object");
      errors = list;
      draw();
      return list.some((w) => w.r !== undefined || w.c !== undefined || w.row !== undefined || w.col !== undefined ||
        (w.cells && w.cells.length) || (w.edge && edgeInputs[w.edge] && edgeInputs[w.edge][w.index]) ||
        (w.mark && markSigns) || (w.extra && extraInputs[w.extra]));
    },
    clearMarks() {
      errors = [];
      draw();
    },
    point(r, c) {
      if (r < 0 || c < 0 || r >= state.rows || c >= state.cols) return;
      move(r, c);
      board.focus({ preventScroll: true });
      nodes[at(r, c)].scrollIntoView({ block: "nearest", inline: "nearest" });
    },
    // Overlays for hints and explanations: drawn over the puzzle, gone at the next edit.
    highlight(cells, text = "") {
      overlay.hl = new Set((cells || []).map((x) => (Array.isArray(x) ? `${x[0]},${x[1]}` : `${x.r},${x.c}`)));
      overlay.caption = text;
      draw();
    },
    values(map) {
      overlay.values = entries(map);
      draw();
    },
    candidates(map) {
      overlay.cands = entries(map);
      draw();
    },
    clearOverlays() {
      overlay = noOverlay();
      draw();
    },
    // Givens and entries (see the top).
    loadedState: () => copy(loaded),
    givenState() {
      const out = canonical(layout, state);
      for (let r = 0; r < state.rows; r++) for (let c = 0; c < state.cols; c++) if (isEntry(r, c)) out.cells[at(r, c)] = "";
      return out;
    },
    entries() {
      const out = [];
      for (let r = 0; r < state.rows; r++) {
        for (let c = 0; c < state.cols; c++) if (isEntry(r, c)) out.push([r, c, numberOf(state.cells[at(r, c)])]);
      }
      return out;
    },
    valueText: (n) => textOf(n),
    // Whether (r, c) is empty in the puzzle: neither given nor entered.
    isOpen: (r, c) => r >= 0 && c >= 0 && r < state.rows && c < state.cols && state.cells[at(r, c)] === "",
    enter(r, c, n) {
      const v = textOf(n);
      if (!editable || paint || v === null || !api.isOpen(r, c)) return false;
      move(r, c);
      return setCell(r, c, v);
    },
    keepAsGivens() {
      if (JSON.stringify(loaded) === JSON.stringify(state)) return false;
      return change(() => { loaded = canonical(layout, state); });
    },
    undo() {
      if (!past.length) return;
      future.push({ state: copy(state), loaded });
      ({ state, loaded } = past.pop());
      edited({ rebuild: true });
    },
    redo() {
      if (!future.length) return;
      past.push({ state: copy(state), loaded });
      ({ state, loaded } = future.pop());
      edited({ rebuild: true });
    },
    clear() {
      change(() => {
        state = blankState(layout, state.rows, state.cols);
        loaded = copy(state);
      }, { rebuild: true });
    },
    focus() {
      board.focus({ preventScroll: true });
    },
    destroy() {
      window.removeEventListener("pointerup", endStroke);
      window.removeEventListener("pointercancel", endStroke);
      window.removeEventListener("resize", fit);
      host.replaceChildren();
    },
  };

  build();
  return api;
}

// {"r,c": x} / Map / [{r, c, text|symbols}] → Map "r,c" → x.
function entries(map) {
  if (!map) return new Map();
  if (map instanceof Map) return new Map(map);
  if (Array.isArray(map)) return new Map(map.map((x) => [`${x.r},${x.c}`, x.text !== undefined ? x.text : x.symbols]));
  return new Map(Object.entries(map));
}
