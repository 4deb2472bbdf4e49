// The editor's context `ed`: everything one editor knows, declared here field by field and built in
// this one place. The modules of web/editor/ are factories over it: each is made once, below, and
// keeps its functions under its own name, so a call says where it goes (ed.view.draw(),
// ed.history.setCell(…)) and no module imports another's functions.
//
//   ed.history   history.js   edits (change, setCell, setSize), undo/redo over snapshots {state, loaded, play}
//   ed.player    playing.js   the play layer: entries, pencil marks, colours, the play keypad
//   ed.givens    givens.js    givens and entries (numberOf, textOf, isEntry, givenState, entryList)
//   ed.view      draw.js      drawing the context onto the DOM (draw, drawCell, describe, …)
//   ed.parts     parts.js     the typed parts (layout.parts) drawn from the state (renderParts, one module
//                             per part type in parts/), the engine's irregular regions (setDrawn, regionEdges)
//   ed.partEdit  partedit.js making and changing parts: drags across cells, taps on edges and in the
//                             margins, the chooser, the selected item's value, direction and delete
//   ed.lattice   latticeedit.js  marks on the lattice (lines, crosses, shade, dots) by taps, drags
//                             and keys, in edit mode (a lattice part's givens) and in play mode
//   ed.vertices  vertexedit.js  numbers at the grid's corners (a vertex part), selected by a press
//                             near a corner and typed, in edit mode
//   ed.frame     frame.js     the board, fields, keypad and size bar built for each size (build), the
//                             cell size (fit)
//   ed.input     input.js     the cursor, keys (one dispatch: boardKey), taps, paint drags, the keypad's actions
// schema.js (the state's schema: blankState, fits, canonical, symbolsFor, el, …) holds no state and
// is imported where it is needed.
import { blankMaps } from "../codecs/play.js";
import { drawer } from "./draw.js";
import { framer, makeFrame } from "./frame.js";
import { givensAndEntries } from "./givens.js";
import { history } from "./history.js";
import { installInput } from "./input.js";
import { latticeEditor } from "./latticeedit.js";
import { vertexEditor } from "./vertexedit.js";
import { partEditor } from "./partedit.js";
import { partsLayer } from "./parts.js";
import { player } from "./playing.js";
import { blankState, copy, noOverlay, symbolsFor } from "./schema.js";

export function makeContext(host, info, { onChange, announce }) {
  const layout = info.layout || {};
  const cellInfo = layout.cell || {};
  const states = cellInfo.states || [];
  const def = layout.default_size || (layout.sizes && layout.sizes[0]) || { rows: 9, cols: 9 };
  const state = blankState(layout, def.rows, def.cols);
  const ed = {
    // the kind, fixed
    host,                            // the element the editor fills
    info,                            // the kind from kinds.json
    layout,                          // its layout (gridlogic/layout.py)
    cellInfo,                        // layout.cell
    states,                          // layout.cell.states
    editable: cellInfo.editable !== false,
    paint: !!cellInfo.paint,
    markSigns: layout.marks ? { h: layout.marks.h || [], v: layout.marks.v || [] } : null,
    onChange,                        // told after every edit (not loads, not overlays)
    announce,                        // told what the live region says, or null
    // the puzzle
    state,
    loaded: copy(state),             // the state as loaded (kept for older saves: see givens.js)
    // the player's (playing.js)
    mode: "edit",                    // "edit": keys change the puzzle; "play": the play layer
    play: blankMaps(),               // entries, corner and centre marks, colours (web/codecs/play.js)
    locked: false,                   // the puzzle is solved: the play layer takes no change (page/solved.js)
    pen: "value",                    // what a key writes in play mode: value | corner | centre | colour
    highlightSame: true,             // highlight the cells showing the selected cell's value
    same: null,                      // the value highlighted now
    // shown over the puzzle until the next edit
    solution: null,                  // the answer Board shown, or null
    errors: [],                      // locations marked bad
    overlay: noOverlay(),            // highlighted cells, caption, values and candidates (schema.js)
    // the engine's irregular regions (parts.js), kept until the next check
    drawn: null,
    margins: { top: 0, left: 0, right: 0, bottom: 0 },     // outside clues' margins, in cells (parts.js)
    // editing
    cursor: { r: 0, c: 0 },
    selection: new Set(),            // play mode: the cells selected with the cursor ("r,c"; empty: the cursor alone)
    selecting: false,                // a drag is selecting cells (play mode)
    clashes: new Set(),              // cells whose values break a rule ("r,c"), from the engine's clashes
    brush: "",                       // paint layouts: the symbol a tap paints
    typing: { i: -1, at: 0 },        // the cell digits are being typed into, and when the last came
    tapped: null,                    // the cell the last tap selected (a tap on it again cycles it)
    stroke: null,                    // a paint drag: {before: snapshot, changed}
    pending: null,                   // the snapshot when a text field got focus (one undo step per visit)
    past: [],                        // snapshots (history.js)
    future: [],
    // making parts (partedit.js)
    tool: "cells",                   // what a tap makes: cells | dots | outside | lattice-KEY
    picked: null,                    // the selected item: {key, index}
    choosing: null,                  // the chooser's target: {gesture, cells}
    drag: null,                      // a drag across cells: {cells}
    awaiting: null,                  // a clone whose copy the next drag gives: {key, index}
    corner: null,                    // the selected corner of a vertex part: {key, point: [y, x]} (vertexedit.js)
    // small readings of the state
    at: (r, c) => r * ed.state.cols + c,                              // a cell's index in state.cells
    symbols: () => symbolsFor(layout, ed.state.rows),
    // a value's state: its token and fields (a word cell's state is its token alone: `?`, not `3?`)
    stateOf: (v) => (v ? states.find((s) => (cellInfo.word ? v === s.token : v.startsWith(s.token))) || null : null),
    boxOf() {                                                         // the size's box, or null
      const s = (layout.sizes || []).find((x) => x.rows === ed.state.rows && x.cols === ed.state.cols);
      return (s && s.box) || null;
    },
    // the DOM: made once (frame.js makeFrame), and the cells and fields built for each size
    dom: makeFrame(host, info),
    // the modules, made below in this order (none calls another while it is made; input last)
    history: null,
    player: null,
    givens: null,
    view: null,
    parts: null,
    partEdit: null,
    lattice: null,
    vertices: null,
    frame: null,
    input: null,
  };
  ed.history = history(ed);
  ed.player = player(ed);
  ed.givens = givensAndEntries(ed);
  ed.view = drawer(ed);
  ed.parts = partsLayer(ed);
  ed.partEdit = partEditor(ed);
  ed.lattice = latticeEditor(ed);
  ed.vertices = vertexEditor(ed);
  ed.frame = framer(ed);
  ed.input = installInput(ed);
  return Object.seal(ed);
}
