// The group and cell shapes: killer cages, extra regions, clones, quadruples, indexers, and the
// marks of single cells (odd, even, minimum, maximum). Layers as in drawn.js: `shade` (tints),
// `cages` (outlines and cage sums, under the digits) and `over` (the quadruple's circle).
import { INK, U, centre, label, loopPath, outline, svg, topLeft } from "./svg.js";

const SHADE = "#e2e2e2";                 // odd/even marks, extra regions
const CLONES = ["#ffd9a8", "#c6e4ff", "#d3f2c6", "#f4cff4", "#fff0a0", "#d9d3ff"];
const INDEXERS = { rowindexer: "#ffdede", columnindexer: "#dbe7ff", boxindexer: "#dff3d8" };
const SUM_SIZE = 0.24 * U;               // a cage's sum: small, in its top-left corner

const square = ([r, c], fill) => svg("rect", { x: c * U, y: r * U, width: U, height: U, fill });

// Killer cage: a dashed line inset from the cage's outline, its sum in the top-left cell's corner
// on a white patch that cuts the line (white vanishes in the multiplied layer, so the cell's own
// colour shows through it).
function killer(con) {
  const cage = svg("path", { d: loopPath(outline(con.cells, 0.07 * U)), fill: "none", stroke: INK,
                             "stroke-width": 0.022 * U, "stroke-dasharray": `${0.07 * U} ${0.045 * U}` });
  if (con.value === undefined || con.value === null) return { cages: [cage] };
  const [r, c] = topLeft(con.cells);
  const text = String(con.value);
  const width = text.length * 0.6 * SUM_SIZE + 0.04 * U;
  const patch = svg("rect", { x: c * U + 0.02 * U, y: r * U + 0.02 * U, width, height: SUM_SIZE + 0.02 * U, fill: "#fff" });
  const sum = svg("text", { x: c * U + 0.04 * U, y: r * U + 0.03 * U + 0.8 * SUM_SIZE, "font-size": SUM_SIZE,
                            "font-family": "system-ui, sans-serif", fill: INK }, text);
  return { cages: [cage, patch, sum] };
}

// Extra region: its cells shaded, and a solid border just inside them.
function extraRegion(con) {
  return {
    shade: con.cells.map((x) => square(x, SHADE)),
    cages: [svg("path", { d: loopPath(outline(con.cells, 0.04 * U)), fill: "none", stroke: "#8a8a8a", "stroke-width": 0.04 * U })],
  };
}

// Clone: both shapes in one tint, each pair of clones its own.
function clone(con, n, index) {
  const tint = CLONES[index % CLONES.length];
  return { shade: [...con.cells, ...(con.more || [])].map((x) => square(x, tint)) };
}

// Quadruple: a white circle on the corner the four cells share, holding its digits.
function quadruple(con) {
  const x = (Math.min(...con.cells.map((p) => p[1])) + 1) * U;
  const y = (Math.min(...con.cells.map((p) => p[0])) + 1) * U;
  const digits = (con.digits || []).map(String);
  const r = 0.3 * U;
  const nodes = [svg("circle", { cx: x, cy: y, r, fill: "#fff", stroke: INK, "stroke-width": 0.025 * U })];
  const size = digits.length > 1 ? 0.2 * U : 0.28 * U;
  const at = digits.length === 1 ? [[0, 0]] : digits.length === 2 ? [[-1, 0], [1, 0]]
    : [[-1, -1], [1, -1], [-1, 1], [1, 1]];
  for (const [i, d] of digits.entries()) {
    const [dx, dy] = at[i];
    nodes.push(label(x + dx * 0.11 * U, y + dy * (digits.length > 2 ? 0.1 * U : 0), d, size));
  }
  return { over: nodes };
}

// Minimum / maximum: a small chevron by each side that has a neighbour, pointing at the neighbour
// for a maximum (the cell is greater: "›" opens toward the larger) and at the cell for a minimum.
function chevrons(con, n) {
  const out = con.type === "maximum" ? 1 : -1;
  const nodes = [];
  for (const [r, c] of con.cells) {
    const [x, y] = centre(r, c, n);
    for (const [dx, dy] of [[0, -1], [1, 0], [0, 1], [-1, 0]]) {
      if (r + dy < 0 || r + dy >= n || c + dx < 0 || c + dx >= n) continue;
      const [tx, ty] = [x + dx * 0.4 * U, y + dy * 0.4 * U];            // the tip's line, near the side
      const tip = [tx + out * dx * 0.05 * U, ty + out * dy * 0.05 * U];
      const back = (s) => [tx - out * dx * 0.05 * U + s * dy * 0.1 * U, ty - out * dy * 0.05 * U + s * dx * 0.1 * U];
      nodes.push(svg("polyline", { points: [back(1), tip, back(-1)].map((p) => p.join(",")).join(" "), fill: "none",
                                   stroke: "#8a8a8a", "stroke-width": 0.035 * U, "stroke-linecap": "round",
                                   "stroke-linejoin": "round" }));
    }
  }
  return { cages: nodes };
}

// Odd: a grey circle; even: a grey square (under the digit).
function parity(con, n) {
  return {
    shade: con.cells.map(([r, c]) => {
      const [x, y] = centre(r, c, n);
      return con.type === "odd" ? svg("circle", { cx: x, cy: y, r: 0.34 * U, fill: SHADE })
        : svg("rect", { x: x - 0.33 * U, y: y - 0.33 * U, width: 0.66 * U, height: 0.66 * U, fill: SHADE });
    }),
  };
}

export const GROUPS = {
  killer, extraregion: extraRegion, clone, quadruple,
  odd: parity, even: parity, minimum: chevrons, maximum: chevrons,
};
for (const [type, tint] of Object.entries(INDEXERS)) {
  GROUPS[type] = (con) => ({ shade: con.cells.map((x) => square(x, tint)) });
}
