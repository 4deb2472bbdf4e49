// The one puzzle editor: draws any kind's layout (pysrc/gridlogic/layout.py) and edits its state.
// It knows no kind and parses no text format: cells, edge fields, marks between cells, extra fields
// and the size, all from the layout; every question about meaning goes to the engine (app.js).
//
// createEditor(host, kindInfo, {onChange, announce}) → {getState, setState, blank, size, setSize,
//   sameAs, showBoard, mark, clearMarks, point, highlight, values, candidates, clearOverlays,
//   givenState, entries, enter, valueText, isOpen, keepAsGivens, getPlay, hasPlay, playKey, canPlay,
//   mode, setMode, cellsOf, markClashes, selected, setHighlightSame, setLocked, isLocked, mayBeSolved, undo, redo,
//   clear, focus, destroy}.
//   Edits call onChange(); loads (setState) and the overlays do not.
//
// Two modes. In edit mode keys and taps change the puzzle (its state: givens, clues, signs, size). In
// play mode they change the player's play layer (web/codecs/play.js, web/editor/playing.js): entries on the
// cells the layout's `play` opens, corner and centre pencil marks, colours. getState() and givenState()
// are the puzzle alone; entries() lists the entries as [r, c, n], enter(r, c, n) sets one (a hint
// applied; undoable), keepAsGivens() moves the entries a cell can hold into the puzzle; getPlay() is
// the play state saves and links carry. A value n: a symbol's digit in base 36 (0-9, then A = 10 …
// Z = 35: binary's 0/1, sudoku's 1-9 and A-P), or a whole number (kakuro, puzlogic, number cross, with
// 10 its shading; nonogram 1 filled, 0 crossed). Undo and redo cover the puzzle and the play layer.
//
// Stable hooks for browser tests (data-testid unless said otherwise; r, c, i are 0-based):
//   board              the grid: role=grid; rows role=row; cells `[data-testid=board] .cell[data-r]
//                      [data-c]`, role=gridcell, id `cell-R-C`, aria-selected=true on the selected one.
//     cell text        the value shown: a symbol, a number, or a solved value; empty when none.
//                      A cell in a state with fields holds one `.field[data-field=KEY]` per field
//                      (kakuro: `.field[data-field=down]` bottom-left, `[data-field=right]` top-right).
//     cell attributes  data-value: the raw state value ("" empty, "5", "-", "\16,7");
//                      data-state: the state key when the value is a state (e.g. "black", "clue").
//     cell classes     empty | given (a value in the state) | entry (the player's; with filled when
//                      it fills the cell, entry-WORD for a value with a word: entry-empty, entry-shaded)
//                      | solved (a value of the answer shown); coloured (a colour, in --colour);
//                      same (shows the selected cell's value); `.pm-corner` / `.pm-centre` pencil marks;
//                      look-black | look-gap | look-clue | look-shaded | look-given (the state's look;
//                      a state's glyph, such as "?" or an arrow, drawn before its fields);
//                      black (the answer shows this cell filled/shaded); sel (selected: the cursor,
//                      or each cell of a selection of several in play mode);
//                      bad (an error location); clash (its value breaks a rule: markClashes);
//                      hl (highlighted); bt / bl (a thick box line above /
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
//                      are brushes (aria-pressed=true on the current one). In play mode: key-TEXT
//                      for each value (puzlogic: each free piece), key-erase, pen-value / pen-corner /
//                      pen-centre / pen-colour (aria-pressed), colour-1 … colour-9 with the colour pen.
//   size               the size menu; size-rows, size-cols: a typed size (free_size; a square
//                      layout shows size-rows only).
//   drawn              the parts' drawing inside the board (only while the state holds an item):
//                      role=img, aria-label "Variant clues: LABEL; …"; svg.drawn-under and
//                      svg.drawn-over, each item a `g[data-key=KEY][data-type=NAME][data-index=I]`
//                      holding a <title> (its label; class picked when selected, bad when marked);
//                      a bulb is `circle[data-part=bulb]`, a dot `circle[data-part=dot]`; outside
//                      clues are `g.drawn-outside`. Cells under an item take its labels as their
//                      title; irregular regions set bt / bl.
//                      The board's data-parts: the state's parts as JSON (layouts with parts).
//   parts              the parts' tools, chooser and selected item under the board (partedit.js);
//                      tool-lattice-KEY the tool of a lattice part (latticeedit.js).
//   lattice marks      in the drawing, `g[data-key=KEY][data-lattice=given|play|solved]` holding one
//                      node per mark with data-mark (its choice's name; an answer's: its look),
//                      data-point ("y,x", the lattice's doubled coordinates) and data-role.
// Keys on the board: arrows move, a symbol or digit sets the cell (numbers type digit by digit),
// a state's keys set that state, Backspace/Delete/space/. erase, Home/End; Enter on a cell with
// fields focuses its first field, else the row's edge field (Shift+Enter the column's); Enter or
// Escape in a field returns to the board. A tap on the selected cell cycles empty → the two
// symbols (0/1 kinds) → the states. Paint layouts: a tap or a drag paints the brush.
// Undo/redo cover cells, edges, marks, extras, parts and size together.
//
// The editor's modules (web/editor/) share one context `ed`, declared and built in
// web/editor/context.js; this module makes it and answers the page through the API above.

import { makeContext } from "./editor/context.js";
import { blankState, canonical, cellMap, copy, el, filled, fits, noOverlay } from "./editor/schema.js";
import { entriesOf, freePieces, isEmpty, latticeEntries, playLists, playMaps } from "./codecs/play.js";
import { cellsBeside } from "./editor/parts/lattice.js";

export { blankState, el, fits };

export function createEditor(host, info, { onChange = () => {}, announce = null } = {}) {
  const ed = makeContext(host, info, { onChange, announce });
  const { layout } = ed;
  window.addEventListener("resize", ed.frame.fit);

  const api = {
    getState: () => canonical(layout, ed.state),
    // A load: the puzzle's state and the player's play state (web/codecs/play.js), or none. `givens`, from
    // older saves and links, is the state the puzzle was first loaded as: values added since are entries.
    setState(next, givens = null, play = null) {
      if (!next || typeof next !== "object") return false;
      const full = filled(layout, next);
      if (!fits(layout, full)) return false;
      const before = ed.history.snapshot();
      ed.state = canonical(layout, full);
      const base = givens && typeof givens === "object" && givens.rows === ed.state.rows && givens.cols === ed.state.cols
        ? filled(layout, givens) : null;
      ed.play = playMaps(layout, ed.state, play);
      if (base && fits(layout, base)) ed.givens.splitEntries(base);
      ed.loaded = copy(ed.state);
      if (!ed.history.unchanged(before, { deep: true })) ed.history.remember(before);
      ed.drawn = null;                 // a new puzzle: its regions come with its own check
      ed.picked = null;
      ed.choosing = null;
      ed.awaiting = null;
      ed.solution = null;
      ed.errors = [];
      ed.overlay = noOverlay();
      ed.frame.build();
      return true;
    },
    // Whether a state is the one shown (as setState would read it).
    sameAs(other) {
      if (!other || typeof other !== "object") return false;
      const full = filled(layout, other);
      return fits(layout, full) && JSON.stringify(canonical(layout, full)) === JSON.stringify(canonical(layout, ed.state));
    },
    blank: (rows = ed.state.rows, cols = ed.state.cols) => blankState(layout, rows, cols),
    size: () => ({ rows: ed.state.rows, cols: ed.state.cols }),
    setSize: (size) => ed.history.setSize(size),
    showBoard(b) {
      ed.solution = b && b.rows === ed.state.rows && b.cols === ed.state.cols ? b : null;
      if (ed.solution) ed.solution.index = new Map(b.cells.map((x) => [`${x.r},${x.c}`, x]));
      // The regions stay under an answer; an answer's board carries them too (a Solve pressed before
      // the check of a load came back still shows them).
      if (ed.solution && b.regions) ed.parts.setDrawn(b);
      else ed.view.draw();
    },
    // The irregular regions of the engine's board for this puzzle (none clears them): parts.js, for
    // layouts with parts.
    setDrawn: (b) => ed.parts.setDrawn(b),
    // Mark error locations (one or a list); true when any of them is on this editor.
    mark(where) {
      const list = (Array.isArray(where) ? where : [where]).filter((w) => w && typeof w === "object");
      ed.errors = list;
      ed.view.draw();
      return list.some((w) => w.r !== undefined || w.c !== undefined || w.row !== undefined || w.col !== undefined ||
        (w.cells && w.cells.length) || (w.edge && ed.dom.edgeInputs[w.edge] && ed.dom.edgeInputs[w.edge][w.index]) ||
        (w.mark && ed.markSigns) || (w.extra && ed.dom.extraInputs[w.extra]));
    },
    clearMarks() {
      ed.errors = [];
      ed.view.draw();
    },
    point(r, c) {
      if (r < 0 || c < 0 || r >= ed.state.rows || c >= ed.state.cols) return;
      ed.input.move(r, c);
      ed.dom.board.focus({ preventScroll: true });
      ed.dom.nodes[ed.at(r, c)].scrollIntoView({ block: "nearest", inline: "nearest" });
    },
    // Overlays for hints and explanations: drawn over the puzzle, gone at the next edit.
    highlight(cells, text = "") {
      ed.overlay.hl = new Set((cells || []).map((x) => (Array.isArray(x) ? `${x[0]},${x[1]}` : `${x.r},${x.c}`)));
      ed.overlay.caption = text;
      ed.view.draw();
    },
    values(map) {
      ed.overlay.values = cellMap(map);
      ed.view.draw();
    },
    candidates(map) {
      ed.overlay.cands = cellMap(map);
      ed.view.draw();
    },
    clearOverlays() {
      ed.overlay = noOverlay();
      ed.view.draw();
    },
    // Marks, overlays and the answer shown all go, in one draw (a new request's start).
    clearShown() {
      ed.errors = [];
      ed.overlay = noOverlay();
      ed.solution = null;
      ed.view.draw();
    },
    // Givens and entries (see the top).
    givenState: () => ed.givens.givenState(),
    entries: () => ed.givens.entryList(),
    valueText: (n) => ed.givens.textOf(n),
    // Whether (r, c) takes an entry and holds none yet.
    isOpen: (r, c) => ed.player.playable(r, c) && ed.player.entryAt(r, c) === undefined,
    // How many cells take an entry and hold none yet.
    openCount() {
      let n = 0;
      for (let r = 0; r < ed.state.rows; r++) for (let c = 0; c < ed.state.cols; c++) if (api.isOpen(r, c)) n++;
      return n;
    },
    // An entry set (a hint applied): false when (r, c) takes no entry or already holds one.
    enter(r, c, n) {
      if (!ed.player.playable(r, c) || ed.player.entryAt(r, c) !== undefined || ed.player.playText(n) === null) return false;
      ed.input.move(r, c);
      return ed.player.place(r, c, n);
    },
    // The entries become givens, where the puzzle's cells can hold them (not puzlogic's pieces).
    keepAsGivens() {
      const rule = layout.play || {};
      if (rule.pieces) return false;
      return ed.history.change(() => {
        for (const [r, c, n] of ed.givens.entryList()) {
          const symbol = [...ed.symbols()].find((s) => parseInt(s, 36) === n);
          const text = symbol || (ed.cellInfo.numbers && n >= ed.cellInfo.numbers[0] && n <= ed.cellInfo.numbers[1] ? String(n) : null);
          if (text === null || ed.state.cells[ed.at(r, c)] !== "") continue;
          ed.state.cells[ed.at(r, c)] = text;
          ed.play.entries.delete(`${r},${c}`);
        }
      });
    },
    // The play layer: its state (web/codecs/play.js), whether it holds anything, a key for answers about it.
    getPlay: () => playLists(ed.play),
    hasPlay: () => !isEmpty(ed.play),
    playKey: () => JSON.stringify([entriesOf(ed.play), latticeEntries(layout, ed.play)]),
    canPlay: () => !!layout.play,
    mode: () => ed.mode,
    setMode(mode) {
      if (mode !== "edit" && mode !== "play") return;
      if (mode === "play" && !layout.play) return;
      ed.mode = mode;
      ed.pen = "value";
      ed.selection.clear();
      ed.frame.build();
    },
    // The cells of places the engine names, [r, c] each: themselves, or for a kind played on the lattice
    // alone (its entries are points), the cells beside each point.
    cellsOf(places) {
      const rule = layout.play || {};
      if (!rule.lattice || rule.values) return places || [];
      const seen = new Set();
      return (places || []).flatMap((p) => cellsBeside(p, ed.state.rows, ed.state.cols))
        .filter(([r, c]) => !seen.has(`${r},${c}`) && seen.add(`${r},${c}`));
    },
    // Cells whose values break a rule (the engine's `clashes`), drawn apart from mistakes; [] clears.
    markClashes(cells) {
      const next = new Set(api.cellsOf(cells).map(([r, c]) => `${r},${c}`));
      if (next.size === ed.clashes.size && [...next].every((k) => ed.clashes.has(k))) return;
      ed.clashes = next;
      ed.view.draw();
    },
    // The cells selected in play mode (the cursor's alone when no several are), as [r, c].
    selected: () => (ed.selection.size ? [...ed.selection].map((k) => k.split(",").map(Number)) : [[ed.cursor.r, ed.cursor.c]]),
    setHighlightSame(on) {
      ed.highlightSame = !!on;
      ed.view.draw();
    },
    // Solved: the play layer takes no change until unlocked (the board's data-locked says so).
    setLocked(on) {
      ed.locked = !!on;
      ed.dom.board.dataset.locked = ed.locked ? "1" : "";
    },
    isLocked: () => ed.locked,
    // Whether the entries may fill the puzzle now: every open cell holds one, or every piece is placed,
    // or (a kind with a value worded "empty" or "unshaded", or played on the lattice, once marked) any time.
    mayBeSolved() {
      const rule = layout.play;
      if (rule && rule.lattice && !rule.values) return latticeEntries(layout, ed.play).length > 0;
      if (!rule || !rule.values) return false;
      const free = freePieces(ed.state, rule, ed.play);
      if (free) return free.length === 0;
      if (Object.values(info.values || {}).some((v) => v.word === "empty" || v.word === "unshaded")) return true;
      return api.openCount() === 0;
    },
    undo: () => ed.history.undo(),
    redo: () => ed.history.redo(),
    clear: () => ed.history.clear(),
    restart: () => ed.history.restart(),
    focus() {
      ed.dom.board.focus({ preventScroll: true });
    },
    destroy() {
      window.removeEventListener("pointerup", ed.input.endStroke);
      window.removeEventListener("pointercancel", ed.input.endStroke);
      window.removeEventListener("resize", ed.frame.fit);
      ed.host.replaceChildren();
    },
  };

  ed.frame.build();
  return api;
}
