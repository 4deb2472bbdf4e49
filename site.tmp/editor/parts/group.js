// Groups: cages and regions over any cells (killer cages, extra regions, clones, indexers). An item
// is made by dragging across its cells (or the selected cell alone) and choosing what it is; a
// clone's copy (`more`) is a second drag of as many cells. Its look:
//   cage    a dashed line inset from the group's outline, its value small in the top-left cell;
//   region  the cells tinted and a thick border on their outline, as box lines are drawn (irregular
//           regions' borders lie on the cells' own thick borders, which the engine's regions set);
//   shade   the cells tinted in the choice's colour (a clone and its copy in one tint, each clone
//           its own).
import { INK, MAX_CELLS, U, isCellSet, label, loopPath, outline, svg, topLeft } from "./svg.js";

const SHADE = "#e2e2e2";
const TINTS = ["#ffd9a8", "#c6e4ff", "#d3f2c6", "#f4cff4", "#fff0a0", "#d9d3ff"];
const SUM_SIZE = 0.24 * U;               // a cage's value: small, in its top-left corner

const square = ([r, c], fill) => svg("rect", { x: c * U, y: r * U, width: U, height: U, fill });

// A cage: on a white patch that cuts the dashed line (white vanishes in the multiplied layer, so the
// cell's own colour shows through it).
function cage(item) {
  const line = svg("path", { d: loopPath(outline(item.cells, 0.07 * U)), fill: "none", stroke: INK,
                             "stroke-width": 0.022 * U, "stroke-dasharray": `${0.07 * U} ${0.045 * U}`,
                             "data-part": "outline" });
  if (!item.value) return { cages: [line] };
  const [r, c] = topLeft(item.cells);
  const width = item.value.length * 0.6 * SUM_SIZE + 0.04 * U;
  const patch = svg("rect", { x: c * U + 0.02 * U, y: r * U + 0.02 * U, width, height: SUM_SIZE + 0.02 * U, fill: "#fff" });
  const sum = svg("text", { x: c * U + 0.04 * U, y: r * U + 0.03 * U + 0.8 * SUM_SIZE, "font-size": SUM_SIZE,
                            "font-family": "system-ui, sans-serif", fill: INK, "data-part": "value" }, item.value);
  return { cages: [line, patch, sum] };
}

function region(item, choice) {
  const nodes = { shade: item.cells.map((x) => square(x, choice.colour || SHADE)),
                  cages: [svg("path", { d: loopPath(outline(item.cells, 0)), fill: "none", stroke: INK,
                                        "stroke-width": 0.05 * U, "stroke-linejoin": "round", "data-part": "outline" })] };
  if (item.value) nodes.cages.push(label((topLeft(item.cells)[1] + 0.2) * U, (topLeft(item.cells)[0] + 0.18) * U, item.value, SUM_SIZE));
  return nodes;
}

// A shape with a copy takes a tint of its own whatever the choice's colour: the pairs must be told apart.
function shade(item, choice, geo, nth) {
  const tint = choice.more === "copy" || !choice.colour ? TINTS[nth % TINTS.length] : choice.colour;
  return { shade: [...item.cells, ...(item.more || [])].map((x) => square(x, tint)) };
}

const LOOKS = { cage, region, shade };

export default {
  type: "group",
  looks: Object.keys(LOOKS),
  gesture: "cells",
  counts: [1, MAX_CELLS],
  // 1+ distinct cells inside the grid (a copy, `more`, is checked in parts.js).
  check(item, choice, geo) {
    return isCellSet(item.cells, geo);
  },
  // The item of a choice made from the cells dragged (a copy comes with a second drag).
  make(cells, choice) {
    return { name: choice.name, cells: cells.map((x) => x.slice()), ...(choice.more === "copy" ? { more: [] } : {}) };
  },
  fits(cells, choice) {
    const n = cells.length;
    return n >= (choice.min_cells || 1) && (choice.max_cells === undefined || choice.max_cells === null || n <= choice.max_cells);
  },
  draw(item, choice, geo, nth) {
    return (LOOKS[choice.look] || region)(item, choice, geo, nth);
  },
};
