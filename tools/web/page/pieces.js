// The pieces as the page draws them: a token per piece bearing its letter and the marks of its
// moves, and the piece panel that shows a piece's moves on a small board. The marks come from
// the server (board.types[t].moves[player], see state_json.cpp), in board coordinates; a view's
// axes turn them into its plane, so a piece's forward is its owner's as the board is seen.
// It draws what app.js holds (board, view) with app.js's helpers (svg, $, cellShape, displayName).
"use strict";

const TOKEN_RADIUS = 0.42;

// Where a board vector [x, y] is drawn in a view, y down the screen.
function onScreen([x, y], axes) {
  return [x * axes[0][0] + y * axes[1][0], -(x * axes[0][1] + y * axes[1][1])];
}

function unit([x, y]) {
  const length = Math.hypot(x, y) || 1;
  return [x / length, y / length];
}

function at(direction, radius) { return [direction[0] * radius, direction[1] * radius]; }

function pointList(points) { return points.map(([x, y]) => `${x.toFixed(3)},${y.toFixed(3)}`).join(" "); }

// Radii in the token: the letter keeps the middle, steps sit close round it, leaps farther out,
// lines reach the rim.
const RING = { inner: 0.19, step: 0.275, leap: 0.335, outer: 0.405 };

// The marks of one movement in one direction; `g` gets class "capture" or "move" when it only
// captures or only moves, "faint" for a first move or one from a zone's cells only.
function drawMark(parent, mark, axes) {
  const classes = ["mark", mark.kind];
  if (mark.mode) classes.push(mark.mode === "capture" ? "capture" : "move");
  if (mark.first || mark.zoned) classes.push("faint");
  const g = svg("g", { class: classes.join(" ") }, parent);
  const toward = onScreen(mark.to, axes);
  const u = unit(toward);
  const across = [-u[1], u[0]];
  const dot = (centre, r) => {
    if (mark.mode === "capture") {  // a cross: it takes what stands there
      const d = r * 0.95;
      svg("path", { d: `M${centre[0] - d} ${centre[1] - d}L${centre[0] + d} ${centre[1] + d}` +
                       `M${centre[0] - d} ${centre[1] + d}L${centre[0] + d} ${centre[1] - d}`,
                    class: "cross" }, g);
    } else {
      svg("circle", { cx: centre[0], cy: centre[1], r, class: "dot" }, g);
    }
  };
  const line = (from, to, cls = "line") =>
    svg("line", { x1: from[0], y1: from[1], x2: to[0], y2: to[1], class: cls }, g);
  switch (mark.kind) {
    case "step":
      dot(at(u, RING.step), 0.045);
      break;
    case "leap":
    case "lame-leap": {
      // A diamond, farther out the longer the leap; a lame leap's leg runs through the cells
      // that must be empty.
      const length = Math.hypot(...toward);
      const place = at(u, Math.min(RING.outer - 0.03, RING.leap + 0.02 * (length - 2)));
      if (mark.kind === "lame-leap" && mark.path) {
        const legs = mark.path.map((v) => at(unit(onScreen(v, axes)), RING.inner));
        svg("polyline", { points: pointList([...legs, place]), class: "leg" }, g);
      }
      const r = 0.05;
      if (mark.mode === "capture") dot(place, 0.045);
      else svg("polygon", { points: pointList([[place[0], place[1] - r], [place[0] + r, place[1]],
                                               [place[0], place[1] + r], [place[0] - r, place[1]]]),
                            class: "diamond" }, g);
      break;
    }
    case "slide": {
      if (!mark.range) { line(at(u, RING.inner), at(u, RING.outer)); break; }
      // As far as its range: a dot for each cell it may reach (two at most).
      for (let k = 0; k < Math.min(mark.range, 2); k++) dot(at(u, RING.step + 0.08 * k), 0.038);
      break;
    }
    case "hop": {
      // A thin line crossed by the screen, landing beyond it.
      const screen = at(u, RING.step);
      line(at(u, RING.inner), at(u, RING.outer), "thin");
      line([screen[0] - across[0] * 0.06, screen[1] - across[1] * 0.06],
           [screen[0] + across[0] * 0.06, screen[1] + across[1] * 0.06], "bar");
      dot(at(u, RING.outer - 0.03), 0.035);
      break;
    }
    case "curve": {
      // Out along its first step, then bending the way it turns.
      const bend = unit(onScreen([mark.path[1][0] - mark.path[0][0],
                                  mark.path[1][1] - mark.path[0][1]], axes));
      const from = at(u, RING.inner - 0.02), knee = at(u, RING.step + 0.01);
      const end = [knee[0] + bend[0] * 0.1, knee[1] + bend[1] * 0.1];
      svg("path", { d: `M${pointList([from])}Q${pointList([knee])} ${pointList([end])}`,
                    class: "curve-line" }, g);
      break;
    }
    case "jump": {
      // An arc over the cell next to it (where the piece it takes stands) to the cell beyond.
      const from = at(u, RING.step - 0.04), to = at(u, RING.outer - 0.035);
      const top = at(u, (RING.step + RING.outer) / 2 - 0.02);
      const arch = [top[0] + across[0] * 0.07, top[1] + across[1] * 0.07];
      svg("path", { d: `M${pointList([from])}Q${pointList([arch])} ${pointList([to])}`,
                    class: "curve-line thin" }, g);
      dot(to, 0.035);
      break;
    }
  }
  return g;
}

// The picture a rule file names for the piece of `type` its `owner` holds (`image`), as an
// address the board's <image> reads, or null. The server sends it sanitised (dsl/svg.cpp), and
// an SVG shown through <image> runs no script and loads nothing, whatever it holds.
function pictureOf(type, owner) {
  const images = board.types[type].images;
  if (!images || !images[owner]) return null;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(images[owner])}`;
}

// A piece's token: its picture where the rule file names one; else a disk in its owner's
// colour, its letter, and with `marks` the marks of its moves as its owner makes them, turned by
// the view's `axes`.
function drawToken(parent, type, owner, axes, marks = true) {
  const info = board.types[type];
  const picture = pictureOf(type, owner);
  if (picture) {
    const g = svg("g", { class: `piece pictured token-${board.tokens[owner]}` }, parent);
    const size = board.geometry === "square" ? 0.94 : 0.84;
    svg("circle", { r: size / 2, class: "hit" }, g);  // the whole cell answers, not the lines
    svg("image", { href: picture, x: -size / 2, y: -size / 2, width: size, height: size }, g);
    return g;
  }
  const g = svg("g", { class: `piece token-${board.tokens[owner]}${info.royal ? " royal" : ""}` +
                              (marks ? " marked" : "") }, parent);
  svg("circle", { r: marks ? TOKEN_RADIUS : 0.4, class: "disk" }, g);
  if (marks) {
    const moves = info.moves[owner] || [];
    // A first move (or one from a zone only) along the line of another move is left to the
    // panel: the token stays clear (a pawn's double step).
    const pale = (m) => m.first || m.zoned;
    const line = (m) => unit(m.to).map((c) => c.toFixed(3)).join();
    const lines = new Set(moves.filter((m) => !pale(m)).map(line));
    const shown = moves.filter((m) => !pale(m) || !lines.has(line(m)));
    // Lines under points, pale marks under the rest.
    const order = (m) => (pale(m) ? 0 : 1) * 2 + (m.kind === "slide" ? 0 : 1);
    for (const mark of shown.sort((a, b) => order(a) - order(b))) drawMark(g, mark, axes);
    if (!moves.length) svg("circle", { r: RING.step, class: "still" }, g);  // no move of its own
  }
  const text = svg("text", {}, g);
  text.textContent = info.letter;
  if (info.letter.length > 1) text.setAttribute("class", "long");
  return g;
}

// ---- The piece panel -----------------------------------------------------------------------------
// The cells a piece reaches from the middle of the panel's board, each with how: "both" (moves
// or captures), "move", "capture", "hop" (a capture over a piece), "jump" (over a piece to the
// cell beyond); `faint` when only as a first move or from a zone's cells. Slides and hops run to
// the panel's edge, or their range.
function reachedCells(marks, panel) {
  const inside = new Set(panel.map(([x, y]) => `${x},${y}`));
  const reached = new Map();
  const reach = ([x, y], how, faint) => {
    const key = `${x},${y}`;
    if (!inside.has(key)) return false;
    const cell = reached.get(key) || { at: [x, y], ways: new Set(), faint: true };
    cell.ways.add(how);
    cell.faint = cell.faint && faint;
    reached.set(key, cell);
    return true;
  };
  const lines = [];  // the paths of slides and curves, drawn under the cells' marks
  for (const m of marks) {
    const how = m.kind === "hop" ? "hop" : m.kind === "jump" ? "jump"
              : m.mode === "capture" ? "capture" : m.mode === "move" ? "move" : "both";
    const faint = Boolean(m.first || m.zoned);
    if (m.kind === "slide" || m.kind === "hop") {
      const path = [];
      const cells = m.range && (m.kind === "hop" ? m.range + 1 : m.range);  // a hop's range: past the screen
      for (let k = 1; !cells || k <= cells; k++) {
        const cell = [m.to[0] * k, m.to[1] * k];
        // A hop lands beyond a screen: the first cell is where the screen stands.
        if (!(m.kind === "hop" && k === 1 ? inside.has(`${cell[0]},${cell[1]}`)
                                          : reach(cell, how, faint))) break;
        path.push(cell);
      }
      if (m.kind === "slide") lines.push({ path, faint });
    } else if (m.kind === "curve") {
      const path = [];
      for (const cell of m.path) { if (!reach(cell, how, faint)) break; path.push(cell); }
      lines.push({ path, faint, curve: true });
    } else {
      reach(m.to, how, faint);
    }
  }
  return { cells: [...reached.values()], lines };
}

// What each way of reaching a cell is called in the panel's legend, and how it is drawn there.
const WAYS = [["both", "moves or captures"], ["move", "moves only"], ["capture", "captures only"],
              ["hop", "captures over a piece"], ["jump", "captures by jumping over"]];

// The panel shows the piece of `type` owned by `owner` (on `cell`, or in hand when null).
function showPanel(type, owner, cell) {
  const panel = $("piece-panel");
  panelFor = { type, owner, cell };
  panel.classList.add("shown");
  $("panel-name").textContent = `${board.players[owner]} ${displayName(type)}` +
    (board.types[type].royal ? " (royal)" : "") + (cell ? ` on ${cell}` : " in hand");
  const axes = board.views[view].axes;
  const box = $("panel-board");
  box.replaceChildren();
  const shape = cellShape(board.geometry);
  const centres = board.panel.map((v) => onScreen(v, axes));
  const xs = centres.map((c) => c[0]), ys = centres.map((c) => c[1]);
  const minX = Math.min(...xs) - 0.6, minY = Math.min(...ys) - 0.6;
  box.setAttribute("viewBox", `${minX} ${minY} ${Math.max(...xs) + 0.6 - minX} ${Math.max(...ys) + 0.6 - minY}`);
  box.setAttribute("class", board.geometry === "square" ? "square" : "hex");
  centres.forEach(([x, y]) => svg("polygon", { points: shape, class: "panel-cell",
                                               transform: `translate(${x},${y})` }, box));
  const { cells, lines } = reachedCells(board.types[type].moves[owner] || [], board.panel);
  for (const { path, faint, curve } of lines) {
    if (!path.length) continue;
    svg("polyline", { points: pointList([[0, 0], ...path.map((v) => onScreen(v, axes))]),
                      class: `panel-line${faint ? " faint" : ""}${curve ? " curve" : ""}` }, box);
  }
  const used = new Set();
  for (const { at: v, ways, faint } of cells) {
    const [x, y] = onScreen(v, axes);
    // A cell reached both ways is shown as moves-or-captures; a capture over a piece rings it.
    const way = ways.has("both") || (ways.has("move") && ways.has("capture")) ? "both"
              : ["move", "capture"].find((w) => ways.has(w));
    const over = ["hop", "jump"].find((w) => ways.has(w));
    const g = svg("g", { class: `reached${faint ? " faint" : ""}`, "data-reached": `${v[0]},${v[1]}`,
                         transform: `translate(${x},${y})` }, box);
    if (way === "both" || way === "move") svg("circle", { r: way === "move" ? 0.17 : 0.2, class: `spot ${way}` }, g);
    else svg("path", { d: "M-0.16-0.16L0.16 0.16M-0.16 0.16L0.16-0.16", class: "cross" }, g);
    if (over) svg("circle", { r: 0.3, class: "over" }, g);
    used.add(way || over);
    if (over) used.add(over);
  }
  drawToken(box, type, owner, axes, true);
  const legend = $("panel-legend");
  legend.replaceChildren();
  for (const [way, words] of WAYS) {
    if (!used.has(way)) continue;
    const item = document.createElement("span");
    item.className = `key ${way}`;
    item.textContent = words;
    legend.appendChild(item);
  }
  if (cells.some((c) => c.faint)) {
    const item = document.createElement("span");
    item.className = "key faint";
    item.textContent = "pale: first move, or from some cells only";
    legend.appendChild(item);
  }
  if (!cells.length) legend.textContent = "no move of its own on an empty board";
}

let panelFor = null;  // { type, owner, cell } the panel shows, or null

function hidePanel() {
  panelFor = null;
  $("piece-panel").classList.remove("shown");
}

// After a redraw: the panel follows its piece, or goes when the piece has left its cell.
function refreshPanel(shown) {
  if (!panelFor) return;
  const { type, owner, cell } = panelFor;
  const still = cell ? shown.pieces.some((p) => p.cell === cell && p.type === type && p.owner === owner)
                     : (shown.hands[owner] || []).some((h) => h.type === type);
  if (still) showPanel(type, owner, cell); else hidePanel();
}

// Shows the panel while the pointer is on `element` or it has focus; a tap shows it until the
// next tap elsewhere.
function panelOn(element, type, owner, cell) {
  const show = () => {
    // Where the panel floats (a phone), it keeps to the half of the screen the piece is not in.
    const box = element.getBoundingClientRect();
    $("piece-panel").classList.toggle("high", box.top + box.height / 2 > window.innerHeight / 2);
    showPanel(type, owner, cell);
  };
  element.addEventListener("pointerenter", show);
  element.addEventListener("pointerleave", (e) => { if (e.pointerType === "mouse") hidePanel(); });
  element.addEventListener("focus", show);
  element.addEventListener("blur", hidePanel);
}
