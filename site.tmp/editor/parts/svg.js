// What every part module's drawing shares: SVG elements, the drawing's units and where a cell, an
// edge or an outside clue lies in them, a group's outline (cages, regions), and the checks of cells.
//
// Units: one cell is U user units (the viewBox is cols·U wide), so every length below scales with
// the cells; whole numbers rather than fractions of a cell keep Chromium's text sizing out of the
// tiny font sizes it rounds badly. A drawing's geometry `geo` is {rows, cols}.

export const U = 100;
export const MARGIN = 0.7;               // the margin of a side with outside clues, in cells
export const INK = "#1b2233";            // the page's --ink: cage lines, dots, letters

const NS = "http://www.w3.org/2000/svg";

// An SVG element with its attributes (presentation attributes are not inline styles: the CSP allows them).
export function svg(tag, attrs = {}, text = "") {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== "") node.textContent = text;
  return node;
}

// A cell's centre, [x, y]; an outside cell (row -1 or `rows`, column -1 or `cols`) lies in the
// middle of its margin.
export function centre(r, c, geo) {
  const at = (i, n) => (i < 0 ? -MARGIN * U / 2 : i >= n ? n * U + MARGIN * U / 2 : (i + 0.5) * U);
  return [at(c, geo.cols), at(r, geo.rows)];
}

export const key = (r, c) => `${r},${c}`;

// The points of a list of cells, through their centres, as an SVG points list.
export function points(cells, geo) {
  return cells.map(([r, c]) => centre(r, c, geo).join(",")).join(" ");
}

// A line through cell centres, round at its ends and bends.
export function polyline(cells, geo, stroke, width, extra = {}) {
  return svg("polyline", { points: points(cells, geo), fill: "none", stroke, "stroke-width": width,
                           "stroke-linecap": "round", "stroke-linejoin": "round", ...extra });
}

// Text centred on (x, y).
export function label(x, y, text, size, extra = {}) {
  return svg("text", { x, y, "font-size": size, "text-anchor": "middle", "dominant-baseline": "central",
                       "font-family": "system-ui, sans-serif", fill: INK, ...extra }, text);
}

// The outline of a group of cells, `inset` units inside its border, as closed loops of points: each
// cell side with no neighbour in the group is one segment, which stops short of the corner when the
// outline turns outward there, runs on to the cell's border when the next cell continues it, and
// runs past it when the outline turns inward (the cell diagonal across is in the group too); the
// segments, all taken clockwise, are then chained end to start into loops, so a dashed cage line
// runs on without restarting its dashes at every cell.
export function outline(cells, inset) {
  const inside = new Set(cells.map(([r, c]) => key(r, c)));
  const has = (r, c) => inside.has(key(r, c));
  const starts = new Map();
  const half = U / 2;
  for (const [r, c] of cells) {
    const [cx, cy] = [(c + 0.5) * U, (r + 0.5) * U];
    for (const [nx, ny] of [[0, -1], [1, 0], [0, 1], [-1, 0]]) {
      if (has(r + ny, c + nx)) continue;
      const [tx, ty] = [-ny, nx];                              // along the side, clockwise
      const [bx, by] = [cx + nx * (half - inset), cy + ny * (half - inset)];
      const end = (s) => {
        const [nr, nc] = [r + s * ty, c + s * tx];
        const reach = !has(nr, nc) ? half - inset : has(nr + ny, nc + nx) ? half + inset : half;
        return [Math.round(bx + s * tx * reach), Math.round(by + s * ty * reach)];
      };
      const a = end(-1);
      starts.set(a.join(","), [a, end(1)]);
    }
  }
  const loops = [];
  while (starts.size) {
    const [first, segment] = starts.entries().next().value;
    starts.delete(first);
    const loop = [segment[0]];
    let at = segment[1];
    while (at.join(",") !== first && starts.has(at.join(","))) {
      loop.push(at);
      const next = starts.get(at.join(","));
      starts.delete(at.join(","));
      at = next[1];
    }
    loop.push(at);
    loops.push(loop);
  }
  return loops;
}

// Loops of points as one path's `d`.
export function loopPath(loops) {
  return loops.map((loop) => `M${loop.map((p) => p.join(" ")).join("L")}Z`).join("");
}

// The top-left cell of a group: the first of its top row.
export function topLeft(cells) {
  return cells.reduce((a, b) => (b[0] < a[0] || (b[0] === a[0] && b[1] < a[1]) ? b : a));
}

// -- checks of an item's cells (the spec of each part type) ----------------------------------------
export const MAX_CELLS = 1000;           // cells of one item

export const isPath = (cells) => cells.every((x, i) => i === 0 || isKingStep(cells[i - 1], x));

// Whether a value is a list of [r, c] pairs of whole numbers.
export function isCells(list, most = MAX_CELLS) {
  return Array.isArray(list) && list.length <= most &&
    list.every((x) => Array.isArray(x) && x.length === 2 && Number.isInteger(x[0]) && Number.isInteger(x[1]));
}

export const isInside = ([r, c], geo) => r >= 0 && c >= 0 && r < geo.rows && c < geo.cols;
export const isDistinct = (cells) => new Set(cells.map(([r, c]) => key(r, c))).size === cells.length;
export const isKingStep = (a, b) => Math.max(Math.abs(a[0] - b[0]), Math.abs(a[1] - b[1])) === 1;

// One or more distinct cells inside the grid.
export function isCellSet(cells, geo) {
  return isCells(cells) && cells.length >= 1 && cells.every((x) => isInside(x, geo)) && isDistinct(cells);
}
