// Dots on the edge between two cells or on the corner of four (kropki dots, X and V, quadruples). An
// item is made by tapping an edge or a corner (with the Dots tool) and choosing what it is. Its cells:
// two orthogonal neighbours, or the four cells of a 2×2 block, kept in row-major order (a state's
// cells in another order are put in it). Its look:
//   white / black   a small circle on the edge, its value written in it when one is given;
//   letter          the choice's letter (X, V) with a white halo, so the cell line does not cross it;
//   circle          a white circle on the corner holding the value's digits (a quadruple).
import { INK, U, centre, isCells, isInside, label, svg } from "./svg.js";

// Where the dot sits: the middle of its cells' centres (an edge's midpoint, a corner).
function middle(item, geo) {
  const at = item.cells.map(([r, c]) => centre(r, c, geo));
  return [at.reduce((s, p) => s + p[0], 0) / at.length, at.reduce((s, p) => s + p[1], 0) / at.length];
}

function kropki(item, choice, geo) {
  const [x, y] = middle(item, geo);
  const black = choice.look === "black";
  const nodes = [svg("circle", { cx: x, cy: y, r: (item.value ? 0.16 : 0.13) * U, fill: black ? INK : "#fff", stroke: INK,
                                 "stroke-width": 0.025 * U, "data-part": "dot" })];
  if (item.value) nodes.push(label(x, y, item.value, 0.19 * U, { fill: black ? "#fff" : INK, "data-part": "value" }));
  return { over: nodes };
}

function letter(item, choice, geo) {
  const [x, y] = middle(item, geo);
  return { over: [label(x, y, choice.letter || choice.name.toUpperCase(), 0.42 * U,
                        { "font-weight": 700, stroke: "#fff", "stroke-width": 0.08 * U, "paint-order": "stroke",
                          "data-part": "letter" })] };
}

function circle(item, choice, geo) {
  const [x, y] = middle(item, geo);
  const digits = [...(item.value || "")];
  const nodes = [svg("circle", { cx: x, cy: y, r: 0.3 * U, fill: "#fff", stroke: INK, "stroke-width": 0.025 * U,
                                 "data-part": "dot" })];
  const size = digits.length > 1 ? 0.2 * U : 0.28 * U;
  const at = digits.length === 1 ? [[0, 0]] : digits.length === 2 ? [[-1, 0], [1, 0]]
    : digits.length === 3 ? [[-1, -1], [1, -1], [0, 1]] : [[-1, -1], [1, -1], [-1, 1], [1, 1]];
  for (const [i, d] of digits.slice(0, 4).entries()) {
    const [dx, dy] = at[i];
    nodes.push(label(x + dx * 0.11 * U, y + dy * (digits.length > 2 ? 0.1 * U : 0), d, size));
  }
  return { over: nodes };
}

const LOOKS = { white: kropki, black: kropki, letter, circle };

// Whether cells (row-major) are an edge (two orthogonal neighbours) or a corner (a 2×2 block).
export function isEdge(cells) {
  if (cells.length !== 2) return false;
  const [[r1, c1], [r2, c2]] = cells;
  return (r1 === r2 && c2 === c1 + 1) || (c1 === c2 && r2 === r1 + 1);
}

export function isCorner(cells) {
  if (cells.length !== 4) return false;
  const [r, c] = cells[0];
  return [[r, c], [r, c + 1], [r + 1, c], [r + 1, c + 1]].every(([a, b], i) => cells[i][0] === a && cells[i][1] === b);
}

// How many cells a choice's dot joins: 4 (a corner) or 2 (an edge).
export const cellsOfDot = (choice) => (choice.min_cells === 4 || choice.look === "circle" ? 4 : 2);

const rowMajor = (cells) => cells.map((x) => [x[0], x[1]]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);

export default {
  type: "dot",
  looks: Object.keys(LOOKS),
  gesture: "edge",
  counts: [2, 4],
  check(item, choice, geo) {
    if (!isCells(item.cells) || !item.cells.every((x) => isInside(x, geo))) return false;
    const cells = rowMajor(item.cells);
    return isEdge(cells) || isCorner(cells);
  },
  settle(item) {
    return { ...item, cells: rowMajor(item.cells) };
  },
  make(cells, choice) {
    return { name: choice.name, cells: cells.map((x) => x.slice()) };
  },
  fits(cells, choice) {
    return cells.length === cellsOfDot(choice);
  },
  draw(item, choice, geo) {
    return (LOOKS[choice.look] || kropki)(item, choice, geo);
  },
};
