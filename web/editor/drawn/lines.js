// The path shapes: lines through cell centres (thermometers, arrows, and the coloured lines), drawn
// as setters know them from SudokuPad and f-puzzles. Every painter returns its nodes by layer (see
// drawn.js): `lines` lies under the digits.
import { U, centre, polyline, svg } from "./svg.js";

const GREY = "#c8c8c8";                  // thermometers, as SudokuPad's
const ARROW = "#9a9a9a";                 // arrows' circles and lines
const BULB = 0.38 * U;
const CIRCLE = 0.38 * U;                 // an arrow's circle, a between line's ends

// Coloured lines: their colour and width (in cells). Each family its own colour, as setters draw them.
const LINES = {
  palindrome: ["#b4b4b4", 0.2],
  renban: ["#e79be9", 0.3],              // purple/pink
  whispers: ["#62cd62", 0.22],           // German whispers: green
  dutchwhispers: ["#f4a340", 0.22],      // orange
  regionsum: ["#4f9be8", 0.2],           // blue
  entropic: ["#d8b51f", 0.22],           // mustard
  modular: ["#2fb3a4", 0.22],            // teal
  zipper: ["#9b7fe6", 0.22],             // lavender
};

// A hollow circle: white inside (the layer multiplies, so white shows the cell as it is and hides
// the line that runs into it).
const ring = ([x, y], r, stroke, width) => svg("circle", { cx: x, cy: y, r, fill: "#fff", stroke, "stroke-width": width });

function thermo(con, n) {
  const [x, y] = centre(...con.cells[0], n);
  const line = polyline(con.cells, n, GREY, 0.3 * U);
  if (con.type === "slowthermo") return { lines: [line, ring([x, y], BULB - 0.05 * U, GREY, 0.1 * U)] };
  return { lines: [line, svg("circle", { cx: x, cy: y, r: BULB, fill: GREY, "data-part": "bulb" })] };
}

// An arrowhead at the line's last point, along its last step.
function head(from, to) {
  const [dx, dy] = [to[0] - from[0], to[1] - from[1]];
  const len = Math.hypot(dx, dy) || 1;
  const [ux, uy] = [dx / len, dy / len];
  const size = 0.26 * U;
  const side = (s) => [to[0] - size * (ux * 0.8 - s * uy * 0.6), to[1] - size * (uy * 0.8 + s * ux * 0.6)];
  return svg("polyline", { points: [side(1), to, side(-1)].map((p) => p.join(",")).join(" "), fill: "none",
                           stroke: ARROW, "stroke-width": 0.05 * U, "stroke-linecap": "round", "stroke-linejoin": "round" });
}

// The circle of an arrow: one cell a circle, several a rounded pill around them (a wide outline
// stroke under a slightly narrower white one, which follows any shape of adjacent cells).
function circle(cells, n) {
  if (cells.length === 1) return [ring(centre(...cells[0], n), CIRCLE, ARROW, 0.05 * U)];
  return [polyline(cells, n, ARROW, 2 * CIRCLE + 0.05 * U), polyline(cells, n, "#fff", 2 * CIRCLE - 0.05 * U)];
}

// Arrow: the line leaves the circle's cell nearest its first cell and ends in a head.
function arrow(con, n) {
  const line = con.more || [];
  if (!line.length) return { lines: circle(con.cells, n) };
  const near = con.cells.reduce((a, b) => (dist(b, line[0]) < dist(a, line[0]) ? b : a));
  const path = [near, ...line];
  const ends = path.slice(-2).map(([r, c]) => centre(r, c, n));
  return { lines: [polyline(path, n, ARROW, 0.05 * U), head(...ends), ...circle(con.cells, n)] };
}
const dist = (a, b) => Math.max(Math.abs(a[0] - b[0]), Math.abs(a[1] - b[1]));

// Double arrow and between line: a line whose two ends are circles.
function ends(con, n, width) {
  const stroke = con.type === "between" ? "#b4b4b4" : ARROW;
  const ringWidth = con.type === "between" ? 0.06 * U : 0.05 * U;
  const first = centre(...con.cells[0], n);
  const last = centre(...con.cells[con.cells.length - 1], n);
  return { lines: [polyline(con.cells, n, stroke, width), ring(first, CIRCLE, stroke, ringWidth),
                   ring(last, CIRCLE, stroke, ringWidth)] };
}

export const PATHS = {
  thermo, slowthermo: thermo, arrow,
  doublearrow: (con, n) => ends(con, n, 0.05 * U),
  between: (con, n) => ends(con, n, 0.1 * U),
};
for (const [type, [colour, width]] of Object.entries(LINES)) {
  PATHS[type] = (con, n) => ({ lines: [polyline(con.cells, n, colour, width * U)] });
}
