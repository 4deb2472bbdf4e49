// Marking the lattice (parts/lattice.js) by mouse or touch, as puzz.link does: in edit mode the givens
// of a lattice part while its tool is on (tool-lattice-KEY, partedit.js), in play mode the player's
// marks with the part `layout.play.lattice` names (over the givens, which stay).
//   a tap near a cell's side     cycles that edge: no mark → border (or a line, when the part has no
//                                border) → cross; a right click cycles the other way;
//   a tap inside a cell          cycles it: no mark → shaded → dot (a right click the other way);
//   a drag from a cell's centre  draws a line from centre to centre over each step (or erases it, when
//                                the first step crossed a line); from a corner, borders likewise.
// Keys, with the selected cell: Shift+arrow draws (or erases) the line from it to the next cell that
// way and moves there, or, when the part draws no line, cycles the border on that side as a tap; Space
// cycles the cell as a tap (in play mode when the cells take no value).
// A layout whose play has `spans` (lines run straight between clue cells, one or two: gridlogic/layout/play.py)
// is played as puzz.link plays bridges: a drag over a step between two clue cells cycles the line over
// the whole way between them, none → line → double → none (once a way in a drag); a tap on a side of
// such a way toggles its cross, taking the way's line away, and a right drag puts crosses on the steps
// it crosses (or takes them off, when the first had one); Shift+arrow cycles the way on that side.
// A tap, a whole drag or a key is one undo step. The cursor moves to the cell pressed.
import { playPart } from "../codecs/play.js";
import { MODULES, partsOf } from "./parts.js";
import { cellPoint, edgeBetween, hasMark, kindOf, looksOf, pointKey, setMark, stroke, tap, targetAt, wordsAt } from "./parts/lattice.js";

const HIT = 0.3;                         // a drag reaches a centre or a corner within this (in cells)
const STEPS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

export function latticeEditor(ed) {
  const { layout } = ed;
  const { board } = ed.dom;
  const parts = partsOf(layout).filter((p) => MODULES[p.type].gesture === "lattice");
  const player = playPart(layout);
  const inner = !!(layout.play && layout.play.inner);     // play marks between two cells only
  const geo = () => ({ rows: ed.state.rows, cols: ed.state.cols, inner: inner && ed.mode === "play" });
  let pressed = null;                    // a press on the lattice: {key, looks, play, start, back, last, on, moved, before, changed, ways}
  const spans = !!(layout.play && layout.play.spans);

  // The edge points of the way through edge p between the clue cells nearest it each way along its
  // row or column, or null when the grid ends first that way.
  function wayAt([y, x]) {
    const g = geo();
    const [dy, dx] = (y & 1) === 1 ? [0, 2] : [2, 0];
    const clue = ([py, px]) => ed.state.cells[((py - 1) / 2) * g.cols + (px - 1) / 2] !== "";
    const inside = ([py, px]) => py > 0 && px > 0 && py < 2 * g.rows && px < 2 * g.cols;
    let a = [y - dy / 2, x - dx / 2];
    while (inside(a) && !clue(a)) a = [a[0] - dy, a[1] - dx];
    let b = [y + dy / 2, x + dx / 2];
    while (inside(b) && !clue(b)) b = [b[0] + dy, b[1] + dx];
    if (!inside(a) || !inside(b)) return null;
    const out = [];
    for (let p = [a[0] + dy / 2, a[1] + dx / 2]; p[0] < b[0] || p[1] < b[1]; p = [p[0] + dy, p[1] + dx]) out.push(p);
    return out;
  }

  // The way through edge p moves on: none → line → double → none, over all its points. True when changed.
  function cycleWay(value, looks, p) {
    const way = wayAt(p);
    const line = Object.keys(looks).find((n) => looks[n] === "line");
    const double = Object.keys(looks).find((n) => looks[n] === "double");
    if (!way || !line || !double) return false;
    const next = hasMark(value, double, p) ? null : hasMark(value, line, p) ? double : line;
    let changed = false;
    for (const q of way) {
      for (const n of [line, double]) if (n !== next) changed = setMark(value, looks, n, q, false) || changed;
      if (next) changed = setMark(value, looks, next, q, true) || changed;
    }
    return changed;
  }

  // A tap on a side of a way: its cross on or off (`on`: as given; by default the other way round); put
  // on, the way's line goes. True when changed.
  function crossWay(value, looks, p, on = null) {
    const way = wayAt(p);
    const cross = Object.keys(looks).find((n) => looks[n] === "cross");
    if (!way || !cross) return false;
    if (on === false || (on === null && hasMark(value, cross, p))) return setMark(value, looks, cross, p, false);
    for (const q of way) {
      for (const n of Object.keys(looks)) if (["line", "double"].includes(looks[n])) setMark(value, looks, n, q, false);
    }
    return setMark(value, looks, cross, p, true);
  }

  // The part a press marks now, or null.
  function partNow() {
    if (ed.mode === "play") return player;
    if (!ed.editable || ed.mode !== "edit") return null;
    return parts.find((p) => ed.tool === `lattice-${p.key}`) || null;
  }

  // The value a stroke edits (fetched at each step: an undo may have replaced it) and the marks it
  // may not touch.
  function valueOf(s) {
    if (s.play) return { value: ed.play.lattice, fixed: ed.state.parts[s.key] || {} };
    if (!ed.state.parts[s.key]) ed.state.parts[s.key] = {};
    return { value: ed.state.parts[s.key], fixed: null };
  }

  function where(event, node) {
    const box = node.getBoundingClientRect();
    return { r: +node.dataset.r, c: +node.dataset.c, fx: (event.clientX - box.left) / box.width,
             fy: (event.clientY - box.top) / box.height };
  }

  // A press on the board (input.js): true when it was the lattice's.
  function press(event) {
    const part = partNow();
    const node = event.target.closest(".cell");
    if (!part || !node) return false;
    const { r, c, fx, fy } = where(event, node);
    const start = targetAt(r, c, fx, fy);
    ed.input.move(r, c);
    pressed = { key: part.key, looks: looksOf(part), play: ed.mode === "play", start, back: event.button === 2,
                         last: kindOf(start) === "edge" ? null : start, on: null, moved: false, before: ed.history.snapshot(),
                         changed: false, ways: new Set() };
    if (board.setPointerCapture) {
      try {
        board.setPointerCapture(event.pointerId);
      } catch (err) {
        // a synthetic pointer cannot be captured: the stroke still follows the board's own events
      }
    }
    return true;
  }

  // The centre or corner under a point, when near one the part draws through (line: centres,
  // border: corners), or null.
  function nodeAt(x, y, looks) {
    const hit = document.elementFromPoint(x, y);
    const node = hit && hit.closest && hit.closest(".cell");
    if (!node || !board.contains(node)) return null;
    const { r, c, fx, fy } = where({ clientX: x, clientY: y }, node);
    const has = (look) => Object.values(looks).includes(look);
    if (has("line") && Math.hypot(fx - 0.5, fy - 0.5) <= HIT) return [2 * r + 1, 2 * c + 1];
    const [gx, gy] = [Math.round(fx), Math.round(fy)];
    if (has("border") && Math.hypot(fx - gx, fy - gy) <= HIT) return [2 * r + 2 * gy, 2 * c + 2 * gx];
    return null;
  }

  function drag(event) {
    const s = pressed;
    if (!s) return false;
    const at = nodeAt(event.clientX, event.clientY, s.looks);
    if (!at || (s.last && at[0] === s.last[0] && at[1] === s.last[1])) return true;
    const from = s.last;
    s.last = at;
    if (!from || kindOf(from) !== kindOf(at) || (from[0] !== at[0] && from[1] !== at[1])) return true;
    const look = kindOf(at) === "cell" ? "line" : "border";
    const name = Object.keys(s.looks).find((n) => s.looks[n] === look);
    const [dy, dx] = [Math.sign(at[0] - from[0]) * 2, Math.sign(at[1] - from[1]) * 2];
    for (let p = from; p[0] !== at[0] || p[1] !== at[1]; p = [p[0] + dy, p[1] + dx]) {    // a fast drag's skipped steps too
      const edge = edgeBetween(p, [p[0] + dy, p[1] + dx]);
      const { value, fixed } = valueOf(s);
      if (spans && s.play && look === "line" && s.back) {   // a right drag: crosses on the steps it crosses
        const cross = Object.keys(s.looks).find((n) => s.looks[n] === "cross");
        if (s.on === null) s.on = !hasMark(value, cross, edge);
        s.changed = crossWay(value, s.looks, edge, s.on) || s.changed;
        s.moved = true;
        continue;
      }
      if (spans && s.play && look === "line") {             // the way between two clue cells, once a drag
        const way = wayAt(edge);
        if (way && !s.ways.has(pointKey(way[0]))) {
          s.ways.add(pointKey(way[0]));
          s.changed = cycleWay(value, s.looks, edge) || s.changed;
        }
        s.moved = true;
        continue;
      }
      if (s.on === null) s.on = !hasMark(value, name, edge);
      s.changed = stroke(value, s.looks, name, edge, s.on, geo(), fixed) || s.changed;
      s.moved = true;
    }
    if (s.changed) {
      ed.solution = null;
      ed.view.draw();
    }
    return true;
  }

  // The press ended: a tap when no step was drawn; one undo step for what changed.
  function release(cancelled = false) {
    const s = pressed;
    if (!s) return;
    pressed = null;
    if (!s.moved && !cancelled) {
      const { value, fixed } = valueOf(s);
      if (spans && s.play) {
        if (kindOf(s.start) === "edge") s.changed = crossWay(value, s.looks, s.start) || s.changed;
      } else {
        s.changed = tap(value, s.looks, s.start, geo(), { back: s.back, fixed }) || s.changed;
      }
      const there = Object.keys(s.looks).filter((n) => hasMark(value, n, s.start));
      ed.input.say(there.length ? there.join(" and ") : "no mark");
    }
    if (s.changed) {
      ed.history.remember(s.before);
      ed.history.edited();
    }
  }

  // A key on the board (before input.js's): Shift+arrows and Space, as the top says.
  board.addEventListener("keydown", (event) => {
    const part = partNow();
    if (!part || event.ctrlKey || event.metaKey || event.altKey || pressed) return;
    const looks = looksOf(part);
    const has = (look) => Object.values(looks).includes(look);
    const play = ed.mode === "play";
    const step = STEPS[event.key] && event.shiftKey;
    if (!step && !(event.key === " " && (has("shade") || has("dot")) && !(play && layout.play.values))) return;
    const { r, c } = ed.cursor;
    const here = cellPoint(r, c);
    const { value, fixed } = valueOf({ key: part.key, play });
    const before = ed.history.snapshot();
    let changed;
    let said = here;
    if (step) {
      const [dr, dc] = STEPS[event.key];
      const side = [here[0] + dr, here[1] + dc];
      const g = geo();
      const next = [r + dr, c + dc];
      if (spans && play) {
        changed = cycleWay(value, looks, side);
        if (next[0] >= 0 && next[1] >= 0 && next[0] < g.rows && next[1] < g.cols) ed.input.move(next[0], next[1]);
      } else if (has("line") && next[0] >= 0 && next[1] >= 0 && next[0] < g.rows && next[1] < g.cols) {
        const name = Object.keys(looks).find((n) => looks[n] === "line");
        changed = stroke(value, looks, name, side, !hasMark(value, name, side), g, fixed);
        ed.input.move(next[0], next[1]);
      } else {
        changed = tap(value, looks, side, g, { fixed });
      }
      said = side;
    } else {
      changed = tap(value, looks, here, geo(), { fixed });
    }
    event.preventDefault();
    event.stopImmediatePropagation();
    const there = Object.keys(looks).filter((n) => hasMark(value, n, said));
    ed.input.say(there.length ? there.join(" and ") : "no mark");
    if (changed) {
      ed.history.remember(before);
      ed.history.edited();
    }
  });

  // The marks on cell (r, c) and its sides, in words (draw.js's describe): the givens', then the player's.
  function words(r, c) {
    const words = [];
    for (const part of parts) words.push(...wordsAt(ed.state.parts[part.key], part, r, c));
    if (player) words.push(...wordsAt(ed.play.lattice, player, r, c).map((w) => `${w} (yours)`));
    return words;
  }

  return { press, drag, release, words };
}
