// Games between people on other machines (rooms). The server keeps each room, checks its moves
// and judges its clocks; this page makes one of the game on the board, lists the lobby's, and
// follows one: a link ?room=ID&seat=TOKEN seats its holder, ?room=ID lets anyone watch. A seat's
// token is kept in this browser, so a reload or a lost connection finds the seat again.
// Loaded before app.js, whose drawing and session this uses once the page runs.
"use strict";

let room = null;  // the room followed: { id, token, seat, state, at, on } (at: when state came,
                  // on: the connection it came on)
let roomTicker = null;

const KEPT_NAME = "vari.name";
const seatKey = (id) => `vari.seat.${id}`;
const invitesKey = (id) => `vari.invites.${id}`;
const SEAT_OFFERS = ["open", "me", "random", ...Array.from({ length: 10 }, (_, i) => `ai:${i + 1}`)];

function personName() { return $("person-name").value.trim(); }

function roomLink(id, token) {
  const url = new URL(location.href);
  url.search = token ? `?room=${id}&seat=${token}` : `?room=${id}`;
  url.hash = "";
  return url.toString();
}

// The room this page's address names, with the seat's token from the link or kept from before.
function roomFromLink() {
  const params = new URLSearchParams(location.search);
  const id = params.get("room");
  if (!id) return null;
  return { id, token: params.get("seat") || localStorage.getItem(seatKey(id)) || "" };
}

// ---- Following a room -----------------------------------------------------------------------
async function joinRoom(id, token) {
  const answer = await ask("room_join", { room: id, token, name: personName() });
  if (!answer.ok) {
    showError(answer.error);
    return false;
  }
  if (answer.seat >= 0) localStorage.setItem(seatKey(id), token);
  history.replaceState(null, "", `?room=${encodeURIComponent(id)}`);  // the secret off the screen
  const first = !room || room.id !== id;
  // News of the room pushed on this connection before the answer may be newer than it.
  const pushed = !first && room.on === connections && room.state ? { state: room.state, at: room.at }
                                                                  : null;
  room = { id, token: answer.seat >= 0 ? token : "", seat: answer.seat, state: null, at: 0 };
  socket.onclose = reconnectRoom;
  document.body.classList.add("in-room");
  $("room-box").hidden = false;
  if (first) {
    viewing = null;
    setBoard(answer.board);
    view = Math.max(0, answer.seat);  // a player sees the board from their own side
    $("view-choice").value = view;
  }
  showInvites();
  if (pushed && pushed.state.stamp > answer.stamp) showRoom(pushed.state, pushed.at);
  else showRoom(answer);
  clearInterval(roomTicker);
  roomTicker = setInterval(tickClocks, 250);
  return true;
}

// The room's state as it changed, received at `at`: drawn as the page draws a game, with only the
// moves that are this seat's to make offered.
function showRoom(s, at = performance.now()) {
  const moved = !room.state || room.state.ply !== s.ply;
  room.state = s;
  room.on = connections;
  room.at = at;
  if (moved) picked = null;
  if (viewing && s.ply < viewing.ply) viewing = null;
  const mine = s.status === "playing" && s.seat === s.to_move && !s.result;
  state = { ...s.game_state, result: s.result, moves: mine ? s.game_state.moves : [] };
  showError("");
  draw();
}

function roomPushed(event) {
  if (!room || event.room !== room.id) return;
  if (event.event === "room") return showRoom(event);
  if (event.event === "seat_taken") {  // this seat was opened on another page: this one stops
    clearInterval(roomTicker);
    room = null;
    socket.onclose = null;
    socket.close();
    $("connection").textContent = `${event.reason}; reload to take it back here`;
  }
}

async function roomMove(move) {
  const answer = await ask("room_move", { room: room.id, token: room.token, ply: state.ply,
                                          index: state.moves.indexOf(move) });
  if (!answer.ok) { showError(answer.error); draw(); }
}

async function roomRequest(op, fields = {}) {
  const answer = await ask(op, { room: room.id, token: room.token, ...fields });
  if (!answer.ok) showError(answer.error);
}

// A lost connection is tried again every two seconds, and the room joined again once it is back.
function reconnectRoom() {
  $("connection").textContent = `${CONNECTION_LOST}; trying again`;
  setTimeout(async () => {
    if (!room) return;
    try {
      await connect();
      await joinRoom(room.id, room.token);
    } catch (e) {
      reconnectRoom();
    }
  }, 2000);
}

// ---- What a room shows -------------------------------------------------------------------------
// "4:05", "0:09.3" under ten seconds.
function clockFace(ms) {
  const left = Math.max(0, ms);
  if (left < 10000) return `0:0${(Math.floor(left / 100) / 10).toFixed(1)}`;
  const seconds = Math.floor(left / 1000);
  const h = Math.floor(seconds / 3600), m = Math.floor(seconds / 60) % 60, sec = seconds % 60;
  return `${h ? `${h}:${String(m).padStart(2, "0")}` : m}:${String(sec).padStart(2, "0")}`;
}

// "10+30x3" read as the server writes it: the period's length, for a byo-yomi clock.
function periodMs(control) {
  const byoyomi = /^[\d.]+\+([\d.]+)x\d+$/.exec(control);
  return byoyomi ? Number(byoyomi[1]) * 1000 : 0;
}

// A player's clock: main time, then for byo-yomi the periods left (the current one counting).
function clockText(s, player) {
  if (s.time_control === "none") return "";
  const period = periodMs(s.time_control);
  let [main, periods] = s.clocks[player];
  if (player === s.running && s.running_ms !== null) {
    const left = Math.max(0, s.running_ms - (performance.now() - room.at));
    if (!period || left > periods * period) main = left - periods * period;
    else {
      const count = Math.ceil(left / period);
      return `${clockFace(left - (count - 1) * period)} (${count} × ${period / 1000} s)`;
    }
  }
  return clockFace(main) + (period ? ` + ${periods} × ${period / 1000} s` : "");
}

function tickClocks() {
  if (!room || !room.state) return;
  for (const face of document.querySelectorAll("#room-seats .clock"))
    face.textContent = clockText(room.state, Number(face.dataset.player));
}

function seatName(seat) {
  if (seat.kind === "computer") return `vari (${seat.asked})`;
  return seat.name || (seat.taken ? "a player" : "waiting for a player");
}

// Drawn with the side panel (app.js's drawSide): the seats with their clocks, the offer waiting,
// the buttons that apply.
function drawRoom() {
  const s = room.state;
  $("room-title").textContent = `${s.game}${s.time_control === "none" ? "" : `, ${s.time_control}`}` +
    (s.status === "waiting" ? ": waiting for every player to come" : "");
  const list = $("room-seats");
  list.replaceChildren();
  s.seats.forEach((seat, player) => {
    const item = document.createElement("li");
    item.dataset.player = s.players[player];
    item.className = [player === s.to_move && !s.result ? "to-move" : "",
                      seat.kind === "person" && !seat.online ? "offline" : ""].join(" ");
    const who = document.createElement("span");
    who.textContent = `${s.players[player]}: ${seatName(seat)}${player === s.seat ? " (you)" : ""}` +
      (seat.kind === "person" && seat.taken && !seat.online ? ", away" : "");
    const clock = document.createElement("span");
    clock.className = "clock";
    clock.dataset.player = player;
    clock.textContent = clockText(s, player);
    item.append(who, clock);
    list.appendChild(item);
  });
  const seated = s.seat >= 0, going = !s.result;
  const offer = s.offer;
  $("offer").hidden = !offer;
  if (offer) {
    const what = offer.what === "draw" ? "a draw" : "to take back a move";
    $("offer-text").textContent = offer.by === s.seat ? `You offered ${what}; waiting for the answer.`
                                                      : `${s.players[offer.by]} offers ${what}.`;
    $("offer-yes").hidden = $("offer-no").hidden = !seated || offer.by === s.seat;
  }
  $("resign").hidden = $("offer-draw").hidden = $("ask-takeback").hidden = !seated || !going;
  $("ask-takeback").disabled = s.ply === 0;
  $("turn").textContent = !going ? "" : s.status === "waiting" ? "" :
    s.seat === s.to_move ? "Your move" : `${s.players[s.to_move]} to move`;
}

function showInvites() {
  const invites = JSON.parse(localStorage.getItem(invitesKey(room.id)) || "null");
  $("invites").hidden = !invites;
  if (!invites) return;
  $("local-links").hidden = !["127.0.0.1", "localhost", "[::1]"].includes(location.hostname);
  const list = $("invite-links");
  list.replaceChildren();
  for (const { label, token } of invites) {
    const link = roomLink(room.id, token);  // by the address this page was opened by
    const item = document.createElement("li");
    const text = document.createElement("span");
    text.textContent = `${label}: `;
    const field = document.createElement("input");
    field.readOnly = true;
    field.value = link;
    field.className = "invite";
    field.dataset.seat = label;
    field.addEventListener("focus", () => field.select());
    const copy = document.createElement("button");
    copy.type = "button";
    copy.textContent = "Copy";
    copy.addEventListener("click", () => navigator.clipboard.writeText(link));
    item.append(text, field, copy);
    list.appendChild(item);
  }
}

async function downloadRecord() {
  const answer = await ask("room_record", { room: room.id });
  if (!answer.ok) return showError(answer.error);
  downloadText(answer.name, answer.text);  // app.js
}

// ---- Making a room, and the lobby ------------------------------------------------------------------
// A seat menu per player of the game on the board: "me" for the first, "open" for the others.
// The time control offered first: byo-yomi where pieces return to hand (shogi's custom), else
// Fischer.
function drawNewRoom() {
  seatMenus($("new-room-seats"), () => SEAT_OFFERS, (player) => (player === 0 ? "me" : "open"),
            (c) => (c === "open" ? "a player by invitation" : c));  // app.js
  $("time-control").value = board.hands ? "10+30x3" : "10+5";
}

async function createRoom() {
  const seats = [...$("new-room-seats").querySelectorAll("select")].map((s) => s.value);
  const answer = await ask("room_create", { ...(opened.source !== undefined ? { source: opened.source }
                                                                            : { game: opened.game }),
                                            seats, time_control: $("time-control").value.trim(),
                                            listed: $("room-listed").checked, name: personName() });
  if (!answer.ok) {
    return showError(answer.error + (answer.diagnostics || []).map((d) =>
      `\n${d.file || ""}:${d.line}:${d.column}: ${d.message}`).join(""));
  }
  const invites = [];
  seats.forEach((seat, player) => {
    if (seat === "open") invites.push({ label: board.players[player], token: answer.tokens[player] });
    // One's own seat too: to play on from another device, or after opening the page by another
    // address (each address keeps its own storage).
    if (seat === "me") invites.push({ label: `you (${board.players[player]})`, token: answer.tokens[player] });
  });
  invites.push({ label: "watchers", token: "" });
  localStorage.setItem(invitesKey(answer.room), JSON.stringify(invites));
  const mine = seats.indexOf("me");
  history.pushState(null, "", `?room=${answer.room}`);
  await joinRoom(answer.room, mine >= 0 ? answer.tokens[mine] : "");
}

async function showLobby() {
  const answer = await ask("lobby");
  const table = $("lobby");
  table.replaceChildren();
  if (!answer.ok) return showError(answer.error);
  if (!answer.games.length) table.insertRow().insertCell().textContent = "No games here yet.";
  for (const game of answer.games) {
    const row = table.insertRow();
    row.insertCell().textContent = game.game;
    row.insertCell().textContent = game.seats.map((seat) =>
      `${seat.player}: ${seat.open ? "open" : seatName(seat)}`).join(", ");
    row.insertCell().textContent = game.time_control === "none" ? "" : game.time_control;
    const actions = row.insertCell();
    game.seats.forEach((seat, player) => {
      if (!seat.open) return;
      const sit = document.createElement("button");
      sit.type = "button";
      sit.textContent = `Play ${seat.player}`;
      sit.addEventListener("click", async () => {
        const taken = await ask("room_sit", { room: game.room, seat: player });
        if (!taken.ok) return showError(taken.error);
        history.pushState(null, "", `?room=${game.room}`);
        joinRoom(game.room, taken.token);
      });
      actions.appendChild(sit);
    });
    const watch = document.createElement("button");
    watch.type = "button";
    watch.textContent = "Watch";
    watch.addEventListener("click", () => {
      history.pushState(null, "", `?room=${game.room}`);
      joinRoom(game.room, "");
    });
    actions.appendChild(watch);
  }
}

function setUpRooms() {
  $("person-name").value = localStorage.getItem(KEPT_NAME) || "";
  $("person-name").addEventListener("change", () => {
    localStorage.setItem(KEPT_NAME, personName());
    if (room && room.seat >= 0) joinRoom(room.id, room.token);  // the others see the new name
  });
  $("create-room").addEventListener("click", createRoom);
  $("refresh-lobby").addEventListener("click", showLobby);
  $("resign").addEventListener("click", () => {
    if (confirm("Resign this game?")) roomRequest("room_resign");
  });
  $("offer-draw").addEventListener("click", () => roomRequest("room_offer", { what: "draw" }));
  $("ask-takeback").addEventListener("click", () => roomRequest("room_offer", { what: "takeback" }));
  $("offer-yes").addEventListener("click", () => roomRequest("room_answer", { accept: true }));
  $("offer-no").addEventListener("click", () => roomRequest("room_answer", { accept: false }));
  $("room-record").addEventListener("click", downloadRecord);
  $("leave-room").addEventListener("click", () => { location.href = location.pathname; });
}
