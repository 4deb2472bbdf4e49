// Marking the lattice (parts/lattice.js) by mouse or touch, as puzz.link does: in edit mode the givens
// of a lattice part while its tool is on (tool-lattice-KEY, partedit.js), in play mode the player's
// marks with the part `layout.play.lattice` names (over the givens, which stay).
//   a tap near a cell's side     cycles that edge: no mark → border (or a line, when the part has no
//                                border) → cross; a right click cycles the other way;
//   a tap inside a cell          cycles it: no mark → shaded → dot (a right click the other way);
//   a drag from a cell's centre  draws a line from centre to centre over each step (or erases it, when
//                                the first step crossed a line); from a corner, borders likewise.
// A tap or a whole drag is one undo step. The cursor moves to the cell pressed.
import { playPart } from "../play.js";
import { MODULES, partsOf } from "./parts.js";
import { edgeBetween, hasMark, kindOf, looksOf, stroke, tap, targetAt, wordsAt } from "./parts/lattice.js";

const HIT = 0.3;                         // a drag reaches a centre or a corner within this (in cells)

export function latticeEditor(ed) {
  const { layout, board } = ed;
  const parts = partsOf(layout).filter((p) => MODULES[p.type].whole);
  const player = playPart(layout);
  const geo = () => ({ rows: ed.state.rows, cols: ed.state.cols });
  ed.latticeStroke = null;               // a press on the lattice: {key, play, start, back, last, on, moved, before, changed}

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
  function latticeDown(event) {
    const part = partNow();
    const node = event.target.closest(".cell");
    if (!part || !node) return false;
    const { r, c, fx, fy } = where(event, node);
    const start = targetAt(r, c, fx, fy);
    ed.move(r, c);
    ed.latticeStroke = { key: part.key, looks: looksOf(part), play: ed.mode === "play", start, back: event.button === 2,
                         last: kindOf(start) === "edge" ? null : start, on: null, moved: false, before: ed.snapshot(),
                         changed: false };
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

  function latticeMove(event) {
    const s = ed.latticeStroke;
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
      if (s.on === null) s.on = !hasMark(value, name, edge);
      s.changed = stroke(value, s.looks, name, edge, s.on, geo(), fixed) || s.changed;
      s.moved = true;
    }
    if (s.changed) {
      ed.solution = null;
      ed.draw();
    }
    return true;
  }

  // The press ended: a tap when no step was drawn; one undo step for what changed.
  function latticeEnd(cancelled = false) {
    const s = ed.latticeStroke;
    if (!s) return;
    ed.latticeStroke = null;
    if (!s.moved && !cancelled) {
      const { value, fixed } = valueOf(s);
      s.changed = tap(value, s.looks, s.start, geo(), { back: s.back, fixed }) || s.changed;
      const there = Object.keys(s.looks).filter((n) => hasMark(value, n, s.start));
      ed.say(there.length ? there.join(" and ") : "no mark");
    }
    if (s.changed) {
      ed.remember(s.before);
      ed.edited();
    }
  }

  // The marks on cell (r, c) and its sides, in words (draw.js's describe): the givens', then the player's.
  function latticeWords(r, c) {
    const words = [];
    for (const part of parts) words.push(...wordsAt(ed.state.parts[part.key], part, r, c));
    if (player) words.push(...wordsAt(ed.play.lattice, player, r, c).map((w) => `${w} (yours)`));
    return words;
  }

  return { latticeDown, latticeMove, latticeEnd, latticeWords };
}
