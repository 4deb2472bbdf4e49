// Outside clues: one cell just outside the grid, the clue on its row, column or diagonal (sandwich,
// x-sum, skyscraper, little killer). An item is made by tapping its place in the margin (with the
// Outside tool) and choosing what it is; a choice with directions is offered once per direction
// whose diagonal enters the grid. Its look:
//   number    the value in the margin beside its row or column;
//   diagonal  the value nudged away from the grid and a small arrow along its direction.
import { INK, MARGIN, U, centre, isCells, label, svg } from "./svg.js";

export const DIRECTIONS = { UL: [-1, -1], UR: [-1, 1], DL: [1, -1], DR: [1, 1] };
export const ARROWS = { UL: "↖", UR: "↗", DL: "↙", DR: "↘" };

// The sides of the grid an outside cell lies beyond (a corner: two).
export function sidesOf([r, c], geo) {
  const sides = [];
  if (r < 0) sides.push("top");
  if (r >= geo.rows) sides.push("bottom");
  if (c < 0) sides.push("left");
  if (c >= geo.cols) sides.push("right");
  return sides;
}

// Whether (r, c) is a place for an outside clue: beside a row or a column, or a corner (`corners`).
export function isOutside([r, c], geo, corners) {
  const rowOut = r === -1 || r === geo.rows;
  const colOut = c === -1 || c === geo.cols;
  if (rowOut && colOut) return !!corners;
  return (rowOut && c >= 0 && c < geo.cols) || (colOut && r >= 0 && r < geo.rows);
}

// The directions from (r, c) whose first step lands in the grid.
export function directionsFrom([r, c], geo) {
  return Object.keys(DIRECTIONS).filter((d) => {
    const [dr, dc] = DIRECTIONS[d];
    return r + dr >= 0 && r + dr < geo.rows && c + dc >= 0 && c + dc < geo.cols;
  });
}

function number(item, choice, geo) {
  const [x, y] = centre(...item.cells[0], geo);
  return { outside: [label(x, y, item.value || "?", 0.4 * U, { "data-part": "value" })] };
}

function diagonal(item, choice, geo) {
  const [r, c] = item.cells[0];
  const [x, y] = centre(r, c, geo);
  const [dr, dc] = DIRECTIONS[item.direction] || [1, 1];
  const half = (i, n) => (i < 0 || i >= n ? MARGIN * U / 2 : U / 2);
  const tip = [x + dc * half(c, geo.cols) * 0.95, y + dr * half(r, geo.rows) * 0.95];
  const tail = [tip[0] - dc * 0.22 * U, tip[1] - dr * 0.22 * U];
  const arm = 0.09 * U;
  const wing = [[tip[0] - dc * arm, tip[1]], tip, [tip[0], tip[1] - dr * arm]];
  const line = { fill: "none", stroke: INK, "stroke-width": 0.03 * U, "stroke-linecap": "round", "stroke-linejoin": "round" };
  return {
    outside: [
      label(x - dc * 0.1 * U, y - dr * 0.1 * U, item.value || "?", 0.32 * U, { "data-part": "value" }),
      svg("line", { x1: tail[0], y1: tail[1], x2: tip[0], y2: tip[1], ...line, "data-part": "arrow" }),
      svg("polyline", { points: wing.map((p) => p.join(",")).join(" "), ...line }),
    ],
  };
}

const LOOKS = { number, diagonal };

export default {
  type: "outside",
  looks: Object.keys(LOOKS),
  gesture: "margin",
  counts: [1, 1],
  // One cell just outside the grid (a corner only for a choice with directions), its diagonal
  // entering the grid (whether a direction is there at all is checked in parts.js).
  check(item, choice, geo) {
    if (!isCells(item.cells) || item.cells.length !== 1 || !isOutside(item.cells[0], geo, choice.directions)) return false;
    return !choice.directions || directionsFrom(item.cells[0], geo).includes(item.direction);
  },
  make(cells, choice, { direction } = {}) {
    return { name: choice.name, cells: [cells[0].slice()], ...(choice.directions ? { direction } : {}) };
  },
  fits(cells, choice, geo) {
    return cells.length === 1 && isOutside(cells[0], geo, choice.directions);
  },
  draw(item, choice, geo) {
    return (LOOKS[choice.look] || number)(item, choice, geo);
  },
};
