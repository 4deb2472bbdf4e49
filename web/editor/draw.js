// Drawing the context onto the DOM that frame.js built: the cells (their value, look, classes and
// children), the marks between them, the edge, extra and cell fields, the caption and answer line.
// Nothing here changes the context; every draw can be repeated.
import { SIDES, colourOf, el } from "./schema.js";

export function drawer(ed) {
  const { layout, cellInfo, paint, markSigns } = ed;

  // A cell as the live region and its aria-label read it.
  function describe(r, c) {
    const { state, at } = ed;
    const v = state.cells[at(r, c)];
    const st = ed.stateOf(v);
    let what;
    if (st) {
      what = st.label || st.key;
      const values = v.slice(1).split(",");
      for (const [k, f] of (st.fields || []).entries()) what += `, ${f.label || f.key} ${values[k] || "none"}`;
    } else if (v) {
      what = v;
    } else {
      const b = shownCell(r, c);
      const n = ed.player.entryAt(r, c);
      const said = n === undefined ? null : (ed.info.values || {})[n];
      what = b && b.text ? `${b.text} (solved)` : b && b.role === "black" ? "filled (solved)"
        : n !== undefined ? `${said ? said.word : ed.player.playText(n)} (your entry)`
        : (cellInfo.empty && cellInfo.empty.label) || "empty";
    }
    for (const part of ["corner", "centre"]) {
      const marks = ed.play[part].get(`${r},${c}`);
      if (marks && marks.length) what += `; ${part} marks ${marks.map((m) => ed.player.playText(m)).join(" ")}`;
    }
    const lattice = ed.lattice.words(r, c);                 // lines, crosses, shade, dots (latticeedit.js)
    if (lattice.length) what += `; ${lattice.join(", ")}`;
    if (markSigns && layout.marks.labels) {
      const signs = [];
      if (c < state.cols - 1 && state.marks.h[r * (state.cols - 1) + c]) signs.push(state.marks.h[r * (state.cols - 1) + c]);
      if (r < state.rows - 1 && state.marks.v[at(r, c)]) signs.push(state.marks.v[at(r, c)]);
      for (const s of signs) what += `; ${layout.marks.labels[s] || s}`;
    }
    return `row ${r + 1}, column ${c + 1}: ${what}`;
  }

  // The answer's cell shown at (r, c), or null.
  function shownCell(r, c) {
    if (!ed.solution) return null;
    return ed.solution.index.get(`${r},${c}`) || null;
  }

  const isBad = (r, c) => ed.errors.some((w) => (w.cells && w.cells.some(([a, b]) => a === r && b === c)) ||
    (w.r === r && w.c === c) || (w.row === r && w.col === undefined) || (w.col === c && w.row === undefined) ||
    (w.r === r && w.c === undefined && w.edge === undefined) || (w.c === c && w.r === undefined && w.edge === undefined));

  // One cell: its text, its classes (`cls`) and its children (`kids`, after the text, in order: the
  // state's fields, the overlay's value, the candidates).
  function drawCell(r, c) {
    const { state, at, overlay } = ed;
    const node = ed.dom.nodes[at(r, c)];
    const v = state.cells[at(r, c)];
    const st = ed.stateOf(v);
    const cls = ["cell"];
    const kids = [];
    let text = "";
    node.dataset.value = v;
    if (st) {
      node.dataset.state = st.key;
      cls.push(`look-${st.look || "plain"}`);
      if (st.glyph) kids.push(el("span", { class: "glyph" }, st.glyph));
      const values = v.slice(1).split(",");
      for (const [k, f] of (st.fields || []).entries()) {
        kids.push(el("span", { class: `field at-${f.at || "bl"}`, "data-field": f.key }, values[k] || ""));
      }
    } else {
      delete node.dataset.state;
      const b = v && !paint ? null : shownCell(r, c);      // paint: the value is the cell's colour
      const played = b && (b.text || b.role === "black") ? null : ed.player.playLook(r, c);
      if (v && !paint) {
        text = v;
        cls.push("given");
        const shown = shownCell(r, c);
        if (shown && shown.role === "black") cls.push("black");  // a given number the answer shades
        else if (played) cls.push(...played.cls);                 // a given the player shades or dots
      } else if (b && (b.text || b.role === "black")) {
        text = b.text || "";
        cls.push("solved");
        if (b.role === "black") cls.push("black");
      } else if (played && played.cls.length) {
        text = played.text;
        cls.push(...played.cls);
      } else {
        cls.push(v ? "given" : "empty");
      }
      if (played) kids.push(...played.kids);
    }
    const colour = ed.play.colours.get(`${r},${c}`);
    node.style.setProperty("--colour", colour ? ed.player.colourOf(colour) : "");
    if (colour) cls.push("coloured");
    if (ed.same !== null && ed.same !== undefined && ed.player.shownValue(r, c) === ed.same) cls.push("same");
    const box = ed.boxOf();
    const region = ed.parts.regionEdges(r, c);                 // irregular regions replace the boxes (parts.js)
    if (region ? region.top : box && r > 0 && r % box[0] === 0) cls.push("bt");
    if (region ? region.left : box && c > 0 && c % box[1] === 0) cls.push("bl");
    const drawn = ed.parts.drawnAt(r, c);                      // the overlay takes no pointer: its labels hover here
    if (drawn) node.title = drawn;
    else node.removeAttribute("title");
    if (paint) {
      if (c + 1 < state.cols && state.cells[at(r, c + 1)] !== v) cls.push("rb");
      if (r + 1 < state.rows && state.cells[at(r + 1, c)] !== v) cls.push("bb");
      node.style.backgroundColor = (shownCell(r, c) && shownCell(r, c).role === "black") || !v ? ""
        : colourOf(ed.symbols().indexOf(v));
    }
    if (cellInfo.ring && v) cls.push("ring");                   // an island: in its circle, over the lines
    const key = `${r},${c}`;
    if (overlay.hl.has(key)) cls.push("hl");
    if (isBad(r, c)) cls.push("bad");
    if (ed.clashes.has(key)) cls.push("clash");
    const selected = (r === ed.cursor.r && c === ed.cursor.c) || ed.selection.has(key);
    if (selected) cls.push("sel");
    if (overlay.values.has(key)) {
      cls.push("ov");
      if (v || !shownCell(r, c)) kids.push(el("span", { class: "ov-value" }, overlay.values.get(key)));
    }
    const className = cls.join(" ");
    if (node.className !== className) node.className = className;
    node.setAttribute("aria-selected", String(selected));
    if (overlay.cands.has(key)) {
      const box2 = el("span", { class: "cands" });
      for (const s of overlay.cands.get(key)) box2.append(el("span", {}, s));
      kids.push(box2);
    }
    // What did not change is not written again: a Solve draws every cell twice, most of them as they were.
    const first = node.firstChild;
    const same = kids.length === 0 && (text ? first && !first.nextSibling && first.nodeType === Node.TEXT_NODE &&
                                              first.data === text : !first);
    if (!same) node.replaceChildren(...(text ? [document.createTextNode(text)] : []), ...kids);
    const label = describe(r, c);
    if (node.getAttribute("aria-label") !== label) node.setAttribute("aria-label", label);
  }

  // The value whose cells are highlighted: the selected cell's, while highlighting is on.
  function sameValue() {
    return ed.highlightSame ? ed.player.shownValue(ed.cursor.r, ed.cursor.c) : null;
  }

  function draw() {
    const { state, errors, overlay, solution } = ed;
    ed.parts.renderParts();                                    // the parts' drawing first: cells take its labels
    ed.same = sameValue();
    for (let r = 0; r < state.rows; r++) for (let c = 0; c < state.cols; c++) drawCell(r, c);
    for (const dir of ["h", "v"]) {
      for (const [k, g] of ed.dom.gaps[dir].entries()) {
        g.textContent = state.marks[dir][k];
        const r = +g.dataset.r;
        const c = +g.dataset.c;
        g.classList.toggle("bad", errors.some((w) => w.mark === dir && w.r === r && w.c === c));
        g.classList.toggle("set", !!state.marks[dir][k]);
      }
    }
    for (const [key, inputs] of Object.entries(ed.dom.edgeInputs)) {
      for (const [i, input] of inputs.entries()) {
        const v = state.edges[key][i];
        if (document.activeElement !== input) input.value = input.tagName === "TEXTAREA" ? v.replace(/ /g, "\n") : v;
        const bad = errors.some((w) => w.edge === key && w.index === i);
        input.classList.toggle("bad", bad);
        input.setAttribute("aria-invalid", String(bad));
      }
    }
    drawEdgeCursor();
    stackHeight();
    for (const [key, input] of Object.entries(ed.dom.extraInputs)) {
      if (document.activeElement !== input) input.value = state.extras[key];
      const bad = errors.some((w) => w.extra === key);
      input.classList.toggle("bad", bad);
      input.setAttribute("aria-invalid", String(bad));
    }
    ed.dom.caption.textContent = overlay.caption;
    ed.dom.caption.hidden = !overlay.caption;
    const answer = solution && solution.answer !== undefined && solution.answer !== null ? String(solution.answer) : "";
    ed.dom.answerLine.textContent = answer ? `answer: ${answer}` : "";
    ed.dom.answerLine.hidden = !answer;
    drawFields();
    ed.partEdit.drawParts();
  }

  // The edge fields of the selected cell's row and column.
  function drawEdgeCursor() {
    for (const edge of layout.edges || []) {
      const mine = SIDES[edge.side] === "rows" ? ed.cursor.r : ed.cursor.c;
      for (const [i, input] of ed.dom.edgeInputs[edge.key].entries()) input.classList.toggle("cur", i === mine);
    }
  }

  // Column clues are as tall as the longest one; row clues as wide as the longest.
  function stackHeight() {
    for (const edge of layout.edges || []) {
      const values = ed.state.edges[edge.key];
      const group = ed.dom.edgeInputs[edge.key][0] && ed.dom.edgeInputs[edge.key][0].parentElement;
      if (!group) continue;
      if (SIDES[edge.side] === "cols" && !edge.wide) {
        const most = Math.max(1, ...values.map((v) => v.trim().split(/\s+/).filter(Boolean).length));
        group.style.setProperty("--lines", String(Math.min(most + 1, 40)));
      } else if (!edge.wide) {
        const widest = Math.max(3, ...values.map((v) => v.length + 1), (edge.placeholder || "").length + 1);
        group.style.setProperty("--chars", String(Math.min(widest, 24)));
      }
    }
  }

  // The number fields of the selected cell (shown while it is in a state with fields).
  function drawFields() {
    const { cursor } = ed;
    const v = ed.state.cells[ed.at(cursor.r, cursor.c)];
    const st = ed.stateOf(v);
    const fields = (st && st.fields) || [];
    ed.dom.fieldBox.hidden = !fields.length;
    const values = st ? v.slice(1).split(",") : [];
    for (const [key, input] of Object.entries(ed.dom.fieldInputs)) {
      const k = fields.findIndex((f) => f.key === key);
      input.closest("label").hidden = k < 0;
      if (k >= 0 && document.activeElement !== input) input.value = values[k] || "";
      if (k >= 0) input.setAttribute("aria-label", `${fields[k].label || key} of row ${cursor.r + 1}, column ${cursor.c + 1}`);
    }
    ed.dom.fieldBox.dataset.for = `r${cursor.r + 1}c${cursor.c + 1}`;
  }

  return { describe, shownCell, drawCell, draw, sameValue, drawEdgeCursor, stackHeight, drawFields };
}
