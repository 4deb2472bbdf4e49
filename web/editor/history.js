// Edits and their history: every change to the puzzle goes through `change` (or, for text fields and
// paint strokes, through `remember` with the snapshot taken when they began), so undo and redo cover
// cells, edges, marks, extras, the size and the loaded state together.
//
// A snapshot is one object holding everything an undo restores: {state, loaded, play}. `snapshot`,
// `restore` and `unchanged` are the only places that know its fields; a new part of the editing
// context that undo must cover is added to those three.
import { blankMaps, copyMaps, playLists } from "../codecs/play.js";
import { blankState, copy, noOverlay, symbolsFor } from "./schema.js";

const HISTORY = 300;

export function history(ed) {
  const { layout, markSigns } = ed;

  function snapshot() {
    return { state: copy(ed.state), loaded: ed.loaded, play: copyMaps(ed.play) };   // `loaded` is replaced, never changed in place
  }

  function restore(snap) {
    ({ state: ed.state, loaded: ed.loaded, play: ed.play } = snap);
  }

  // Whether nothing a snapshot holds changed since it was taken. An edit that puts a new loaded
  // state counts as a change even when it equals the old one (Clear on a blank grid); a load
  // (deep) compares them by value.
  function unchanged(snap, { deep = false } = {}) {
    const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
    return same(snap.state, ed.state) && same(playLists(snap.play), playLists(ed.play)) &&
      (deep ? same(snap.loaded, ed.loaded) : snap.loaded === ed.loaded);
  }

  function remember(before) {
    ed.past.push(before);
    if (ed.past.length > HISTORY) ed.past.shift();
    ed.future.length = 0;
  }

  // After any edit: answers, marks and overlays belong to the puzzle before it.
  function edited({ rebuild = false } = {}) {
    ed.solution = null;
    ed.errors = [];
    ed.overlay = noOverlay();
    if (rebuild) ed.frame.build();
    else {
      ed.view.draw();
      if (ed.mode === "play" && layout.play && layout.play.pieces) ed.frame.buildKeypad();   // the pieces left
    }
    ed.onChange();
  }

  // A text field changed: drop what was shown (redrawing only when something was).
  function forget() {
    const { solution, errors, overlay } = ed;
    const shown = solution || errors.length || overlay.hl.size || overlay.values.size || overlay.cands.size;
    ed.solution = null;
    ed.errors = [];
    ed.overlay = noOverlay();
    if (shown) ed.view.draw();
    else ed.view.stackHeight();
  }

  // While the solved puzzle is locked, play mode changes nothing (its entries, marks, colours).
  function locked() {
    if (!ed.locked || ed.mode !== "play") return false;
    ed.input.say("solved: your entries are locked (Keep playing unlocks them)");
    return true;
  }

  function change(mutate, opts) {
    if (locked()) return false;
    const before = snapshot();
    mutate();
    if (unchanged(before)) return false;
    remember(before);
    edited(opts);
    return true;
  }

  function setCell(r, c, value) {
    return change(() => { ed.state.cells[ed.at(r, c)] = value; });
  }

  function undo() {
    if (!ed.past.length || locked()) return;
    ed.future.push(snapshot());
    restore(ed.past.pop());
    edited({ rebuild: true });
  }

  function redo() {
    if (!ed.future.length || locked()) return;
    ed.past.push(snapshot());
    restore(ed.future.pop());
    edited({ rebuild: true });
  }

  // Clear: a blank grid of this size, edited (a new puzzle is set before it is played).
  function clear() {
    ed.mode = "edit";
    change(() => {
      ed.play = blankMaps();
      ed.state = blankState(layout, ed.state.rows, ed.state.cols);
      ed.loaded = copy(ed.state);
    }, { rebuild: true });
  }

  // Restart: the player's entries, marks and colours go; the puzzle stays.
  function restart() {
    return change(() => { ed.play = blankMaps(); }, { rebuild: true });
  }

  // -- sizes -------------------------------------------------------------------------------------
  // A new size: free layouts keep what still fits, the others start blank.
  function resized(rows, cols) {
    const { state, at } = ed;
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

  function setSize({ rows, cols }) {
    if (layout.square) cols = rows;
    if (rows === ed.state.rows && cols === ed.state.cols) return;
    const next = resized(rows, cols);
    change(() => { ed.state = next; }, { rebuild: true });
  }

  return { snapshot, restore, unchanged, remember, edited, forget, change, setCell, undo, redo, clear, restart, setSize };
}
