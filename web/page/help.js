// "How to play": the rules of the kind on screen in a few sentences (the engine's `how_to_play`), the
// keys its layout gives (layout.play for the player's entries, layout.cell, marks, edges and extras
// for setting a puzzle) and the page's shortcuts. Nothing here knows a kind: every line is read from
// kinds.json. Drawn at each kind switch (loads.js) and again whenever the box is opened (the size,
// and with it a sudoku's symbols, may have changed).
import { el } from "../editor.js";
import { ruleOf, textOf, valuesOf } from "../codecs/play.js";
import { $, page } from "./store.js";

const SIDES = { left: "left", right: "right", top: "above", bottom: "below" };

// One line of help: the keys (drawn as keys) and what they do; keys "" for a plain sentence.
const line = (keys, what) => ({ keys, what });

function or(words) {
  return words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} or ${words[words.length - 1]}`;
}

// The values a list of numbers stands for, written as the grid writes them: "1 2 3 4", "1 … G".
function written(texts) {
  return texts.length > 10 ? `${texts[0]} … ${texts[texts.length - 1]}` : texts.join(" ");
}

function rowsNow(info) {
  if (page.editor) return page.editor.size().rows;
  return ((info.layout || {}).default_size || {}).rows || 9;
}

const LATTICE = "a drag from centre to centre (or corner to corner) draws a line, a tap on an edge a border or a cross, "
  + "a tap in a cell shades or dots it (a right click goes the other way)";

// Entries, marks and colours: what layout.play allows (gridlogic/layout/play.py states its schema).
export function playLines(info) {
  const layout = info.layout || {};
  const play = ruleOf(layout);
  if (!play) return [line("", "This kind is not filled in by hand here: set the puzzle and ask the solver.")];
  const rows = rowsNow(info);
  const text = (n) => textOf(layout, info.values, rows, n) ?? String(n);
  const out = [line("", !play.values ? "You draw on the grid; the cells take no value."
    : play.on === "all" ? "Every cell takes a value." : "Your values go in the empty cells; the puzzle's own stay.")];
  const named = Object.entries(play.keys || {});
  if (play.lattice && play.spans) {                   // lines straight between clue cells, one or two
    out.push(line("drag", "across the cells between two clue cells draws a line all the way; again, a double line; a third time takes it away"));
    out.push(line("tap, right drag", "a cross between two cells (no line there); the same again clears it"));
    out.push(line("Shift+arrow", "the same as a drag, on that side of the selected cell"));
  } else if (play.lattice) {
    out.push(line("tap, drag", LATTICE));
    out.push(line("Shift+arrow", "draws a line to the next cell that way (or marks that side); Space shades or dots the cell"));
  }
  if (!play.values) {
    // nothing to type
  } else if (named.length) {
    const byValue = new Map();
    for (const [key, n] of named) byValue.set(n, [...(byValue.get(n) || []), key]);
    for (const [n, keys] of byValue) {
      const word = (info.values || {})[n] ? ` (${info.values[n].word})` : "";
      out.push(line(or(keys), `enters ${text(n)}${word}`));
    }
  } else if (play.pieces) {
    const extra = (layout.extras || []).find((x) => x.key === play.pieces);
    out.push(line("digits", `a piece from ${extra ? extra.label : "the pieces"}, typed digit by digit; each piece is used once`));
  } else if (play.values === "symbols") {
    out.push(line(written(valuesOf(layout, rows).map(text)), "enter that value; the same key again clears it"));
  } else {
    const [lo, hi] = play.values;
    out.push(line("digits", `a number ${lo} to ${hi}, typed digit by digit; the same number again clears it`));
  }
  if (play.cycle && play.cycle.length) {
    out.push(line("Space", `or a tap on the selected cell: cycles empty → ${play.cycle.map(text).join(" → ")} → empty`));
  }
  if (play.drag) out.push(line("drag", "from a cell: its new value is painted over every cell you cross"));
  if (play.pencil) {
    out.push(line("Shift+digit", "a corner pencil mark (again: removed)"));
    out.push(line("Ctrl+digit", "a centre pencil mark (again: removed)"));
  }
  out.push(line("Alt+digit", "colours the cell (1–9; Alt+0 clears the colour)"));
  out.push(line("Backspace", "or Delete: erases the cell"));
  if (play.pieces) out.push(...sumLines(layout));
  return out;
}

// The sums around a grid whose edges have tones (puzlogic): grey counts every cell, blue the pieces.
function sumLines(layout) {
  const edges = layout.edges || [];
  const grey = edges.filter((e) => !e.tone).map((e) => SIDES[e.side]);
  const blue = edges.filter((e) => e.tone === "blue").map((e) => SIDES[e.side]);
  const out = [];
  if (grey.length) out.push(line("", `Grey sums (${or(grey)} a line) are the sum of every number in the line, given or placed.`));
  if (blue.length) out.push(line("", `Blue sums (${or(blue)} a line) are the sum of the pieces placed in it alone.`));
  return out;
}

// Setting a puzzle: the cell's symbols or numbers, its states and their keys, signs between cells,
// the fields around the grid and beside it.
export function editLines(info) {
  const layout = info.layout || {};
  const cell = layout.cell || {};
  const out = [];
  if (cell.editable === false) {
    out.push(line("", "The grid itself is not edited: the clues go in the fields around it."));
  } else if (cell.paint) {
    out.push(line("tap / drag", "paints cells with the brush chosen on the keypad (a region's letter)"));
  } else if (cell.symbols) {
    const s = typeof cell.symbols === "string" ? cell.symbols : cell.symbols[String(rowsNow(info))] || "";
    out.push(line(written([...s]), "sets a given"));
  } else if (cell.word) {
    const tokens = (cell.states || []).filter((s) => !(s.fields || []).length).map((s) => s.token);
    out.push(line(or([`${cell.numbers[0]}-${cell.numbers[1]}`, ...tokens]),
                  `a clue of up to ${cell.word} characters, typed one after another (a pause starts a new one)`));
  } else if (cell.numbers) {
    out.push(line("digits", `a given number ${cell.numbers[0]} to ${cell.numbers[1]}, typed digit by digit`));
  }
  for (const state of cell.states || []) {
    if (!state.keys || (cell.word && !(state.fields || []).length)) continue;      // a word's character (above)
    const fields = (state.fields || []).map((f) => f.label);
    const then = fields.length ? `; Enter goes to its ${or(fields)} field` : "";
    out.push(line(or([...state.keys]), `makes the cell ${state.label}${then}`));
  }
  const marks = layout.marks;
  if (marks) {
    const labels = marks.labels || {};
    for (const sign of marks.h || []) out.push(line(sign, `the sign right of the cell: ${labels[sign] || sign} (again: removed)`));
    for (const sign of (marks.v || []).filter((x) => !(marks.h || []).includes(x))) {
      out.push(line(sign, `the sign below the cell: ${labels[sign] || sign} (again: removed)`));
    }
    out.push(line("tap", "on the gap between two cells cycles its sign"));
  }
  const edges = layout.edges || [];
  if (edges.length) {
    const rowField = edges.find((e) => e.side === "left" || e.side === "right");
    const colField = edges.find((e) => e.side === "top" || e.side === "bottom");
    if (rowField) out.push(line("Enter", `goes to the row's ${rowField.label} field (Enter or Escape comes back)`));
    if (colField) out.push(line("Shift+Enter", `goes to the column's ${colField.label} field`));
  }
  for (const extra of layout.extras || []) out.push(line("", `${extra.label}: the field under the grid.`));
  out.push(...partLines(layout));
  if (cell.editable !== false) out.push(line("Backspace", "or Delete: empties the cell"));
  return out;
}

// Drawing the layout's typed parts (web/editor/partedit.js): what makes each, named by its parts.
function partLines(layout) {
  const parts = Array.isArray(layout.parts) ? layout.parts : [];
  const labels = (types) => or(parts.filter((p) => types.includes(p.type)).map((p) => (p.label || p.key).toLowerCase()));
  const out = [];
  if (parts.some((p) => ["group", "path", "shape"].includes(p.type))) {
    out.push(line("drag", `across cells (or Shift+arrows from the selected cell), then choose what they are: ${labels(["group", "path", "shape"])}`));
  }
  if (parts.some((p) => p.type === "dot")) out.push(line("Dots", `then a tap on an edge or a corner between cells: ${labels(["dot"])}`));
  if (parts.some((p) => p.type === "outside")) out.push(line("Outside", `then a tap on a place beside the grid: ${labels(["outside"])}`));
  if (parts.some((p) => p.type === "lattice")) out.push(line(labels(["lattice"]), `(its tool) then ${LATTICE}`));
  if (parts.some((p) => p.type === "vertex")) {
    out.push(line("corner", `a tap near a corner selects it, then a digit writes its number (? or -: not given; Backspace clears; arrows move): ${labels(["vertex"])}`));
  }
  if (parts.length) out.push(line("Escape", "closes the chooser, or lets go of the selected clue (its value, direction and Delete are under the grid)"));
  return out;
}

export function shortcutLines() {
  return [
    line("Ctrl+Enter", "solves"),
    line("Ctrl+Z", "undoes; Ctrl+Y (or Ctrl+Shift+Z) redoes"),
    line("arrows", "move the selected cell; Home and End go to the row's ends"),
    line("Ctrl+V", "on the grid: loads a puzzle's text or a link"),
    line("", "New puzzle (under Example and Recent) makes a puzzle with one solution at the difficulty you pick. " +
             "Today's puzzle is the same on every device: its link (#kind/daily/YYYY-MM-DD/level) opens it anywhere."),
  ];
}

function section(title, lines, testid) {
  const list = el("ul", { class: "help-keys", "data-testid": testid });
  for (const { keys, what } of lines) {
    const item = el("li");
    if (keys) item.append(el("kbd", {}, keys), " ");
    item.append(what);
    list.append(item);
  }
  return [el("h3", {}, title), list];
}

export function drawHelp() {
  const info = page.info;
  if (!info || !$("help-body")) return;
  const parts = [];
  if (typeof info.how_to_play === "string" && info.how_to_play.trim()) {
    parts.push(el("p", { class: "help-rules", "data-testid": "help-rules" }, info.how_to_play));
  }
  parts.push(...section("Solving by hand", playLines(info), "help-play"),
             ...section("Setting a puzzle", editLines(info), "help-edit"),
             ...section("Everywhere", shortcutLines(), "help-shortcuts"));
  $("help-body").replaceChildren(...parts);
  $("help-title").textContent = `How to play ${info.title}`;
}

// The box redraws when opened (the grid's size may have changed since the kind was picked).
export function wireHelp() {
  $("help").addEventListener("toggle", () => { if ($("help").open) drawHelp(); });
}
