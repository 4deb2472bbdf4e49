// What sits on an edge or outside the grid: kropki dots and X/V on the edge between two cells (over
// the digits: they sit on the cell border, where no digit is), and the outside clues in the margin
// beside their row, column or diagonal (sandwich, x-sum, skyscraper, little killer).
import { INK, MARGIN, U, centre, label, svg } from "./svg.js";

const DEFAULT = { white: 1, black: 2 };  // the value a dot means when none is written

// Kropki dot: white (white fill, dark ring) or black, centred on the shared edge; its value written
// in it only when it is not the dot's usual one.
function dot(con, n) {
  const [a, b] = con.cells.map(([r, c]) => centre(r, c, n));
  const [x, y] = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
  if (con.type === "x" || con.type === "v") {
    // The letter with a white halo, so the cell line under it does not cross it.
    return { over: [label(x, y, con.type.toUpperCase(), 0.42 * U, { "font-weight": 700, stroke: "#fff",
                                                                    "stroke-width": 0.08 * U, "paint-order": "stroke" })] };
  }
  const black = con.type === "black";
  const shown = con.value !== undefined && con.value !== null && con.value !== DEFAULT[con.type];
  const nodes = [svg("circle", { cx: x, cy: y, r: (shown ? 0.16 : 0.13) * U, fill: black ? INK : "#fff", stroke: INK,
                                 "stroke-width": 0.025 * U, "data-part": "dot" })];
  if (shown) nodes.push(label(x, y, String(con.value), 0.19 * U, { fill: black ? "#fff" : INK }));
  return { over: nodes };
}

// The sides an outside cell lies beyond (a little killer's corner cell: two).
export function sidesOf([r, c], n) {
  const sides = [];
  if (r < 0) sides.push("top");
  if (r >= n) sides.push("bottom");
  if (c < 0) sides.push("left");
  if (c >= n) sides.push("right");
  return sides;
}

// A row or column clue: its number in the margin beside the line it reads.
function outside(con, n) {
  const [r, c] = con.cells[0];
  const [x, y] = centre(r, c, n);
  const value = con.value === undefined || con.value === null ? "" : String(con.value);
  if (con.type !== "littlekiller") return { outside: [label(x, y, value, 0.4 * U)] };
  // Little killer: the number, nudged away from the grid, and a small arrow toward the grid corner
  // its diagonal enters by.
  const [dr, dc] = { UL: [-1, -1], UR: [-1, 1], DL: [1, -1], DR: [1, 1] }[con.direction] || [1, 1];
  const half = (i) => (i < 0 || i >= n ? MARGIN * U / 2 : U / 2);     // the clue cell's half size
  const tip = [x + dc * half(c) * 0.95, y + dr * half(r) * 0.95];
  const tail = [tip[0] - dc * 0.22 * U, tip[1] - dr * 0.22 * U];
  const arm = 0.09 * U;
  const wing = [[tip[0] - dc * arm, tip[1]], tip, [tip[0], tip[1] - dr * arm]];
  const line = { fill: "none", stroke: INK, "stroke-width": 0.03 * U, "stroke-linecap": "round", "stroke-linejoin": "round" };
  return {
    outside: [
      label(x - dc * 0.1 * U, y - dr * 0.1 * U, value, 0.32 * U),
      svg("line", { x1: tail[0], y1: tail[1], x2: tip[0], y2: tip[1], ...line }),
      svg("polyline", { points: wing.map((p) => p.join(",")).join(" "), ...line }),
    ],
  };
}

export const EDGES = { white: dot, black: dot, x: dot, v: dot };
for (const type of ["sandwich", "xsum", "skyscraper", "littlekiller"]) EDGES[type] = outside;
