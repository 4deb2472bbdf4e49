// The typed parts of a layout (`layout.parts`, pysrc/gridlogic/layout/): one module per part type in
// parts/, each drawing its items, checking an item's cells and making an item from what the setter
// dragged or tapped. This index holds what they share: the parts' share of the state's schema
// (blankParts, partsFit, canonicalParts), an item's label, and the drawing of every item over the
// board (partsLayer), with the irregular regions of the engine's board as the cells' thick borders.
//
// A part module is {type, looks, gesture, check(item, choice, geo), make(cells, choice, {direction,
// pill}), fits(cells, choice, geo), draw(item, choice, geo, nth), settle?(item), pills?(cells, choice)},
// or, for a part whose value is one whole rather than a list of items (lattice: marks on points;
// vertex: numbers at the grid's corners),
// {type, looks, gesture, whole: true, blank(), fitsValue(value, part, geo), canonicalValue(value, part)}:
//   looks    the choices' looks it draws (the layout's part class names the same);
//   gesture  how an item is made: "cells" (a drag across cells, or the selected cell), "edge" (a tap
//            on an edge or a corner), "margin" (a tap in the margin beside the grid), "lattice" (taps
//            and drags on the lattice's points: latticeedit.js), "vertex" (a press near a corner,
//            then keys: vertexedit.js);
//   draw     returns its SVG nodes by layer: shade, lines, cages (under the digits) and over,
//            outside (over them), as in LAYERS below; `nth` is its place among items of its name;
//   settle   the item as the state keeps it (a dot's cells in row-major order), when not as given;
//   pills    the other splits a drag offers (an arrow whose circle is a pill of 2 or 3 cells).
// A part of the layout is {key, type, label, choices: [{name, label, value, more, min_cells,
// max_cells, look, colour, letter, directions, reversible}], help}; an item in the state is {name,
// cells, more?, value?, direction?}, 0-based cells.
import group from "./parts/group.js";
import path from "./parts/path.js";
import dot from "./parts/dot.js";
import outside, { ARROWS, sidesOf } from "./parts/outside.js";
import shape from "./parts/shape.js";
import lattice, { drawMarks, looksOf } from "./parts/lattice.js";
import vertex, { drawNumbers } from "./parts/vertex.js";
import { DIRECTIONS } from "./parts/outside.js";
import { MARGIN, U, isCells, isDistinct, isInside, isKingStep, isPath, key, svg } from "./parts/svg.js";

export const MODULES = { group, path, dot, outside, shape, lattice, vertex };
export const MAX_ITEMS = 2000;
export const MAX_VALUE = 12;             // characters of an item's value
const ITEM_KEYS = new Set(["name", "cells", "more", "value", "direction"]);
// The sub-layers, bottom to top, and the layer each lies in.
const LAYERS = { under: ["shade", "lines", "cages"], over: ["over", "outside"] };
const CORNER_MARGIN = 0.3;              // the margin, in cells, that numbers on the grid's outer corners take
const SAID = 12;                         // the labels the overlay's aria-label lists before "and N more"

export const partsOf = (layout) => (Array.isArray(layout.parts) ? layout.parts.filter((p) => MODULES[p.type]) : []);
export const choiceOf = (part, name) => (part.choices || []).find((ch) => ch.name === name) || null;

export function blankParts(layout) {
  const parts = {};
  for (const p of partsOf(layout)) parts[p.key] = MODULES[p.type].whole ? MODULES[p.type].blank() : [];
  return parts;
}

// Whether one item fits its part, as the layout's part class reads it (gridlogic/layout/items.py):
// its fields, its choice, its number of cells, its cells as the part type wants them, its `more`
// (a copy of as many cells, or a line from next to its cells), its value and its direction.
export function itemFits(part, item, geo) {
  if (!item || typeof item !== "object" || Array.isArray(item)) return false;
  if (Object.keys(item).some((k) => !ITEM_KEYS.has(k))) return false;
  const choice = typeof item.name === "string" ? choiceOf(part, item.name) : null;
  const mod = MODULES[part.type];
  if (!choice || !isCells(item.cells)) return false;
  const low = choice.min_cells ?? mod.counts[0];
  const high = choice.max_cells ?? mod.counts[1];
  if (item.cells.length < low || item.cells.length > high) return false;
  return mod.check(item, choice, geo) && moreFits(item, choice, geo) && valueFits(item.value, choice) &&
    (choice.directions ? Object.hasOwn(DIRECTIONS, item.direction ?? "") : item.direction === undefined || item.direction === "");
}

function moreFits(item, choice, geo) {
  const more = item.more;
  if (!choice.more) return more === undefined || (Array.isArray(more) && !more.length);
  if (choice.more === "copy" && (more === undefined || (Array.isArray(more) && !more.length))) return true;  // still to come
  if (!isCells(more) || !more.length || !more.every((x) => isInside(x, geo)) || !isDistinct(more)) return false;
  if (choice.more === "copy") return more.length === item.cells.length;
  const own = new Set(item.cells.map(([r, c]) => key(r, c)));
  return !more.some(([r, c]) => own.has(key(r, c))) && item.cells.some((x) => isKingStep(x, more[0])) && isPath(more);
}

// A value: a whole number, or digits (1-9, then letters), or none, as the choice takes it.
function valueFits(value, choice) {
  if (value === undefined || value === "") return choice.value !== "number" && choice.value !== "digits";
  if (typeof value !== "string" || choice.value === "none" || value.length > MAX_VALUE) return false;
  return choice.value === "digits" ? /^[0-9A-Za-z]+$/.test(value) : /^[0-9]+$/.test(value);
}

// Whether a state's parts fit the layout (absent: all empty).
export function partsFit(layout, state) {
  const parts = partsOf(layout);
  if (state.parts === undefined) return true;
  if (!state.parts || typeof state.parts !== "object" || Array.isArray(state.parts)) return false;
  const geo = { rows: state.rows, cols: state.cols };
  for (const k of Object.keys(state.parts)) if (!parts.some((p) => p.key === k)) return false;
  for (const p of parts) {
    const list = state.parts[p.key];
    if (MODULES[p.type].whole && !MODULES[p.type].fitsValue(list, p, geo)) return false;
    if (list === undefined || MODULES[p.type].whole) continue;
    if (!Array.isArray(list) || list.length > MAX_ITEMS || !list.every((item) => itemFits(p, item, geo))) return false;
  }
  return true;
}

// An item as the state holds it: an empty `more` or value left out.
export function canonicalItem(item, mod = null) {
  const settled = mod && mod.settle ? mod.settle(item) : item;
  const out = { name: item.name, cells: settled.cells.map((x) => [x[0], x[1]]) };
  if (item.more && item.more.length) out.more = item.more.map((x) => [x[0], x[1]]);
  if (item.value) out.value = item.value;
  if (item.direction) out.direction = item.direction;
  return out;
}

export function canonicalParts(layout, parts) {
  const out = {};
  for (const p of partsOf(layout)) {
    const mod = MODULES[p.type];
    out[p.key] = mod.whole ? mod.canonicalValue((parts || {})[p.key], p)
      : ((parts || {})[p.key] || []).map((item) => canonicalItem(item, mod));
  }
  return out;
}

// An item as a setter reads it: "Killer cage 17", "Little killer 23 ↘".
export function itemLabel(choice, item) {
  const bits = [choice ? choice.label || choice.name : item.name];
  if (item.value) bits.push(item.value);
  if (item.direction) bits.push(ARROWS[item.direction] || item.direction);
  return bits.join(" ");
}

// Every item of the state, in layout order: [{part, choice, item, index}].
export function itemsOf(layout, state) {
  const out = [];
  for (const part of partsOf(layout)) {
    if (MODULES[part.type].whole) continue;
    for (const [index, item] of ((state.parts || {})[part.key] || []).entries()) {
      out.push({ part, choice: choiceOf(part, item.name), item, index });
    }
  }
  return out;
}

// The drawing of the parts over the board: an overlay of two SVG layers inside the board, scaled
// with the cells (the viewBox counts cells, the CSS sizes it to the board) and never taking a tap
// (pointer-events: none):
//   under  shading, lines and cages, multiplied onto the cells (mix-blend-mode in page CSS): a digit
//          stays black over a grey line, and a selected or coloured cell keeps its colour under it;
//   over   what sits on cell borders (dots, X/V, quadruples) and the outside clues in the margins.
// Each item is a `g[data-key=KEY][data-type=NAME][data-index=I]` holding a <title> (its label);
// since the overlay takes no pointer, the labels are also the hover text of the cells.
// Irregular regions (the engine board's `regions`) are no SVG: they replace the box lines as the
// cells' own thick borders (bt/bl).
export function partsLayer(ed) {
  const { layout } = ed;
  const { board } = ed.dom;
  const hasParts = partsOf(layout).length > 0;
  const corners = partsOf(layout).some((p) => MODULES[p.type].gesture === "vertex");   // numbers on the outer corners too
  let said = new Map();

  // The engine's board for this puzzle: only its regions are kept (the parts come from the state).
  function setDrawn(b) {
    const regions = hasParts && b && Array.isArray(b.regions) ? b.regions : null;
    ed.drawn = regions ? { rows: b.rows, cols: b.cols, regions } : null;
    ed.view.draw();
  }

  function regionEdges(r, c) {
    const d = ed.drawn;
    if (!d || d.rows !== ed.state.rows || d.cols !== ed.state.cols || d.regions.length !== d.rows * d.cols) return null;
    const at = (i, j) => d.regions[i * d.cols + j];
    return { top: r > 0 && at(r - 1, c) !== at(r, c), left: c > 0 && at(r, c - 1) !== at(r, c) };
  }

  // The margins beside the grid, in cells: where outside clues are, or every side while the
  // Outside tool is on; a little on every side for numbers at corners.
  function marginsOf(items, geo) {
    const margins = { top: 0, left: 0, right: 0, bottom: 0 };
    if (ed.tool === "outside" && ed.mode === "edit") for (const side of Object.keys(margins)) margins[side] = MARGIN;
    if (corners) for (const side of Object.keys(margins)) margins[side] = Math.max(margins[side], CORNER_MARGIN);
    for (const { part, item } of items) {
      if (part.type === "outside" && item.cells.length) for (const side of sidesOf(item.cells[0], geo)) margins[side] = MARGIN;
    }
    return margins;
  }

  // What the overlay is drawn from, besides the layout: the same as at the last draw, the overlay drawn
  // then stays (a 16×16 killer's cages are most of a draw's time, and a Solve draws twice).
  let drawnFrom = null;
  let drawnWrap = null;
  function sourceOf(parts) {
    const playKey = layout.play && layout.play.lattice;
    return JSON.stringify([ed.state.rows, ed.state.cols, parts, ed.tool, ed.mode, ed.picked, ed.corner,
                           ed.errors.filter((w) => w && w.part !== undefined), playKey ? ed.play.lattice : null,
                           (ed.solution && ed.solution.lattice_marks) || null]);
  }

  // The overlay, made again at every draw where what it is drawn from changed (the board's children
  // are rebuilt for each size).
  function render() {
    if (!hasParts || ed.markSigns) {
      for (const old of board.querySelectorAll(":scope > .drawn")) old.remove();
      drawnFrom = drawnWrap = null;
      return;
    }
    const parts = JSON.stringify(canonicalParts(layout, ed.state.parts));
    const from = sourceOf(parts);
    const kept = board.querySelectorAll(":scope > .drawn");
    if (from === drawnFrom && (drawnWrap ? kept.length === 1 && kept[0] === drawnWrap : !kept.length)) return;
    for (const old of kept) old.remove();
    drawnFrom = from;
    drawnWrap = null;
    board.dataset.parts = parts;
    const geo = { rows: ed.state.rows, cols: ed.state.cols };
    const items = itemsOf(layout, ed.state).filter((x) => x.choice && MODULES[x.part.type].check(x.item, x.choice, geo));
    const margins = marginsOf(items, geo);
    const moved = Object.keys(margins).some((s) => margins[s] !== ed.margins[s]);
    ed.margins = margins;
    for (const [side, m] of Object.entries(margins)) board.style.setProperty(`--m-${side}`, String(m));
    said = new Map();
    const picked = ed.picked;
    const wrap = document.createElement("div");
    wrap.className = "drawn";
    wrap.dataset.testid = "drawn";
    const layers = {};
    const subs = {};
    const box = `0 0 ${geo.cols * U} ${geo.rows * U}`;
    for (const [layer, names] of Object.entries(LAYERS)) {
      layers[layer] = svg("svg", { class: `drawn-${layer}`, viewBox: box, "aria-hidden": "true", focusable: "false" });
      for (const name of names) layers[layer].append(subs[name] = svg("g", { "data-layer": name }));
    }
    const nth = {};
    const labels = [];
    for (const { part, choice, item, index } of items) {
      nth[item.name] = (nth[item.name] ?? -1) + 1;
      const text = itemLabel(choice, item);
      labels.push(text);
      const isPicked = !!picked && picked.key === part.key && picked.index === index;
      const isBad = ed.errors.some((w) => w.part === part.key && w.index === index);
      for (const [sub, nodes] of Object.entries(MODULES[part.type].draw(item, choice, geo, nth[item.name]))) {
        if (!subs[sub] || !nodes.length) continue;
        const cls = [sub === "outside" ? "drawn-outside" : "", isPicked ? "picked" : "", isBad ? "bad" : ""].filter(Boolean);
        const g = svg("g", { "data-key": part.key, "data-type": item.name, "data-index": index,
                             ...(cls.length ? { class: cls.join(" ") } : {}) });
        g.append(svg("title", {}, text), ...nodes);
        subs[sub].append(g);
      }
      if (part.type !== "outside") {
        for (const [r, c] of [...item.cells, ...(item.more || [])]) {
          const k = key(r, c);
          if (!said.has(k)) said.set(k, []);
          if (!said.get(k).includes(text)) said.get(k).push(text);
        }
      }
    }
    const marked = drawLattice(subs, labels, geo);
    if (moved) requestAnimationFrame(() => ed.frame.fit());
    if (!items.length && !marked) return;
    wrap.setAttribute("role", "img");
    const more = labels.length > SAID ? `; and ${labels.length - SAID} more` : "";
    wrap.setAttribute("aria-label", `Variant clues: ${labels.slice(0, SAID).join("; ")}${more}`);
    wrap.append(layers.under, layers.over);
    board.append(wrap);
    drawnWrap = wrap;
  }

  // The marks on the lattice (parts/lattice.js), each in a `g[data-key=KEY][data-lattice=ROLE]`: the
  // puzzle's (given), the player's (play: the part `layout.play.lattice` names) and those of the
  // answer shown (solved: its Board's lattice_marks, keyed by look). The number of marks drawn.
  function drawLattice(subs, labels, geo) {
    const playKey = layout.play && layout.play.lattice;
    const drawn = [];
    for (const part of partsOf(layout).filter((p) => MODULES[p.type].gesture === "vertex")) {
      const value = (ed.state.parts || {})[part.key];
      const picked = ed.mode === "edit" && ed.corner && ed.corner.key === part.key ? ed.corner.point : null;
      const nodes = drawNumbers(value, part, picked);
      if (!nodes.length) continue;
      const g = svg("g", { "data-key": part.key, "data-corners": "given" });
      g.append(...nodes);
      subs.over.append(g);
      const n = nodes.filter((x) => x.tagName === "g").length;
      if (n) labels.push(`${part.label || part.key}: ${n} on corners`);
      drawn.push(null);
    }
    for (const part of partsOf(layout).filter((p) => MODULES[p.type].gesture === "lattice")) {
      const looks = looksOf(part);
      const colours = Object.fromEntries((part.choices || []).filter((ch) => ch.colour).map((ch) => [ch.name, ch.colour]));
      drawn.push([part.key, looks, "given", (ed.state.parts || {})[part.key], colours]);
      if (playKey === part.key) drawn.push([part.key, looks, "play", ed.play.lattice, {}]);
      const n = Object.values((ed.state.parts || {})[part.key] || {}).reduce((sum, list) => sum + list.length, 0);
      if (n) labels.push(`${part.label || part.key}: ${n} mark${n > 1 ? "s" : ""}`);
    }
    const answer = ed.solution && ed.solution.lattice_marks;
    if (answer) drawn.push(["answer", Object.fromEntries(Object.keys(answer).map((look) => [look, look])), "solved", answer, {}]);
    let count = drawn.filter((x) => x === null).length;
    for (const [k, looks, role, value, colours] of drawn.filter((x) => x !== null)) {
      for (const [sub, nodes] of Object.entries(drawMarks(value, looks, role, colours))) {
        if (!nodes.length) continue;
        const g = svg("g", { "data-key": k, "data-lattice": role });
        g.append(...nodes);
        subs[sub].append(g);
        count += nodes.length;
      }
    }
    return count;
  }

  // The labels of the items on a cell, one a line (its hover text), or "".
  function drawnAt(r, c) {
    return (said.get(key(r, c)) || []).join("\n");
  }

  return { setDrawn, renderParts: render, regionEdges, drawnAt };
}
