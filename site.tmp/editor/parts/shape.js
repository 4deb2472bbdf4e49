// Cell shapes: single cells each under the same rule (odd, even, minimum, maximum). An item is made
// by dragging across its cells (or the selected cell alone) and choosing what it is. Its look:
//   circle / square   a grey circle or square under the digit;
//   up / down         a small chevron by each side that has a neighbour, pointing in at the cell
//                     (up: a minimum, smaller than its neighbours) or out at the neighbour (down).
import { MAX_CELLS, U, centre, isCellSet, svg } from "./svg.js";

const SHADE = "#e2e2e2";

function circle(item, choice, geo) {
  return { shade: item.cells.map(([r, c]) => {
    const [x, y] = centre(r, c, geo);
    return svg("circle", { cx: x, cy: y, r: 0.34 * U, fill: choice.colour || SHADE, "data-part": "shape" });
  }) };
}

function square(item, choice, geo) {
  return { shade: item.cells.map(([r, c]) => {
    const [x, y] = centre(r, c, geo);
    return svg("rect", { x: x - 0.33 * U, y: y - 0.33 * U, width: 0.66 * U, height: 0.66 * U, fill: choice.colour || SHADE,
                         "data-part": "shape" });
  }) };
}

function chevrons(item, choice, geo) {
  const out = choice.look === "down" ? 1 : -1;
  const nodes = [];
  for (const [r, c] of item.cells) {
    const [x, y] = centre(r, c, geo);
    for (const [dx, dy] of [[0, -1], [1, 0], [0, 1], [-1, 0]]) {
      if (r + dy < 0 || r + dy >= geo.rows || c + dx < 0 || c + dx >= geo.cols) continue;
      const [tx, ty] = [x + dx * 0.4 * U, y + dy * 0.4 * U];            // the tip's line, near the side
      const tip = [tx + out * dx * 0.05 * U, ty + out * dy * 0.05 * U];
      const back = (s) => [tx - out * dx * 0.05 * U + s * dy * 0.1 * U, ty - out * dy * 0.05 * U + s * dx * 0.1 * U];
      nodes.push(svg("polyline", { points: [back(1), tip, back(-1)].map((p) => p.join(",")).join(" "), fill: "none",
                                   stroke: "#8a8a8a", "stroke-width": 0.035 * U, "stroke-linecap": "round",
                                   "stroke-linejoin": "round", "data-part": "shape" }));
    }
  }
  return { cages: nodes };
}

const LOOKS = { circle, square, up: chevrons, down: chevrons };

export default {
  type: "shape",
  looks: Object.keys(LOOKS),
  gesture: "cells",
  counts: [1, MAX_CELLS],
  check(item, choice, geo) {
    return isCellSet(item.cells, geo);
  },
  make(cells, choice) {
    return { name: choice.name, cells: cells.map((x) => x.slice()) };
  },
  fits(cells, choice) {
    const n = cells.length;
    return n >= (choice.min_cells || 1) && (choice.max_cells === undefined || choice.max_cells === null || n <= choice.max_cells);
  },
  draw(item, choice, geo) {
    return (LOOKS[choice.look] || circle)(item, choice, geo);
  },
};
