// Paths: ordered cells, each a king's move from the one before (thermometers, arrows, the coloured
// lines). An item is made by dragging along its cells in order and choosing what it is; an arrow's
// drag starts in its circle: its first cell is `cells` (or its first `pill` cells, a pill), the rest
// its line (`more`). Its look:
//   thermo   a thick grey line from a round bulb on its first cell;
//   line     a coloured line (the choice's colour);
//   arrow    a circle (or a pill around several cells) and a thin line from it ending in a head;
//   between  a line whose two ends are circles.
import { MAX_CELLS, U, centre, isCellSet, isPath, polyline, svg } from "./svg.js";

const GREY = "#c8c8c8";                  // thermometers, as SudokuPad's
const ARROW = "#9a9a9a";                 // arrows' circles and lines
const CIRCLE = 0.38 * U;                 // a bulb, an arrow's circle, a between line's ends

const ring = ([x, y], r, stroke, width) => svg("circle", { cx: x, cy: y, r, fill: "#fff", stroke, "stroke-width": width,
                                                          "data-part": "circle" });
const dist = (a, b) => Math.max(Math.abs(a[0] - b[0]), Math.abs(a[1] - b[1]));

function thermo(item, choice, geo) {
  const colour = choice.colour || GREY;
  const [x, y] = centre(...item.cells[0], geo);
  return { lines: [polyline(item.cells, geo, colour, 0.3 * U),
                   svg("circle", { cx: x, cy: y, r: CIRCLE, fill: colour, "data-part": "bulb" })] };
}

function line(item, choice, geo) {
  return { lines: [polyline(item.cells, geo, choice.colour || "#b4b4b4", 0.2 * U)] };
}

// An arrowhead at the line's last point, along its last step.
function head(from, to) {
  const [dx, dy] = [to[0] - from[0], to[1] - from[1]];
  const len = Math.hypot(dx, dy) || 1;
  const [ux, uy] = [dx / len, dy / len];
  const size = 0.26 * U;
  const side = (s) => [to[0] - size * (ux * 0.8 - s * uy * 0.6), to[1] - size * (uy * 0.8 + s * ux * 0.6)];
  return svg("polyline", { points: [side(1), to, side(-1)].map((p) => p.join(",")).join(" "), fill: "none",
                           stroke: ARROW, "stroke-width": 0.05 * U, "stroke-linecap": "round", "stroke-linejoin": "round",
                           "data-part": "head" });
}

// One cell a circle, several a rounded pill around them (a wide outline stroke under a slightly
// narrower white one, which follows any shape of adjacent cells).
function circle(cells, geo, colour) {
  if (cells.length === 1) return [ring(centre(...cells[0], geo), CIRCLE, colour, 0.05 * U)];
  return [polyline(cells, geo, colour, 2 * CIRCLE + 0.05 * U, { "data-part": "circle" }),
          polyline(cells, geo, "#fff", 2 * CIRCLE - 0.05 * U)];
}

// The line leaves the circle's cell nearest its first cell and ends in a head.
function arrow(item, choice, geo) {
  const colour = choice.colour || ARROW;
  const more = item.more || [];
  if (!more.length) return { lines: circle(item.cells, geo, colour) };
  const near = item.cells.reduce((a, b) => (dist(b, more[0]) < dist(a, more[0]) ? b : a));
  const path = [near, ...more];
  const ends = path.slice(-2).map(([r, c]) => centre(r, c, geo));
  return { lines: [polyline(path, geo, colour, 0.05 * U), head(...ends), ...circle(item.cells, geo, colour)] };
}

function between(item, choice, geo) {
  const colour = choice.colour || "#b4b4b4";
  const first = centre(...item.cells[0], geo);
  const last = centre(...item.cells[item.cells.length - 1], geo);
  return { lines: [polyline(item.cells, geo, colour, 0.08 * U), ring(first, CIRCLE, colour, 0.06 * U),
                   ring(last, CIRCLE, colour, 0.06 * U)] };
}

const LOOKS = { thermo, line, arrow, between };

export default {
  type: "path",
  looks: Object.keys(LOOKS),
  gesture: "cells",
  counts: [1, MAX_CELLS],
  // 1+ distinct cells inside the grid, each a king's move from the one before (an arrow's line,
  // `more`, is checked in parts.js).
  check(item, choice, geo) {
    return isCellSet(item.cells, geo) && isPath(item.cells);
  },
  make(cells, choice, { pill = 1 } = {}) {
    const copy = cells.map((x) => x.slice());
    if (choice.more === "line") return { name: choice.name, cells: copy.slice(0, pill), more: copy.slice(pill) };
    return { name: choice.name, cells: copy };
  },
  // The pills a drag can begin with for a choice whose line follows its circle: 2 or more cells in a
  // straight orthogonal row (as many as the choice's max_cells allows), the line at least one cell.
  pills(cells, choice) {
    if (choice.more !== "line") return [];
    const bound = choice.max_cells === undefined || choice.max_cells === null ? Infinity : choice.max_cells;
    const most = Math.min(cells.length - 1, bound);
    const out = [];
    for (let k = 2; k <= most; k++) {
      const [dr, dc] = [cells[1][0] - cells[0][0], cells[1][1] - cells[0][1]];
      const straight = Math.abs(dr) + Math.abs(dc) === 1 &&
        cells.slice(1, k).every((x, i) => x[0] - cells[i][0] === dr && x[1] - cells[i][1] === dc);
      if (straight) out.push(k);
    }
    return out;
  },
  // A line's drag: two cells or more (an arrow's circle is its first); else the choice's bounds.
  fits(cells, choice) {
    const n = choice.more === "line" ? 1 : cells.length;
    if (choice.more === "line" && cells.length < 2) return false;
    return isPath(cells) && n >= (choice.min_cells || 1) &&
      (choice.max_cells === undefined || choice.max_cells === null || n <= choice.max_cells);
  },
  draw(item, choice, geo) {
    return (LOOKS[choice.look] || line)(item, choice, geo);
  },
};
