// The playground's page (gdl serve): picks a game, draws the position the
// server sends, plays by clicking, runs the agents of the seats, and edits
// the rules. The server keeps no games: every request carries the game,
// its options, its text when edited, and the moves played (docs/serve.md).
"use strict";

const $ = (id) => document.getElementById(id);

// Everything the page knows; the position is the server's answer.
const S = {
  games: [],        // from /api/games
  game: null,       // the served name of the game shown
  options: [],      // ["size=9", ...] of the game shown
  disk: "",         // the file's text on disk, as last read or saved
  diskHash: "",     // its hash: the version a save replaces
  conflict: null,   // a save refused: the text on disk now and its hash
  rulesOk: true,    // whether the editor's text loads
  moves: [],        // actions played, in notation
  byAgent: [],      // for each move, whether an agent played it
  redo: [],         // actions undone (or of a record opened), last first
  state: null,      // the last state answer
  selected: null,   // the cell of a piece chosen to move
  seats: [],        // an agent per seat: "human", "random", "mcts:..."
  view: "",         // hidden information: the player whose view is shown ("" all)
  flipped: false,   // the board turned round
  drag: null,       // the cell a drag started on
  version: 0,       // bumped on every change, so late answers are dropped
};

const AGENTS = [
  ["human", "person"],
  ["random", "random"],
  ["mcts:1000", "MCTS 1000"],
  ["mcts:10000", "MCTS 10000"],
  ["mcts:1s", "MCTS 1 s"],
];

// POSTs `body` to /api/ROUTE; answers {ok, status, data}.
async function api(route, body) {
  const r = await fetch("/api/" + route, {
    method: body === undefined ? "GET" : "POST",
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const type = r.headers.get("Content-Type") || "";
  const data = type.includes("json") ? await r.json() : await r.text();
  return { ok: r.ok, status: r.status, data };
}

// What every position request carries.
function base(extra) {
  const edited = $("editor").value !== S.disk;
  return Object.assign(
    { game: S.game, options: S.options, moves: S.moves, as: S.view || null },
    edited ? { source: $("editor").value } : {},
    extra || {},
  );
}

function say(text, kind) {
  const m = $("message");
  m.textContent = text || "";
  m.className = kind || "";
}

// ---- games and options ----

async function start() {
  const r = await api("games");
  S.games = r.data.games || [];
  const select = $("game");
  for (const g of S.games) {
    const o = document.createElement("option");
    o.value = g.game;
    o.textContent = g.title ? `${g.title} (${g.game})` : g.game;
    select.appendChild(o);
  }
  select.addEventListener("change", () => pickGame(select.value));
  $("new-game").addEventListener("click", () => newGame());
  // The address holds the game, its options, the moves and the flip
  // (writeAddress): a reload or a shared link shows the same position.
  const q = new URLSearchParams(location.search);
  const first = S.games.find((g) => g.game === q.get("game")) || S.games[0];
  if (first) {
    select.value = first.game;
    setFlipped(q.get("flip") === "1");
    await pickGame(first.game, q.getAll("o"));
    const moves = q.getAll("m");
    if (moves.length) {
      S.moves = moves;
      S.byAgent = moves.map(() => false);
      await refresh();
    }
  }
  setInterval(watchDisk, 1000);
}

// Puts the game, options, moves and flip in the page's address (without
// a reload or a history entry).
function writeAddress() {
  const q = new URLSearchParams();
  q.set("game", S.game);
  for (const o of S.options) q.append("o", o);
  for (const m of S.moves) q.append("m", m);
  if (S.flipped) q.set("flip", "1");
  history.replaceState(null, "", "?" + q.toString());
}

// Shows the options of `name` with their values, and loads it. The seats
// go back to people: agents chosen for one game are not kept for another.
async function pickGame(name, values) {
  S.version++;
  S.game = name;
  S.seats = [];
  const info = S.games.find((g) => g.game === name) || { options: [] };
  renderOptions(info.options || [], values || []);
  const r = await api("source", { game: name });
  if (!r.ok) return say(r.data.error, "error");
  S.disk = r.data.source;
  S.diskHash = r.data.hash;
  $("editor").value = S.disk;
  $("save-state").textContent = "";
  hideConflict();
  await newGame();
}

// An input for each option (a list to choose from when its values are
// named), holding the value chosen in `values` ("name=value"), else its own.
function renderOptions(options, values) {
  const box = $("options");
  box.innerHTML = "";
  for (const o of options) {
    const label = document.createElement("label");
    label.title = [o.allowed, o.doc].filter(Boolean).join(": ");
    label.append(o.name + " ");
    const chosen = values.find((v) => v.startsWith(o.name + "="));
    const value = chosen ? chosen.slice(o.name.length + 1) : o.value;
    let input;
    if (o.allowed.includes(" | ")) {
      input = document.createElement("select");
      for (const v of o.allowed.split(" | ")) {
        const opt = document.createElement("option");
        opt.value = opt.textContent = v.trim();
        input.appendChild(opt);
      }
    } else {
      input = document.createElement("input");
      input.placeholder = o.allowed;
    }
    input.value = value;
    input.dataset.option = o.name;
    input.addEventListener("change", () => newGame());
    label.appendChild(input);
    box.appendChild(label);
  }
}

function chosenOptions() {
  return [...document.querySelectorAll("[data-option]")].map(
    (i) => `${i.dataset.option}=${i.value.trim()}`,
  );
}

// Loads the game with the options chosen and the editor's text, from the start.
async function newGame() {
  S.version++;
  S.options = chosenOptions();
  S.moves = [];
  S.byAgent = [];
  S.redo = [];
  S.selected = null;
  S.view = "";
  const version = S.version;
  let r = await api("game", base());
  // Options the edited rules no longer declare are dropped.
  const unknown = r.ok || r.data.kind !== "options" ? [] : (r.data.diagnostics || [])
    .map((d) => (d.message.match(/^unknown option `(.*)`$/) || [])[1])
    .filter(Boolean);
  if (unknown.length) {
    S.options = S.options.filter((o) => !unknown.includes(o.split("=")[0]));
    r = await api("game", base());
  }
  if (version !== S.version) return;
  if (!r.ok) return showRulesError(r);
  showRulesOk();
  // The rules edited may declare other options.
  const declared = r.data.options.map((o) => o.name).join(" ");
  if (declared !== S.options.map((o) => o.split("=")[0]).join(" ")) {
    renderOptions(r.data.options, S.options);
    S.options = chosenOptions();
  }
  renderSeats(r.data.players);
  say("");
  show(r.data.state);
  renderView(r.data.players, r.data.state.hidden);
}

// A game of hidden information (`view`): the board shows one player's view,
// the first seat's to begin with, or everything.
function renderView(players, hidden) {
  $("view-box").hidden = !hidden;
  const select = $("view");
  select.innerHTML = "";
  if (!hidden) return;
  for (const [value, text] of [["", "everything"], ...players.map((p) => [p, p])]) {
    const o = document.createElement("option");
    o.value = value;
    o.textContent = text;
    select.appendChild(o);
  }
  S.view = players[0];
  select.value = S.view;
  refresh();
}

$("view").addEventListener("change", () => {
  S.view = $("view").value;
  refresh();
});

// ---- seats and agents ----

function renderSeats(players) {
  const box = $("seats");
  const before = S.seats;
  box.innerHTML = "";
  S.seats = players.map((_, i) => (before.length === players.length ? before[i] : "human"));
  players.forEach((p, i) => {
    const label = document.createElement("label");
    label.append(`Seat ${i + 1} (${p}) `);
    const select = document.createElement("select");
    select.id = "seat-" + (i + 1);
    for (const [value, text] of AGENTS) {
      const o = document.createElement("option");
      o.value = value;
      o.textContent = text;
      select.appendChild(o);
    }
    select.value = S.seats[i];
    select.addEventListener("change", () => {
      S.seats[i] = select.value;
      agentTurn();
    });
    label.appendChild(select);
    box.appendChild(label);
  });
}

// When an agent holds the seat to move, or chance decides (and nothing waits
// to be redone), it plays.
function agentTurn() {
  const st = S.state;
  if (!st || st.over || S.redo.length || !S.rulesOk) return;
  // Chance decides a roll for every seat: the random agent draws its
  // outcome by probability (the same one for the same position).
  const agent = st.chance ? "random" : S.seats[st.seat];
  if (!agent || agent === "human") return;
  const version = S.version;
  setTimeout(async () => {
    if (version !== S.version) return;
    say(st.chance ? "chance rolls…" : `${st.to_move} (${agent}) is thinking…`);
    const r = await api("agent", base({ agent }));
    if (version !== S.version) return;
    if (!r.ok) return say(r.data.error, "error");
    say("");
    await play(r.data.action, true);
  }, 250);
}

// ---- the position ----

function cellsOf(label) {
  return document.querySelectorAll(`#board [data-cell="${CSS.escape(label)}"]`);
}

function mark(label, cls) {
  for (const c of cellsOf(label)) c.classList.add(cls);
}

// Draws a state answer: board, status, buttons, moves, variables.
function show(st) {
  S.state = st;
  $("board").innerHTML = st.svg;
  writeAddress();
  renderStatus(st);
  // A piece that must go on (all moves start on one cell) is chosen for you.
  const moves = st.legal.filter((a) => a.cells.length === 2);
  const froms = new Set(moves.map((a) => a.cells[0]));
  if (!S.selected && froms.size === 1 && moves.length === st.legal.length) {
    S.selected = [...froms][0];
  }
  highlight();
  const actions = $("actions");
  actions.innerHTML = "";
  $("choices").innerHTML = "";
  for (const a of st.legal.filter((a) => a.cells.length === 0)) {
    actions.appendChild(actionButton(a.text));
  }
  const list = $("moves");
  list.innerHTML = "";
  for (const t of st.turns) {
    const li = document.createElement("li");
    li.textContent = t.join(" ");
    list.appendChild(li);
  }
  list.scrollTop = list.scrollHeight;
  // Pieces in hand are the players'; the variables are the rules' own.
  const hands = st.reserves.map((r) => `${r.player} ${r.kind} in hand: ${r.count}`);
  $("hands").textContent = hands.join(" · ");
  $("facts").textContent = st.variables.map((v) => `${v.name} = ${v.value}`).join(" · ");
  $("undo").disabled = !S.moves.length;
  $("redo").disabled = !S.redo.length;
  agentTurn();
}

// The status line in a player's words, unless the rules' internals are
// asked for: the server's status names the step's actions
// (`straight-line | knight-leap | ...`).
function renderStatus(st) {
  const status = $("status");
  const reason = st.reason ? ` (${st.reason})` : "";
  const plain = st.seen_by ? st.status : `Turn ${st.turn}: ${st.to_move} to move`;
  const internal = $("internals").checked || st.chance;
  status.textContent = st.over ? `Game over: ${st.result}${reason}` : internal ? st.status : plain;
  status.className = st.over ? "over" : "";
}

function actionButton(text) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  b.dataset.action = text;
  b.addEventListener("click", () => play(text));
  return b;
}

// Outlines the cells where something can be done, the piece chosen and its targets.
function highlight() {
  for (const c of document.querySelectorAll("#board .cell")) {
    c.classList.remove("legal", "selected", "target");
  }
  for (const a of S.state.legal) {
    if (a.cells.length) mark(a.cells[0], "legal");
  }
  if (S.selected) {
    mark(S.selected, "selected");
    for (const a of S.state.legal) {
      if (a.cells.length === 2 && a.cells[0] === S.selected) mark(a.cells[1], "target");
    }
  }
}

// A click on the board: act on the cell, choose a piece, or move it.
$("board").addEventListener("click", (ev) => {
  const cell = ev.target.closest("[data-cell]");
  if (!cell || !S.state || !S.rulesOk) return;
  clicked(cell.dataset.cell);
});

function clicked(label) {
  const legal = S.state.legal;
  const movesFrom = (c) => legal.filter((a) => a.cells.length === 2 && a.cells[0] === c);
  if (S.selected) {
    const from = S.selected;
    const fits = movesFrom(from).filter((a) => a.cells[1] === label);
    if (fits.length === 1) return play(fits[0].text);
    if (fits.length > 1) return offer(fits);
    S.selected = null;
    if (label === from) return highlight();
    if (movesFrom(label).length) {
      S.selected = label;
      return highlight();
    }
    highlight();
    return explain(`${from}-${label}`);
  }
  const on = legal.filter((a) => a.cells.length === 1 && a.cells[0] === label);
  const from = movesFrom(label).length > 0;
  if (on.length === 1 && !from) return play(on[0].text);
  if (from) {
    S.selected = label;
    highlight();
  }
  if (on.length) return offer(on);
  if (!from) explain(label);
}

// Several actions fit a click: a button for each.
function offer(actions) {
  const box = $("choices");
  box.innerHTML = "";
  for (const a of actions) box.appendChild(actionButton(a.text));
  say("Several actions fit this click: choose one.");
}

async function explain(word) {
  const r = await api("explain", base({ action: word }));
  if (!r.ok) return say(r.data.error, "error");
  say(r.data.text, r.data.legal ? "" : "why");
}

async function play(text, byAgent) {
  S.version++;
  const version = S.version;
  const r = await api("play", base({ action: text }));
  if (version !== S.version) return;
  if (!r.ok) return say(r.data.error, "why");
  S.moves = r.data.moves;
  S.byAgent.push(!!byAgent);
  if (!byAgent) S.redo = [];
  S.selected = null;
  if (!byAgent) say("");
  show(r.data);
}

// Asks the server for the position of S.moves.
async function refresh() {
  S.version++;
  S.selected = null;
  const version = S.version;
  const r = await api("state", base());
  if (version !== S.version) return;
  if (!r.ok) {
    // Moves that no longer play (an address from other rules): from the start.
    if (S.moves.length && r.status === 422) {
      say(r.data.error, "error");
      S.moves = [];
      S.byAgent = [];
      const again = await api("state", base());
      if (again.ok) show(again.data);
      return;
    }
    return say(r.data.error, "error");
  }
  show(r.data);
}

// Undo takes back the last move made by a person, and the agents' after it.
$("undo").addEventListener("click", () => {
  while (S.moves.length) {
    S.redo.push(S.moves.pop());
    if (!S.byAgent.pop()) break;
  }
  say("");
  refresh();
});

$("redo").addEventListener("click", () => {
  if (!S.redo.length) return;
  S.moves.push(S.redo.pop());
  S.byAgent.push(false);
  say("");
  refresh();
});

$("restart").addEventListener("click", () => newGame());

$("internals").addEventListener("change", () => {
  $("facts").hidden = !$("internals").checked;
  $("board").classList.toggle("internals", $("internals").checked);
  if (S.state) renderStatus(S.state);
});

function setFlipped(on) {
  S.flipped = on;
  $("board").classList.toggle("flipped", on);
}

$("flip").addEventListener("click", () => {
  setFlipped(!S.flipped);
  writeAddress();
});

// The arrow keys step through the moves (Home and End: to either end),
// as Undo and Redo do one ply at a time; not while typing.
document.addEventListener("keydown", (ev) => {
  if (ev.target.closest("input, textarea, select") || !S.state) return;
  const back = () => {
    S.redo.push(S.moves.pop());
    S.byAgent.pop();
  };
  const forward = () => {
    S.moves.push(S.redo.pop());
    S.byAgent.push(false);
  };
  if (ev.key === "ArrowLeft" && S.moves.length) back();
  else if (ev.key === "ArrowRight" && S.redo.length) forward();
  else if (ev.key === "Home" && S.moves.length) while (S.moves.length) back();
  else if (ev.key === "End" && S.redo.length) while (S.redo.length) forward();
  else return;
  ev.preventDefault();
  say("");
  refresh();
});

// Drag and drop: a piece pressed and released on another cell is moved
// there, as two clicks would (a press and release on one cell is a click).
$("board").addEventListener("pointerdown", (ev) => {
  const cell = ev.target.closest("[data-cell]");
  S.drag = cell && S.state && S.rulesOk ? cell.dataset.cell : null;
});

$("board").addEventListener("pointerup", (ev) => {
  const from = S.drag;
  S.drag = null;
  const under = document.elementFromPoint(ev.clientX, ev.clientY);
  const cell = under && under.closest("#board [data-cell]");
  if (!from || !cell || cell.dataset.cell === from) return;
  const moves = S.state.legal.filter((a) => a.cells.length === 2 && a.cells[0] === from);
  if (!moves.length) return;
  S.selected = from;
  clicked(cell.dataset.cell);
});

// An action typed in notation (a whole turn may be one word: c3-e5-c7).
$("notation").addEventListener("keydown", (ev) => {
  if (ev.key !== "Enter") return;
  const text = ev.target.value.trim();
  if (!text || !S.state) return;
  ev.target.value = "";
  play(text);
});

$("hint").addEventListener("click", async () => {
  say("Searching…");
  const version = S.version;
  const r = await api("agent", base({ agent: "mcts:2000" }));
  // Another position (or game) since: this hint is not for it.
  if (version !== S.version) return;
  if (!r.ok) return say(r.data.error, "error");
  say(`Hint: MCTS would play ${r.data.action}`);
  const a = S.state.legal.find((l) => l.text === r.data.action);
  for (const c of a ? a.cells : []) mark(c, "hint");
});

window.addEventListener("DOMContentLoaded", start);
