// The variant drawing: the constraints and irregular regions the engine read from the puzzle (its
// `parse` answer's board: `constraints`, `regions`), drawn on the board as setters know them from
// SudokuPad and f-puzzles. JS never reads the clue text itself; it draws what the engine sends.
//
// An overlay of two SVG layers inside the board, scaled with the cells (the viewBox counts cells,
// the CSS sizes it to the board) and never taking a tap (pointer-events: none):
//   under  shading, lines and cages, multiplied onto the cells (mix-blend-mode in page CSS): a digit
//          stays black over a grey line, and a selected or coloured cell keeps its colour under it,
//          so it reads as drawn under the digits while lying over the cells' opaque backgrounds;
//   over   what sits on cell borders (dots, X/V, quadruples) and the outside clues in the margins.
// Regions are no SVG: they replace the box lines as the cells' own thick borders (bt/bl), the look
// box lines have. Each constraint's label is its group's <title>, and, since the overlay takes no
// pointer, also the hover text of its cells (an outside clue's group alone takes the pointer: it
// lies in the margin, over no cell).
import { GROUPS } from "./drawn/cells.js";
import { EDGES, sidesOf } from "./drawn/edges.js";
import { PATHS } from "./drawn/lines.js";
import { MARGIN, U, key, svg } from "./drawn/svg.js";
import { el } from "./schema.js";

const PAINTERS = { ...PATHS, ...GROUPS, ...EDGES };
// A type this page does not know yet still shows, drawn as the shape it has.
const BY_SHAPE = { path: PATHS.palindrome, group: GROUPS.extraregion, cell: GROUPS.odd, dot: EDGES.white,
                   outside: EDGES.sandwich };
// The sub-layers, bottom to top, and the layer each lies in.
const LAYERS = { under: ["shade", "lines", "cages"], over: ["over", "outside"] };
const SAID = 12;                         // the labels the overlay's aria-label lists before "and N more"

export function drawnLayer(ed) {
  const { board, layout } = ed;
  // Only a layout with a Variant clues field is drawn: other kinds' boards may carry a `regions`
  // of their own meaning (number cross), which their own layout draws.
  const drawable = (layout.extras || []).some((x) => x.key === "drawn");

  // The drawing of an engine board (or none): what it draws and, per cell, the labels said there.
  function setDrawn(b) {
    const constraints = b && Array.isArray(b.constraints) ? b.constraints : [];
    const regions = b && Array.isArray(b.regions) ? b.regions : null;
    ed.drawn = drawable && (constraints.length || regions)
      ? { rows: b.rows, cols: b.cols, constraints, regions, said: said(constraints) } : null;
    render();
    ed.draw();
    ed.fit();
  }

  function said(constraints) {
    const at = new Map();
    for (const con of constraints) {
      for (const [r, c] of [...con.cells, ...(con.more || [])]) {
        const k = key(r, c);
        if (!at.has(k)) at.set(k, []);
        if (!at.get(k).includes(con.label)) at.get(k).push(con.label);
      }
    }
    return at;
  }

  // The drawing when it is of the grid shown (a size changed since: none until the next check).
  function current() {
    const d = ed.drawn;
    return d && !ed.markSigns && d.rows === ed.state.rows && d.cols === ed.state.cols ? d : null;
  }

  // The overlay, made again for each drawing and each build (the board's children are rebuilt).
  function render() {
    for (const old of board.querySelectorAll(":scope > .drawn")) old.remove();
    const d = current();
    const n = ed.state.rows;
    const margins = { top: 0, left: 0, right: 0, bottom: 0 };
    const constraints = d ? d.constraints : [];
    for (const con of constraints) {
      if (con.shape === "outside") for (const side of sidesOf(con.cells[0], n)) margins[side] = MARGIN;
    }
    ed.margins = margins;
    for (const [side, m] of Object.entries(margins)) board.style.setProperty(`--m-${side}`, String(m));
    if (!constraints.length) return;
    const box = `0 0 ${n * U} ${n * U}`;
    const layers = {};
    const parts = {};
    for (const [layer, subs] of Object.entries(LAYERS)) {
      layers[layer] = svg("svg", { class: `drawn-${layer}`, viewBox: box, "aria-hidden": "true", focusable: "false" });
      for (const sub of subs) layers[layer].append(parts[sub] = svg("g", { "data-layer": sub }));
    }
    const nth = {};                                    // each clone its own tint: its place among clones
    for (const [i, con] of constraints.entries()) {
      const paint = PAINTERS[con.type] || BY_SHAPE[con.shape];
      nth[con.type] = (nth[con.type] ?? -1) + 1;
      if (!paint) continue;
      for (const [sub, nodes] of Object.entries(paint(con, n, nth[con.type]))) {
        if (!parts[sub] || !nodes.length) continue;
        const g = svg("g", { "data-type": con.type, "data-index": i, ...(sub === "outside" ? { class: "drawn-outside" } : {}) });
        g.append(svg("title", {}, con.label || con.type), ...nodes);
        parts[sub].append(g);
      }
    }
    const wrap = el("div", { class: "drawn", "data-testid": "drawn", role: "img", "aria-label": summary(constraints) });
    wrap.append(layers.under, layers.over);
    board.append(wrap);
  }

  function summary(constraints) {
    const labels = constraints.map((con) => con.label || con.type);
    const more = labels.length > SAID ? `; and ${labels.length - SAID} more` : "";
    return `Variant clues: ${labels.slice(0, SAID).join("; ")}${more}`;
  }

  // The thick lines of a cell where irregular regions replace the boxes: {top, left}, or null (boxes).
  function regionEdges(r, c) {
    const d = current();
    if (!d || !d.regions || d.regions.length !== d.rows * d.cols) return null;
    const at = (i, j) => d.regions[i * d.cols + j];
    return { top: r > 0 && at(r - 1, c) !== at(r, c), left: c > 0 && at(r, c - 1) !== at(r, c) };
  }

  // The labels of the constraints on a cell, one a line (its hover text), or "".
  function drawnAt(r, c) {
    const d = current();
    return d ? (d.said.get(key(r, c)) || []).join("\n") : "";
  }

  return { setDrawn, renderDrawn: render, regionEdges, drawnAt };
}
