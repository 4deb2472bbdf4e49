// Input: the cursor, the keys on the board (one dispatch, boardKey), taps and paint drags, the
// keypad's actions and the number fields of the selected cell. Every edit goes through history.js.
import { SIDES, chars, stateValue } from "./schema.js";

const TYPING_MS = 1500;             // digits typed within this time on one cell make one number
const MOVES = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

export function installInput(ed) {
  const { layout, cellInfo, states, editable, paint, markSigns } = ed;
  const { board, keypad } = ed.dom;
  const here = () => ed.state.cells[ed.at(ed.cursor.r, ed.cursor.c)];

  function move(r, c, { keep = false } = {}) {
    const before = ed.cursor;
    ed.tapped = null;
    if (!keep && ed.selection.size) clearSelection();
    const cursor = ed.cursor = { r: (r + ed.state.rows) % ed.state.rows, c: (c + ed.state.cols) % ed.state.cols };
    if (before.r !== cursor.r || before.c !== cursor.c) ed.typing = { i: -1, at: 0 };
    const same = ed.view.sameValue();
    if (same !== ed.same) {
      ed.same = same;
      ed.view.draw();
    } else {
      ed.view.drawCell(before.r, before.c);
      ed.view.drawCell(cursor.r, cursor.c);
    }
    ed.view.drawEdgeCursor();
    ed.view.drawFields();
    ed.partEdit.drawParts();
    say(ed.view.describe(cursor.r, cursor.c));
  }

  // Several cells selected (play mode): the cursor's cell and `ed.selection` (SudokuPad's selection).
  function clearSelection() {
    const was = [...ed.selection];
    ed.selection.clear();
    for (const k of was) {
      const [r, c] = k.split(",").map(Number);
      if (r < ed.state.rows && c < ed.state.cols) ed.view.drawCell(r, c);
    }
  }

  function select(r, c, { toggle = false } = {}) {
    const k = `${r},${c}`;
    if (!ed.selection.size) ed.selection.add(`${ed.cursor.r},${ed.cursor.c}`);
    if (toggle && ed.selection.has(k) && ed.selection.size > 1) {        // Ctrl-click on a selected cell: out
      ed.selection.delete(k);
      const [nr, nc] = [...ed.selection].pop().split(",").map(Number);
      if (ed.selection.size === 1) ed.selection.clear();
      move(nr, nc, { keep: true });                                       // the cursor goes to a cell still selected
      ed.view.drawCell(r, c);
      return;
    }
    ed.selection.add(k);
    move(r, c, { keep: true });
  }

  function say(text) {
    ed.dom.live.textContent = text;
    if (ed.announce) ed.announce(text);
  }

  // The selected cell changed: set it, and say what it holds now.
  function setHere(value) {
    ed.history.setCell(ed.cursor.r, ed.cursor.c, value);
    say(ed.view.describe(ed.cursor.r, ed.cursor.c));
  }

  function setSymbol(s) {
    if (!editable) return;
    if (paint) {
      ed.brush = s;
      ed.frame.drawKeypad();
      paintCell(ed.cursor.r, ed.cursor.c);
      return;
    }
    setHere(s);
  }

  function typeDigit(d) {
    const [lo, hi] = cellInfo.numbers;
    if (cellInfo.word && +d >= lo && +d <= hi) {
      typeWord(d);
      return;
    }
    const { cursor } = ed;
    const i = ed.at(cursor.r, cursor.c);
    const now = performance.now();
    const cur = ed.state.cells[i];
    let next = d;
    if (ed.typing.i === i && now - ed.typing.at < TYPING_MS && /^\d+$/.test(cur) && +(cur + d) <= hi) next = String(+(cur + d));
    ed.typing = { i, at: now };
    if (+next < lo || +next > hi) {
      if (next === "0") ed.history.setCell(cursor.r, cursor.c, "");
      return;
    }
    setHere(next);
  }

  function setStateOf(st) {
    if (cellInfo.word && !(st.fields && st.fields.length)) {
      typeWord(st.token);
      return;
    }
    if (ed.stateOf(here()) === st) return;
    setHere(stateValue(st));
  }

  // A character of a word cell (layout cell.word: tapa's `31?`): after the word typed into the selected
  // cell just before (within TYPING_MS) while it is shorter than the word's most; else a word of its own.
  function typeWord(ch) {
    const i = ed.at(ed.cursor.r, ed.cursor.c);
    const now = performance.now();
    const cur = ed.state.cells[i];
    const going = ed.typing.i === i && now - ed.typing.at < TYPING_MS && cur && cur.length < cellInfo.word;
    ed.typing = { i, at: now };
    setHere(going ? cur + ch : ch);
  }

  function toggleMark(dir, r, c, sign) {
    if (!markSigns || !markSigns[dir].length) return false;
    const [nr, nc] = dir === "h" ? [ed.state.rows, ed.state.cols - 1] : [ed.state.rows - 1, ed.state.cols];
    if (r < 0 || c < 0 || r >= nr || c >= nc) return false;
    const k = r * nc + c;
    return ed.history.change(() => { ed.state.marks[dir][k] = ed.state.marks[dir][k] === sign ? "" : sign; });
  }

  function cycleMark(dir, r, c) {
    const nc = dir === "h" ? ed.state.cols - 1 : ed.state.cols;
    const order = ["", ...markSigns[dir]];
    const now = ed.state.marks[dir][r * nc + c];
    const next = order[(order.indexOf(now) + 1) % order.length];
    ed.history.change(() => { ed.state.marks[dir][r * nc + c] = next; });
  }

  // What a tap on the selected cell cycles through (0/1 kinds, cell states), or [].
  function tapCycle() {
    const syms = ed.symbols();
    const order = ["", ...(syms.length <= 2 ? [...syms] : []), ...states.map(stateValue)];
    return order.length > 1 ? order : [];
  }

  function paintCell(r, c) {
    if (!ed.brush || ed.state.cells[ed.at(r, c)] === ed.brush) return false;
    if (ed.stroke) {
      ed.state.cells[ed.at(r, c)] = ed.brush;
      ed.stroke.changed = true;
      ed.solution = null;
      ed.view.draw();
      return true;
    }
    return ed.history.setCell(r, c, ed.brush);
  }

  function focusEdge(sideKind, index) {
    const edge = (layout.edges || []).find((e) => SIDES[e.side] === sideKind);
    if (!edge) return false;
    ed.dom.edgeInputs[edge.key][index].focus();
    return true;
  }

  // A number field of the selected cell changed: the cell's value is its token and the fields.
  function fieldInput(input) {
    const digits = input.value.replace(/\D/g, "");
    if (digits !== input.value) input.value = digits;
    const { cursor } = ed;
    const st = ed.stateOf(here());
    if (!st || !st.fields) return;
    const value = st.token + st.fields.map((f) => (ed.dom.fieldInputs[f.key].value || "")).join(",");
    if (value === here()) return;
    if (ed.pending) {
      ed.history.remember(ed.pending);
      ed.pending = null;
    }
    ed.state.cells[ed.at(cursor.r, cursor.c)] = value;
    ed.history.forget();
    ed.view.drawCell(cursor.r, cursor.c);
    ed.onChange();
  }

  function keyOf(list, key) {
    return list.includes(key) ? key : list.includes(key.toUpperCase()) ? key.toUpperCase()
      : list.includes(key.toLowerCase()) ? key.toLowerCase() : null;
  }

  // Every key on the board, in one place: the first rule that takes the key acts, and the key's
  // default is prevented; a key no rule takes is left to the page.
  function boardKey(event) {
    const key = event.key;
    const { cursor, state } = ed;
    const v = here();
    const st = ed.stateOf(v);
    if (key === "Escape" && ed.selection.size) {
      clearSelection();
      event.preventDefault();
      return;
    }
    if (ed.mode === "play" && !MOVES[key] && !["Home", "End", "Enter", "Tab"].includes(key)) {
      if (ed.player.playKey(event)) event.preventDefault();
      return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (MOVES[key] && ed.mode === "play" && event.shiftKey && ed.player.selects()) {
      const r = (cursor.r + MOVES[key][0] + state.rows) % state.rows;
      const c = (cursor.c + MOVES[key][1] + state.cols) % state.cols;
      select(r, c);                                                // Shift+arrow: the selection grows
    } else if (MOVES[key]) {
      move(cursor.r + MOVES[key][0], cursor.c + MOVES[key][1]);
      if (paint && event.shiftKey) paintCell(ed.cursor.r, ed.cursor.c);
    } else if (key === "Home") {
      move(cursor.r, 0);
    } else if (key === "End") {
      move(cursor.r, state.cols - 1);
    } else if (key === "Enter") {
      if (st && st.fields && st.fields.length) ed.dom.fieldInputs[st.fields[0].key].focus();
      else if (!focusEdge(event.shiftKey ? "cols" : "rows", event.shiftKey ? cursor.c : cursor.r)) {
        if (paint) paintCell(cursor.r, cursor.c);
        else return;
      }
    } else if (!editable || key.length !== 1 && !["Backspace", "Delete"].includes(key)) {
      return;
    } else if (states.some((s) => chars(s.keys).includes(key))) {
      setStateOf(states.find((s) => chars(s.keys).includes(key)));
    } else if (keyOf([...ed.symbols()], key)) {
      setSymbol(keyOf([...ed.symbols()], key));
    } else if (cellInfo.numbers && /^[0-9]$/.test(key)) {
      typeDigit(key);
    } else if (st && st.fields && st.fields.length && /^[0-9]$/.test(key)) {
      const input = ed.dom.fieldInputs[st.fields[0].key];
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
      setHere("");
    } else {
      return;
    }
    event.preventDefault();
  }

  function cellAt(x, y) {
    const target = document.elementFromPoint(x, y);
    const node = target && target.closest && target.closest(".cell");
    return node && board.contains(node) ? { r: +node.dataset.r, c: +node.dataset.c } : null;
  }

  function pointerDown(event) {
    if (event.button > 0 && !(event.button === 2 && ed.mode === "play")) return;
    const gap = event.target.closest(".gap");
    const node = event.target.closest(".cell");
    event.preventDefault();
    board.focus({ preventScroll: true });
    if (gap && editable && ed.mode !== "play") {
      cycleMark(gap.dataset.dir, +gap.dataset.r, +gap.dataset.c);
      return;
    }
    if (ed.lattice.press(event)) return;                          // a mark on the lattice (latticeedit.js)
    if (ed.vertices.press(event)) return;                         // a corner's number (vertexedit.js)
    if (ed.partEdit.partsDown(event)) return;                     // a dot's edge, an outside clue's place (partedit.js)
    if (!node) return;
    const r = +node.dataset.r;
    const c = +node.dataset.c;
    const { tapped } = ed;
    const again = !!tapped && tapped.r === r && tapped.c === c;     // a second tap, not just the cursor
    if (ed.mode === "play" && ed.player.selects() && (event.ctrlKey || event.metaKey || event.shiftKey)) {
      select(r, c, { toggle: event.ctrlKey || event.metaKey });     // Ctrl/Shift-click: several cells
      return;
    }
    move(r, c);
    ed.tapped = { r, c };
    if (ed.mode === "play") {
      ed.player.playPointer(event, r, c, again);
      if (!ed.stroke && ed.player.selects() && event.button === 0) {    // a drag from here selects the cells it crosses
        ed.selecting = true;
        if (board.setPointerCapture) board.setPointerCapture(event.pointerId);
      }
      return;
    }
    if (!editable) return;
    ed.partEdit.dragStart(event, r, c);                           // a drag across cells makes a part (partedit.js)
    if (paint) {
      if (board.setPointerCapture) board.setPointerCapture(event.pointerId);
      ed.stroke = { before: ed.history.snapshot(), changed: false };
      paintCell(r, c);
      return;
    }
    const order = tapCycle();
    if (again && order.length) {
      const v = ed.state.cells[ed.at(r, c)];
      const now = order.findIndex((o) => o === v || (o && ed.stateOf(o) && ed.stateOf(o) === ed.stateOf(v)));
      ed.history.setCell(r, c, order[(now + 1) % order.length]);
      say(ed.view.describe(r, c));
    }
  }

  function pointerMove(event) {
    if (ed.selecting) {
      const hit = cellAt(event.clientX, event.clientY);
      if (hit && !ed.selection.has(`${hit.r},${hit.c}`) && (hit.r !== ed.cursor.r || hit.c !== ed.cursor.c)) {
        select(hit.r, hit.c);
      }
      return;
    }
    if (ed.lattice.drag(event)) return;
    if (ed.partEdit.dragMove(event)) return;
    if (!ed.stroke) return;
    const hit = cellAt(event.clientX, event.clientY);
    if (!hit || (hit.r === ed.cursor.r && hit.c === ed.cursor.c)) return;
    move(hit.r, hit.c);
    if (ed.mode === "play") ed.player.dragOver(hit.r, hit.c);
    else paintCell(hit.r, hit.c);
  }

  // A paint drag ended: one undo step for all it painted.
  function endStroke(event) {
    ed.selecting = false;
    ed.partEdit.dragEnd(!!event && event.type === "pointercancel");
    ed.lattice.release(!!event && event.type === "pointercancel");
    if (!ed.stroke) return;
    const done = ed.stroke;
    ed.stroke = null;
    if (done.changed) {
      ed.history.remember(done.before);
      ed.history.edited();
    }
  }

  board.addEventListener("keydown", boardKey);
  board.addEventListener("pointerdown", pointerDown);
  board.addEventListener("pointermove", pointerMove);
  // A touch on the board paints or selects, never pans the page (layout.css: touch-action none; this
  // for browsers that pan anyway).
  board.addEventListener("touchmove", (event) => { if (event.cancelable) event.preventDefault(); }, { passive: false });
  board.addEventListener("contextmenu", (event) => { if (ed.mode === "play") event.preventDefault(); });
  window.addEventListener("pointerup", endStroke);
  window.addEventListener("pointercancel", endStroke);
  keypad.addEventListener("pointerdown", (event) => event.preventDefault());    // the board keeps the focus

  return { move, say, setSymbol, typeDigit, setStateOf, fieldInput, endStroke, clearSelection };
}
