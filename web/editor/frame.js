// The editor's DOM: the parts made once (makeFrame), and what is built again for each size (build):
// the board's cells and mark gaps, the edge fields, the extra and cell fields, the keypad and the
// size bar. The cell size follows the pane (fit).
import { SIDES, colourOf, digitsIn, el } from "./schema.js";

const MIN_CELL = 14;
const MAX_CELL = 44;
const GAP = 0.5;                    // the gap between cells of a layout with marks, in cells

// The editor's DOM (the context's `dom`): the parts made once into `host`, and the places for what
// build() makes for each size.
export function makeFrame(host, info) {
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
  const partBox = el("div", { class: "ed-parts", "data-testid": "parts", hidden: "" });      // partedit.js
  const parts = { sizeBar, scroller, partBox, caption, answerLine, fieldBox, keypad, extraBox, helpBox, live };
  for (const [name, node] of Object.entries(parts)) node.dataset.part = name;
  host.replaceChildren(scroller, partBox, caption, answerLine, fieldBox, keypad, extraBox, sizeBar, helpBox, live);
  return Object.seal({
    ...parts, board, sides, frame,
    // built for each size (build)
    nodes: [],                       // cell elements, row by row
    gaps: { h: [], v: [] },          // mark elements
    edgeInputs: {},                  // edge key → inputs
    extraInputs: {},                 // extra key → input
    fieldInputs: {},                 // field key → input (the selected cell's fields)
  });
}

export function framer(ed) {
  const { layout, cellInfo, states, editable, paint, markSigns } = ed;
  const { board, sides, frame, scroller, fieldBox, keypad, extraBox, helpBox, sizeBar } = ed.dom;

  function tracks(n) {
    return markSigns && n > 1 ? `repeat(${n - 1}, var(--cell) var(--gap)) var(--cell)` : `repeat(${n}, var(--cell))`;
  }
  const line = (i) => (markSigns ? 2 * i + 1 : i + 1);

  function build() {
    const { rows, cols } = ed.state;
    ed.cursor = { r: Math.min(ed.cursor.r, rows - 1), c: Math.min(ed.cursor.c, cols - 1) };
    frame.style.setProperty("--tpl-cols", tracks(cols));
    frame.style.setProperty("--tpl-rows", tracks(rows));
    board.classList.toggle("spaced", !!markSigns);
    board.classList.toggle("paint", paint);
    board.classList.toggle("readonly", ed.mode === "play" ? !ed.layout.play : !editable);
    board.classList.toggle("playing", ed.mode === "play");
    board.dataset.mode = ed.mode;
    const nodes = [];
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
    ed.dom.nodes = nodes;
    const gaps = { h: [], v: [] };
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
    ed.dom.gaps = gaps;
    board.replaceChildren(...rowEls, ...gapEls);
    ed.partEdit.buildParts();                                     // the parts' tools (partedit.js)
    buildEdges();
    buildExtras();
    buildKeypad();
    buildSizeBar();
    const locked = ed.mode === "play";                       // the puzzle is not changed while it is played
    for (const input of [...Object.values(ed.dom.edgeInputs).flat(), ...Object.values(ed.dom.extraInputs),
                         ...Object.values(ed.dom.fieldInputs)]) input.readOnly = locked;
    sizeBar.hidden = locked || !sizeBar.childElementCount;
    ed.view.draw();
    fit();
  }

  function buildEdges() {
    ed.dom.edgeInputs = {};
    helpBox.replaceChildren();
    for (const side of Object.keys(sides)) sides[side].replaceChildren();
    for (const edge of layout.edges || []) {
      const across = SIDES[edge.side] === "rows";
      const stacked = !across && !edge.wide;          // column clues read top to bottom
      const group = el("div", { class: `ed-edge${edge.wide ? " wide" : ""}${edge.tone ? ` tone-${edge.tone}` : ""}`,
                                role: "group", "aria-label": `${edge.label || edge.key}` });
      const n = across ? ed.state.rows : ed.state.cols;
      const inputs = ed.dom.edgeInputs[edge.key] = [];
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
                  (v) => { ed.state.edges[edge.key][i] = v; }, edge.pattern);
        input.addEventListener("keydown", (event) => edgeKey(event, edge, i, stacked));
        if (stacked) input.addEventListener("blur", () => { input.value = ed.state.edges[edge.key][i].replace(/ /g, "\n"); });
        inputs.push(input);
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
    input.addEventListener("focus", () => { ed.pending = ed.history.snapshot(); });
    input.addEventListener("input", () => {
      if (ed.pending) {
        ed.history.remember(ed.pending);
        ed.pending = null;
      }
      write(read());
      input.classList.toggle("off", !!re && !re.test(read()));
      ed.history.forget();
      ed.onChange();
    });
    input.addEventListener("paste", (event) => {
      const text = event.clipboardData && event.clipboardData.getData("text/plain");
      if (text && !/[\n/:]/.test(text.trim())) event.stopPropagation();    // one value: an ordinary paste
    });
  }

  function edgeKey(event, edge, i, stacked) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const list = ed.dom.edgeInputs[edge.key];
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

  // The extra fields, and the number fields of cells in a state with fields.
  function buildExtras() {
    ed.dom.extraInputs = {};
    extraBox.replaceChildren();
    for (const extra of layout.extras || []) {
      const input = extra.lines
        ? el("textarea", { class: "extra", rows: String(extra.lines), "data-testid": `extra-${extra.key}`, spellcheck: "false" })
        : el("input", { type: "text", class: "extra", "data-testid": `extra-${extra.key}`, autocomplete: "off",
                        spellcheck: "false" });
      if (extra.placeholder) input.placeholder = extra.placeholder;
      if (extra.max_length) input.maxLength = extra.max_length;
      textField(input, () => input.value, (v) => { ed.state.extras[extra.key] = v; }, extra.pattern);
      if (!extra.lines) backOnEnter(input);
      const label = el("label", { class: "ed-extra" }, `${extra.label || extra.key} `);
      label.append(input);
      ed.dom.extraInputs[extra.key] = input;
      extraBox.append(label);
    }
    ed.dom.fieldInputs = {};
    fieldBox.replaceChildren();
    for (const st of states) {
      for (const f of st.fields || []) {
        if (ed.dom.fieldInputs[f.key]) continue;
        const input = el("input", { type: "text", inputmode: "numeric", class: "field-in", "data-testid": `field-${f.key}`,
                                    autocomplete: "off", size: "4" });
        input.addEventListener("focus", () => { ed.pending = ed.history.snapshot(); });
        input.addEventListener("input", () => ed.input.fieldInput(input));
        backOnEnter(input);
        const label = el("label", { "data-field": f.key }, `${f.label || f.key} `);
        label.append(input);
        ed.dom.fieldInputs[f.key] = input;
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

  function buildKeypad() {
    keypad.replaceChildren();
    const playing = ed.mode === "play";
    const corners = !playing && !editable && ed.vertices.has;     // numbers at corners typed on the keypad
    keypad.hidden = playing ? !ed.layout.play : !editable && !corners;
    keypad.dataset.mode = ed.mode;
    if (keypad.hidden) return;
    const button = (testid, label, text, run) => {
      const b = el("button", { type: "button", "data-testid": testid, "aria-label": label }, text);
      b.addEventListener("click", () => {
        run(b);
        board.focus({ preventScroll: true });
      });
      keypad.append(b);
      return b;
    };
    if (playing) {
      ed.player.buildPlayKeypad(button);
      return;
    }
    if (corners) {
      for (const d of "0123456789?") button(`key-${d}`, `corner number ${d}`, d, () => ed.vertices.type(d));
      button("key-erase", "erase the corner's number", "⌫", () => ed.vertices.type(null));
      return;
    }
    const syms = [...ed.symbols()];
    if (paint) {
      const used = new Set(ed.state.cells);
      const shown = syms.length > 26 ? syms.filter((s, i) => i < 26 || used.has(s)) : syms;
      if (!syms.includes(ed.brush)) ed.brush = syms[0] || "";
      for (const s of shown) {
        const b = button(`key-${s}`, `paint ${s}`, s, () => { ed.brush = s; drawKeypad(); });
        b.dataset.symbol = s;
        b.style.backgroundColor = colourOf(syms.indexOf(s));
      }
    } else {
      for (const s of syms) button(`key-${s}`, `enter ${s}`, s, () => ed.input.setSymbol(s)).dataset.symbol = s;
      const digits = cellInfo.word ? digitsIn(cellInfo.numbers) : [..."0123456789"];        // a word's: its own digits
      if (cellInfo.numbers) for (const d of digits) button(`key-${d}`, `type ${d}`, d, () => ed.input.typeDigit(d));
    }
    for (const st of states) {
      button(`key-state-${st.key}`, st.label || st.key, st.label || st.key, () => ed.input.setStateOf(st)).dataset.state = st.key;
    }
    if (!paint) {
      button("key-erase", `erase (${(cellInfo.empty && cellInfo.empty.label) || "empty"})`, "⌫",
             () => ed.history.setCell(ed.cursor.r, ed.cursor.c, ""));
    }
    drawKeypad();
  }

  function drawKeypad() {
    for (const b of keypad.querySelectorAll("button[data-symbol]")) {
      if (paint) b.setAttribute("aria-pressed", String(b.dataset.symbol === ed.brush));
    }
  }

  function buildSizeBar() {
    sizeBar.replaceChildren();
    const { state } = ed;
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
        if (select.value !== "") ed.history.setSize(sizes[+select.value]);
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
        input.value = String(ed.state[key]);
        input.addEventListener("change", () => {
          const n = Math.round(+input.value);
          if (!(n >= lo[key] && n <= hi[key])) {
            input.value = String(ed.state[key]);
            return;
          }
          const next = key === "rows" ? { rows: n, cols: layout.square ? n : ed.state.cols } : { rows: ed.state.rows, cols: n };
          ed.history.setSize(next);
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
    const { margins } = ed;                              // outside clues' margins, in cells (parts.js)
    const cols = ed.state.cols + (markSigns ? (ed.state.cols - 1) * GAP : 0) + margins.left + margins.right;
    const rows = ed.state.rows + (markSigns ? (ed.state.rows - 1) * GAP : 0) + margins.top + margins.bottom;
    const across = (width - fixed - wide * 150) / cols;
    const tall = (window.innerHeight - (narrow ? 400 : 170) - sides.top.offsetHeight - sides.bottom.offsetHeight) / rows;
    const cell = Math.floor(Math.max(MIN_CELL, Math.min(MAX_CELL, across, Math.max(tall, narrow ? 18 : 24))));
    frame.style.setProperty("--cell", `${cell}px`);
    frame.style.setProperty("--gap", `${Math.round(cell * GAP)}px`);
  }

  return { build, fit, buildKeypad, drawKeypad };
}
