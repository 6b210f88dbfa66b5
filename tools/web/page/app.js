// The page: draws the board the server describes, and sends what the player does over the
// session's WebSocket. The server knows the rules; the page only offers the moves it lists.
"use strict";

const SVG = "http://www.w3.org/2000/svg";
const $ = (id) => document.getElementById(id);

// ---- The session ------------------------------------------------------------------------------
let socket = null;
let connections = 0;  // made so far: news from an earlier one is older than any answer
let nextId = 1;
const waiting = new Map();  // question id: { resolve, reject, on: its socket }
const CONNECTION_LOST = "the connection to the server was lost";

function connect() {
  ++connections;
  return new Promise((resolve, reject) => {
    socket = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/session`);
    socket.onopen = () => { $("connection").textContent = ""; resolve(); };
    socket.onerror = () => reject(new Error("cannot reach the server"));
    socket.onclose = lostConnection;
    const opened = socket;
    opened.addEventListener("close", () => abandonAsked(opened));
    socket.onmessage = (event) => {
      const answer = JSON.parse(event.data);
      const asked = answer.id !== undefined && waiting.get(answer.id);
      if (asked) { waiting.delete(answer.id); asked.resolve(answer); }
      else if (answer.event) pushed(answer);
      else if (answer.error) showError(answer.error);
    };
  });
}

function lostConnection() { $("connection").textContent = "disconnected from the server"; }

function ask(op, fields = {}) {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    if (socket.readyState !== WebSocket.OPEN) {
      reject(new Error(CONNECTION_LOST));
      return;
    }
    waiting.set(id, { resolve, reject, on: socket });
    socket.send(JSON.stringify({ id, op, ...fields }));
  });
}

// A question whose connection closed is never answered: it fails, so that no one waits for good.
function abandonAsked(closed) {
  for (const [id, asked] of waiting) {
    if (asked.on !== closed) continue;
    waiting.delete(id);
    asked.reject(new Error(CONNECTION_LOST));
  }
}

// ---- What is shown ------------------------------------------------------------------------------
let board = null;   // the game: geometry, players, piece types, views
let state = null;   // the position: pieces, hands, legal moves, ...
let view = 0;       // whose side is at the bottom
let picked = null;  // { from: cell } or { drop: type }, and the landings clicked so far
let viewing = null; // a past position of the game, shown in place of the game's own until left

function svg(tag, attributes = {}, parent = null) {
  const element = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  if (parent) parent.appendChild(element);
  return element;
}

function cellShape(geometry) {
  if (geometry === "square") return "-0.5,-0.5 0.5,-0.5 0.5,0.5 -0.5,0.5";
  const r = 1 / Math.sqrt(3);  // neighbouring centres are one unit apart
  const start = geometry === "hex-flat" ? 0 : 30;
  const corners = [];
  for (let k = 0; k < 6; k++) {
    const a = ((start + 60 * k) * Math.PI) / 180;
    corners.push(`${(r * Math.cos(a)).toFixed(4)},${(r * Math.sin(a)).toFixed(4)}`);
  }
  return corners.join(" ");
}

function typeLetter(type) { return board.types[type].letter; }

// Each player's tokens take the colour its name says (shogi's Black, who moves first, is dark;
// xiangqi's Red is red); players named otherwise take the first colours left, in this order.
const TOKENS = ["light", "dark", "grey", "red", "blue", "green"];
const TOKEN_OF_NAME = { white: "light", black: "dark", gray: "grey", grey: "grey", red: "red",
                        blue: "blue", green: "green" };

function tokenColours(players) {
  const taken = new Set();
  const own = players.map((name) => {
    const token = TOKEN_OF_NAME[name.toLowerCase()];
    if (!token || taken.has(token)) return null;
    taken.add(token);
    return token;
  });
  const left = TOKENS.filter((token) => !taken.has(token));
  return own.map((token) => token || left.shift() || "grey");
}

// A piece type's name for people: "PromotedLance" reads "Promoted Lance".
function displayName(type) {
  return board.types[type].name.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/_/g, " ");
}

// A piece as a group the page can find by letter and owner; its token bears the marks of its
// moves (pieces.js) unless the player turned them off.
function pieceGroup(parent, type, owner, x, y) {
  const g = drawToken(parent, type, owner, board.views[view].axes, $("move-marks").checked);
  g.setAttribute("data-piece", typeLetter(type));
  g.setAttribute("data-owner", board.players[owner]);
  g.setAttribute("transform", `translate(${x},${y})`);
  const title = svg("title", {}, g);
  title.textContent = `${board.players[owner]} ${displayName(type)}`;
  return g;
}

// The moves still possible from what was picked.
function candidates() {
  if (!picked || !state || viewing) return [];
  return state.moves.filter((m) => {
    if (picked.drop !== undefined ? m.drop !== picked.drop : m.from !== picked.from) return false;
    return picked.path.every((cell, i) => m.path[i] === cell);
  });
}

function draw() {
  const root = $("board");
  root.replaceChildren();
  root.setAttribute("class", board.geometry === "square" ? "square" : "hex");
  const cells = board.views[view].cells;
  const xs = cells.map((c) => c.x), ys = cells.map((c) => -c.y);
  for (const l of board.views[view].labels) { xs.push(l.x); ys.push(-l.y); }
  const minX = Math.min(...xs) - 0.7, minY = Math.min(...ys) - 0.7;
  root.setAttribute("viewBox", `${minX} ${minY} ${Math.max(...xs) + 0.7 - minX} ${Math.max(...ys) + 0.7 - minY}`);

  const shape = cellShape(board.geometry);
  const at = new Map(cells.map((c) => [c.name, c]));
  const focused = document.activeElement && document.activeElement.dataset
    ? document.activeElement.dataset.cell : undefined;  // kept on the cell as the board is redrawn
  const shown = viewing || state;
  const last = shown.last || {};
  const next = candidates();
  const targets = new Set(next.map((m) => m.path[picked.path.length]).filter((c) => c));
  for (const c of cells) {
    const marks = [`cell shade-${c.shade}`];
    if (c.name === last.from || c.name === last.to) marks.push("last");
    if (shown.check.includes(c.name)) marks.push("check");
    if (picked && (c.name === picked.from || picked.path.includes(c.name))) marks.push("selected");
    const cell = svg("polygon", { points: shape, class: marks.join(" "), "data-cell": c.name,
                                  transform: `translate(${c.x},${-c.y})`, tabindex: 0,
                                  role: "button", "aria-label": cellLabel(c.name, shown) }, root);
    cell.addEventListener("click", () => clicked(c.name));
    cell.addEventListener("keydown", (e) => {
      if (e.key !== "Enter" && e.key !== " ") return;
      e.preventDefault();
      clicked(c.name);
    });
    const piece = shown.pieces.find((p) => p.cell === c.name);
    if (piece) panelOn(cell, piece.type, piece.owner, c.name);
    else cell.addEventListener("focus", hidePanel);
    if (c.name === focused) cell.focus();
    if ($("show-names").checked) {
      const name = svg("text", { class: "cell-name", x: c.x, y: -c.y + 0.38 }, root);
      name.textContent = c.name;
    }
  }
  for (const l of board.views[view].labels) {
    const text = svg("text", { class: "label", x: l.x, y: -l.y }, root);
    text.textContent = l.text;
  }
  for (const p of shown.pieces) {
    const c = at.get(p.cell);
    const g = pieceGroup(root, p.type, p.owner, c.x, -c.y);
    g.setAttribute("data-cell", p.cell);
    g.addEventListener("click", () => clicked(p.cell));
    g.addEventListener("pointerdown", (e) => startDrag(e, p.cell));
    panelOn(g, p.type, p.owner, p.cell);
  }
  for (const name of targets) {
    const c = at.get(name);
    svg("circle", { class: "target", cx: c.x, cy: -c.y, r: 0.17 }, root);
  }
  drawHands();
  drawSide();
  refreshPanel(shown);
}

// What a screen reader says of a cell: its name, the piece on it and the marks it bears.
function cellLabel(name, shown) {
  const piece = shown.pieces.find((p) => p.cell === name);
  const what = piece ? `${board.players[piece.owner]} ${displayName(piece.type)}` : "empty";
  const marks = [];
  if (shown.check.includes(name)) marks.push("in check");
  const last = shown.last || {};
  if (name === last.from || name === last.to) marks.push("last move");
  return [name, what, ...marks].join(", ");
}

// A move typed in any notation vari reads, sent as text for the server to read.
async function typedMove(event) {
  event.preventDefault();
  const input = $("move-input");
  if (!state || viewing || !input.value.trim()) return;
  picked = null;
  if (room) {  // in a room the move is sent by its index: the text must name one of this seat's
    const text = input.value.trim().replace(/[+#!?]+$/, "");
    const move = state.moves.find((m) => m.long === text || m.short.replace(/[+#]+$/, "") === text);
    if (!move) return showError(`'${text}' is not a move you can make now`);
    input.value = "";
    return play(move);
  }
  if (update(await ask("move", { move: input.value.trim() }))) input.value = "";
}

function drawHands() {
  const active = document.activeElement;
  const focused = active && active.classList && active.classList.contains("hand-piece")
    ? `${active.dataset.hand} ${active.dataset.type}` : null;  // kept as the hands are redrawn
  $("hand-top").replaceChildren();
  $("hand-bottom").replaceChildren();
  if (!board.hands) return;
  (viewing || state).hands.forEach((hand, player) => {
    const box = $(player === view ? "hand-bottom" : "hand-top");
    const label = document.createElement("span");
    label.textContent = `${board.players[player]}:`;
    box.appendChild(label);
    for (const { type, count } of hand) {
      const icon = svg("svg", { viewBox: "-0.5 -0.5 1 1", width: 44, height: 44, tabindex: 0,
                                role: "button", class: "hand-piece", "data-hand": board.players[player],
                                "aria-label": `${board.players[player]} ${displayName(type)} in hand` +
                                              (count > 1 ? `, ${count}` : ""), "data-type": type }, box);
      pieceGroup(icon, type, player, 0, 0);
      if (picked && picked.drop === type && player === state.to_move) icon.classList.add("selected");
      if (count > 1) {
        const n = document.createElement("span");
        n.textContent = `×${count}`;
        box.appendChild(n);
      }
      const pick = () => {
        if (viewing || player !== state.to_move) return;
        picked = picked && picked.drop === type ? null : { drop: type, path: [] };
        draw();
      };
      icon.addEventListener("click", pick);
      icon.addEventListener("keydown", (e) => {
        if (e.key !== "Enter" && e.key !== " ") return;
        e.preventDefault();
        pick();
      });
      panelOn(icon, type, player, null);
      if (focused === `${board.players[player]} ${type}`) icon.focus();
    }
  });
}

// What the session pushes: a computer seat's move, its progress, or its failure.
function pushed(event) {
  if (event.event === "room" || event.event === "seat_taken") roomPushed(event);  // rooms.js
  else if (event.event === "state") { picked = null; update(event); }
  else if (event.event === "thinking" || event.event === "analysed") {
    showEvaluation(event);
    if (event.event === "analysed") {
      $("stop-analysis").hidden = true;
      if (event.error) showError(event.error);
    }
  } else if (event.event === "error") showError(event.error);
  else if (event.event === "closed") {
    socket.onclose = () => { $("connection").textContent = event.reason; };
  }
  else if (event.event === "progress") {
    const bar = $("analysis-progress");
    bar.max = event.games;
    bar.value = event.done;
  }
}

const SEAT_CHOICES = ["human", "random", ...Array.from({ length: 10 }, (_, i) => `ai:${i + 1}`)];

// A menu per player in `box`, labelled with the player's name: `choices` (its text shown by
// `shown`), `chosen(player)` selected. The menus, in turn order.
function seatMenus(box, choices, chosen, shown = (c) => c) {
  box.replaceChildren();
  return board.players.map((name, player) => {
    const label = document.createElement("label");
    label.textContent = `${name} `;
    const select = document.createElement("select");
    select.dataset.seat = name;
    select.replaceChildren(...choices(player).map((c) => new Option(shown(c), c)));
    select.value = chosen(player);
    label.appendChild(select);
    box.appendChild(label);
    return select;
  });
}

function drawSeats() {
  const menus = seatMenus($("seats"), (player) => SEAT_CHOICES.includes(state.seats[player])
    ? SEAT_CHOICES : [...SEAT_CHOICES, state.seats[player]], (player) => state.seats[player]);
  for (const select of menus) {
    select.addEventListener("change", async () => {
      update(await ask("seats", { seats: menus.map((s) => s.value) }));
    });
  }
}

function drawSide() {
  $("turn").textContent = state.result ? "" : `${board.players[state.to_move]} to move`;
  if (room) drawRoom(); else drawSeats();
  if (!state.thinking) $("thinking").textContent = "";
  $("move-now").hidden = !state.thinking;
  $("result").textContent = !state.result ? "" : state.result.summary + (state.result.scores.length
    ? ` (${board.players.map((p, i) => `${p} ${+state.result.scores[i].toFixed(3)}`).join(", ")})` : "");
  drawHistory();
  $("viewing").hidden = !viewing;
  if (viewing) $("viewed").textContent = viewing.ply ? `after ${viewing.ply} moves` : "at the start";
  $("position").value = (viewing || state).position;
  $("undo").disabled = !state.can_undo;
  $("redo").disabled = !state.can_redo;
  $("pass").hidden = !state.moves.some((m) => m.pass);
}

function showError(message) { $("error").textContent = message || ""; }

async function play(move) {
  picked = null;
  $("chooser").hidden = true;
  if (room) return roomMove(move);
  // By its place in the list the server sent for this ply: the server need not read it back.
  update(await ask("move", { index: state.moves.indexOf(move), ply: state.ply }));
}

// What the AI found (while it thinks, and after): the score, its depth and the best line; with
// two players, a bar of the first player's share of the advantage beside the board.
function showEvaluation(e) {
  const mover = board.players[e.to_move];
  $("evaluation").textContent = `${mover} ${e.score_text} (depth ${e.depth}, ${e.nodes} nodes)` +
    (e.line.length ? `: ${e.line.join(" ")}` : "");
  const bar = $("eval-bar");
  bar.hidden = board.players.length !== 2;
  const first = e.to_move === 0 ? e.score : -e.score;  // for the first player
  const share = e.decisive ? (first > 0 ? 1 : 0) : 1 / (1 + Math.exp(-first / 400));
  $("eval-fill").style.height = `${(100 * share).toFixed(1)}%`;
  // In the players' own colours: the first fills from the bottom over the second's.
  $("eval-fill").className = `token-${board.tokens[0]}`;
  bar.className = `token-${board.tokens[1]}`;
  bar.title = `${board.players[0]} ${(first >= 0 ? "+" : "")}${e.decisive ? e.score_text : (first / 100).toFixed(2)}`;
}

async function analyse() {
  const answer = await ask("analyse");
  if (!answer.ok) return showError(answer.error);
  showError("");
  $("stop-analysis").hidden = false;
}

// The moves so far, one row a round (a round: each player's move, in turn order), each move a
// button that shows the position after it.
function drawHistory() {
  const table = $("history");
  table.replaceChildren();
  const players = board.players.length;
  const firstMover = (((state.to_move - state.ply) % players) + players) % players;
  let row = null, ply = 0;
  for (const word of state.history) {
    const number = /^(\d+)\.+$/.exec(word);
    if (number) {
      row = table.insertRow();
      row.insertCell().textContent = `${number[1]}.`;
      if (ply === 0) for (let p = 0; p < firstMover; p++) row.insertCell();
      continue;
    }
    const after = ++ply;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "move";
    button.textContent = word;
    button.dataset.ply = after;
    if (viewing && viewing.ply === after) button.classList.add("shown");
    button.addEventListener("click", () => showPly(after));
    row.insertCell().appendChild(button);
  }
}

// Shows the position after the game's first `ply` moves; the game's own when it is the last.
async function showPly(ply) {
  picked = null;
  if (ply === state.ply) { viewing = null; return draw(); }
  const answer = await (room ? ask("room_view", { room: room.id, ply }) : ask("view", { ply }));
  if (!answer.ok) return showError(answer.error);
  viewing = answer;
  draw();
}

// A click on a cell: pick a piece of the side to move, or go on with the move picked.
function clicked(cell) {
  if (!state || state.result || state.thinking || viewing) return;
  if (picked) {
    const next = candidates().filter((m) => m.path[picked.path.length] === cell);
    if (next.length) {
      picked.path.push(cell);
      $("chooser").hidden = true;
      const whole = next.filter((m) => m.path.length === picked.path.length);
      if (whole.length === next.length) return whole.length === 1 ? play(whole[0]) : choose(whole);
      // A capture sequence that may stop here or go on: the chooser ends it, the board goes on.
      return whole.length ? choose(whole) : draw();
    }
  }
  const own = state.moves.some((m) => m.from === cell);
  picked = own && !(picked && picked.from === cell) ? { from: cell, path: [] } : null;
  draw();
}

// Dragging a piece: it is picked where the drag starts and the move goes where it is dropped.
function startDrag(event, cell) {
  if (!state || state.result || state.thinking || viewing ||
      !state.moves.some((m) => m.from === cell)) return;
  const startX = event.clientX, startY = event.clientY;
  const release = (up) => {
    document.removeEventListener("pointerup", release);
    if (Math.hypot(up.clientX - startX, up.clientY - startY) < 8) return;  // a click
    const target = document.elementsFromPoint(up.clientX, up.clientY)
      .find((e) => e.matches("polygon[data-cell]"));
    if (!target) return;
    picked = { from: cell, path: [] };
    clicked(target.dataset.cell);
  };
  document.addEventListener("pointerup", release);
}

// Several moves end on the clicked cell (promotions): the player chooses.
function choose(moves) {
  const chooser = $("chooser");
  chooser.replaceChildren();
  for (const m of moves) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = m.promotion !== undefined ? displayName(m.promotion)
                       : m.path.length > 1 ? `end here: ${m.long}` : "no promotion";
    button.dataset.move = m.long;
    button.addEventListener("click", () => play(m));
    chooser.appendChild(button);
  }
  chooser.hidden = false;
  draw();
}

function update(answer) {
  if (!answer.ok) {
    showError(answer.error + (answer.diagnostics || []).map((d) =>
      `\n${d.file}:${d.line}:${d.column}: ${d.message}`).join(""));
    if (state) draw();
    return false;
  }
  showError("");
  if (answer.board || (viewing && answer.ply < viewing.ply)) viewing = null;  // that past is gone
  if (answer.board) setBoard(answer.board);
  state = answer;
  draw();
  return true;
}

// A new game's board: its players and colours, seen from the first player's side.
function setBoard(newBoard) {
  $("evaluation").textContent = "";
  $("eval-bar").hidden = true;
  board = newBoard;
  board.tokens = tokenColours(board.players);
  view = 0;
  const choice = $("view-choice");
  choice.replaceChildren(...board.players.map((name, i) => new Option(name, i)));
  if (!room) drawNewRoom();  // rooms.js: a game of this board for others
}

let opened = {};  // what the game was opened from: { game } or { source }
let lastShipped = "";  // the shipped game opened last, which "Edit a copy" copies

async function open(fields) {
  picked = null;
  if (!update(await ask("open", fields))) return;
  opened = fields.source !== undefined ? { source: fields.source } : { game: fields.game };
  if (opened.game) lastShipped = opened.game;
  // The game menu names what is played: a shipped game, or the rule file of the editor.
  const choice = $("game-choice");
  let own = choice.querySelector("option[data-rule-file]");
  if (opened.source !== undefined && !own) {
    own = new Option("the editor's rule file", "");
    own.dataset.ruleFile = "";
    choice.prepend(own);
  }
  if (opened.source === undefined && own) own.remove();
  choice.value = opened.source !== undefined ? "" : opened.game;
}

async function start() {
  await connect();
  const hello = await ask("hello");
  const choice = $("game-choice");
  choice.replaceChildren(...hello.games.map((name) => new Option(name, name)));
  choice.value = hello.default;
  choice.addEventListener("change", () =>
    open(choice.value === "" ? { source: rules.value() } : { game: choice.value }));
  $("view-choice").addEventListener("change", (e) => { view = Number(e.target.value); draw(); });
  $("undo").addEventListener("click", async () => { picked = null; update(await ask("undo")); });
  $("redo").addEventListener("click", async () => { picked = null; update(await ask("redo")); });
  $("pass").addEventListener("click", () => play(state.moves.find((m) => m.pass)));
  $("move-now").addEventListener("click", () => ask("stop"));
  $("restart").addEventListener("click", () => open(opened));
  $("live").addEventListener("click", () => showPly(state.ply));
  $("move-form").addEventListener("submit", typedMove);
  $("analyse").addEventListener("click", analyse);
  $("stop-analysis").addEventListener("click", () => ask("stop"));
  $("set-position").addEventListener("click", () =>
    open({ ...opened, position: $("position").value, moves: $("start-moves").value }));
  const link = roomFromLink();  // rooms.js: a link to a room opens it
  if (link) {
    if (await joinRoom(link.id, link.token)) return;
    history.replaceState(null, "", location.pathname);
  }
  const why = $("error").textContent;  // a link that led nowhere says so over the default game
  await open({ game: hello.default });
  showError(why);
  showLobby();
}

// ---- Designing: the rule file checked as it is written -------------------------------------------
let checking = null;
const rules = ruleEditor($("editor"));  // editor.js
// The name the server gives the editor's file in diagnostics (session.cpp's PASTED_NAME).
const EDITED_FILE = "pasted.vari";

function showDiagnostics(answer) {
  const list = $("diagnostics");
  list.replaceChildren();
  for (const d of answer.diagnostics || []) {
    const item = document.createElement("li");
    item.className = d.severity === "warning" ? "warning" : "";
    item.dataset.line = d.line;
    item.textContent = `${d.file}:${d.line}:${d.column}: ${d.severity}: ${d.message}` +
      (d.hint ? `\n  hint: ${d.hint}` : "");
    item.addEventListener("click", () => rules.goTo(d.line, d.column));
    list.appendChild(item);
  }
  rules.mark((answer.diagnostics || []).filter((d) => d.file === EDITED_FILE));
  if (answer.valid) {
    const item = document.createElement("li");
    item.className = "fine";
    item.textContent = "the rule file is valid";
    list.appendChild(item);
  }
  $("play-rules").disabled = !answer.valid;
}

async function checkRules(play = true) {
  const source = rules.value();
  const answer = await ask("check", { source });
  if (rules.value() !== source) return;  // typed on since: a newer check is coming
  showDiagnostics(answer);
  if (answer.valid && play) open({ source });  // the board follows a valid file as it is written
}

// What is written is kept in the browser as it is typed, so that a reload or a closed tab loses
// nothing; `saved` is the text last put in the editor or downloaded, which may be replaced unasked.
const KEPT_RULES = "vari.rule-file";
let saved = "";

function rulesChanged() {
  localStorage.setItem(KEPT_RULES, rules.value());
  clearTimeout(checking);
  checking = setTimeout(checkRules, 400);
}

// Puts `text` in the editor, asking first when that would replace work not downloaded.
function replaceRules(text) {
  const written = rules.value();
  if (written.trim() !== "" && written !== saved &&
      !confirm("Replace the rule file in the editor? What you wrote there is not saved.")) return;
  saved = text;
  rules.replace(text);  // told to rulesChanged as any change
}

// Offers `text` to the browser to keep as the file `name`.
function downloadText(name, text) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
  link.download = name;
  link.click();
  URL.revokeObjectURL(link.href);
}

function saveRules() {
  const text = rules.value();
  const name = /^game\s+"([^"\n]*)"/m.exec(text);
  downloadText(`${(name ? name[1] : "rules").replace(/[^\w-]+/g, "-").toLowerCase()}.vari`, text);
  saved = text;
}

// ---- Measuring: perft and a short analysis drawn as charts -----------------------------------------
function chart(title, rows, options = {}) {
  // rows: [{ label, value, low, high }]; a horizontal bar per row, whiskers when low/high are given.
  const width = 360, row = 20, left = 130, top = 18;
  const max = options.max || Math.max(1, ...rows.map((r) => r.high ?? r.value));
  const box = svg("svg", { class: "chart", width, height: top + rows.length * row + 6 });
  svg("text", { x: 0, y: 12 }, box).textContent = title;
  rows.forEach((r, i) => {
    const y = top + i * row;
    svg("text", { x: 0, y: y + 14 }, box).textContent = r.label;
    const scale = (v) => left + ((width - left - 50) * v) / max;
    svg("rect", { class: "bar", x: left, y: y + 3, width: Math.max(0, scale(r.value) - left), height: row - 6 }, box);
    if (r.low !== undefined) {
      svg("line", { class: "whisker", x1: scale(r.low), x2: scale(r.high), y1: y + row / 2, y2: y + row / 2 }, box);
    }
    svg("text", { x: scale(r.high ?? r.value) + 4, y: y + 14 }, box).textContent = r.text ?? r.value;
  });
  return box;
}

function showAnalysis(a) {
  const charts = $("charts");
  charts.replaceChildren();
  const summary = document.createElement("div");
  summary.textContent = `${a.games} games: ${a.finished} finished, ${a.draws} drawn, ` +
    `mean length ${a.length.mean.toFixed(1)} plies, ${a.branching.toFixed(1)} moves to choose from`;
  charts.appendChild(summary);
  charts.appendChild(chart("score per seat (95% interval)", a.seats.map((s) => ({
    label: `${s.player} (${s.spec})`, value: s.mean ?? 0,
    low: Math.max(0, (s.mean ?? 0) - (s.margin95 ?? 0)), high: Math.min(1, (s.mean ?? 0) + (s.margin95 ?? 0)),
    text: (s.mean ?? 0).toFixed(2) })), { max: 1 }));
  charts.appendChild(chart("how games ended", a.endings.map((e) => ({ label: e.reason, value: e.games }))));
  charts.appendChild(chart("game length (plies)", a.length.histogram.map((b) => ({
    label: `${b.from}-${b.to}`, value: b.games }))));
}

async function runAnalysis() {
  const specs = $("analysis-seats").value.split(",").map((s) => s.trim()).filter((s) => s);
  const players = board.players.map((_, i) => specs[Math.min(i, specs.length - 1)] || "ai:1");
  const bar = $("analysis-progress");
  bar.hidden = false;
  bar.value = 0;
  $("run-analysis").disabled = true;
  const answer = await ask("analyze", { games: Number($("analysis-games").value), players });
  $("run-analysis").disabled = false;
  bar.hidden = true;
  if (!answer.ok) return showError(answer.error);
  showError("");
  showAnalysis(answer);
}

async function runPerft() {
  $("perft-result").textContent = "counting...";
  const answer = await ask("perft", { depth: Number($("perft-depth").value) });
  $("perft-result").textContent = answer.ok
    ? `perft ${answer.depth} from the position on the board: ${answer.nodes} leaves in ` +
      `${answer.seconds.toFixed(2)} s` : answer.error;
}

// ---- Records ------------------------------------------------------------------------------------------
async function saveGame() {
  const answer = await ask("save");
  if (!answer.ok) return showError(answer.error);
  downloadText(answer.name, answer.text);
}

async function readFile(input) {
  const file = input.files[0];
  input.value = "";
  return file ? file.text() : null;
}

function setUpDesign() {
  rules.onChange(rulesChanged);
  $("play-rules").addEventListener("click", () => open({ source: rules.value() }));
  $("edit-current").addEventListener("click", async () => {
    const answer = await ask("source", { game: lastShipped });
    if (!answer.ok) return showError(answer.error);
    replaceRules(answer.text);
  });
  $("load-rules").addEventListener("change", async (e) => {
    const text = await readFile(e.target);
    if (text !== null) replaceRules(text);
  });
  $("save-rules").addEventListener("click", saveRules);
  $("run-perft").addEventListener("click", runPerft);
  $("run-analysis").addEventListener("click", runAnalysis);
  $("save-game").addEventListener("click", saveGame);
  $("load-game").addEventListener("change", async (e) => {
    const text = await readFile(e.target);
    if (text !== null) { picked = null; update(await ask("load", { text })); }
  });
  $("show-names").addEventListener("change", () => state && draw());
  $("move-marks").addEventListener("change", () => state && draw());
}

setUpDesign();
setUpRooms();
window.addEventListener("popstate", () => location.reload());  // back out of a room, or into one
start().then(() => {
  const kept = localStorage.getItem(KEPT_RULES);
  if (kept) { rules.restore(kept); checkRules(false); }
  rules.upgrade();
}).catch((e) => showError(e.message));
