// The page: a deal drawn as cards, checked, stepped through, played, with hints and puzzles.
// Every position and every answer comes from the service (/v1/position, /v1/check); the
// page draws them, sends moves (which the referee accepts or refuses with its reason) and
// says it all in a player's words (words.js).
//
// No click is lost: whatever changes the position (a card, Deal, Undo, a step) waits its
// turn in one queue and is read against the position the moves before it left.

import { ApiError, postJSON } from "./api.js";
import { W, cardFace, cardName, cardValue, drawBoard, el, place, ring, suitDefs } from "./cards.js";
import {
  alternativeWords, cardLabel, cardsInText, goalTitle, headline, moveLabel, number, refusal, stockWords,
  whyBlocked,
} from "./words.js";

const $ = (id) => document.getElementById(id);
const OPTION_KEYS = ["rows", "rest", "draw", "passes", "stock_waste", "overlap", "objective",
  "scoring", "stock_top", "auto_deal"];
const YES_NO = ["overlap", "auto_deal"];
const PLACEHOLDER = "a deal number, a PySolFC game, or 52 cards as an app shows them";
const PLAY_MS = 650;
const NARROW = window.matchMedia("(max-width: 899px)");
const DATA = JSON.parse($("page-data").textContent);

const state = {
  presets: DATA.presets,
  games: DATA.games || [], // PySolFC's ten other games: names, titles, rules in words
  deal: "1",              // what identifies the deal: a number or the 52-card line
  opts: { variant: "pyramid" },
  goal: "win",            // what Check asks: win, board, moves, score, score:N, cards:R:N
  moves: [],              // the line played from the deal (what the board shows)
  pos: null,              // the last /v1/position answer
  good: null,             // the deal and rules of that answer
  frameKey: null,
  frame: null,
  selected: null,
  solution: null,         // { moves, positions, verdict, source, from }
  step: null,             // index into solution.positions when on the solution line
  timer: null,
  hint: null,             // cards of the hinted move
  hintMove: null,         // the hinted move
  start: null,            // { key, verdict }: the verdict of the deal from its start
  chart: null,            // the score chart of the line shown
  asking: null,           // the AbortController of the Check under way
  view: "play",
  challenge: null,        // the daily challenge played (daily.js), or null
};

// -- the queue: one change of position at a time, in the order asked ---------------------
const queue = [];
let running = false;

/** Run ``fn`` (async) after everything asked before it. */
function act(fn) {
  queue.push(fn);
  pump();
}

async function pump() {
  if (running) return;
  running = true;
  try {
    while (queue.length) {
      const fn = queue.shift();
      try { await fn(); } catch (e) { showError(e); }
    }
  } finally {
    running = false;
    for (const g of $("board").querySelectorAll("g.card.queued")) g.classList.remove("queued");
  }
}

/** ``fn`` run in the queue (as :func:`act`); its result or error when its turn is done. */
function queued(fn) {
  return new Promise((resolve, reject) => act(async () => {
    try { resolve(await fn()); } catch (e) { reject(e); }
  }));
}

/** Forget what was asked after a refused move (it was asked of a position that never
 * came); how many such clicks there were. */
function dropQueue() {
  const n = queue.length;
  queue.length = 0;
  return n;
}

// -- errors and messages ------------------------------------------------------------
let rejected = null;   // what a failed Show was asked, to put back in the form

function showError(err, typed = null) {
  const text = err instanceof ApiError || err instanceof Error ? err.message : String(err);
  $("error-text").textContent = text;
  $("error").hidden = false;
  rejected = typed;
  $("error-edit").hidden = !typed;
}
function clearError() { $("error").hidden = true; $("error-text").textContent = ""; rejected = null; }
function say(text, kind = "") {
  const m = $("message");
  m.textContent = text;
  m.className = kind;
  if (text) reveal(m);
}
window.addEventListener("error", (e) => showError(`page error: ${e.message}`));
window.addEventListener("unhandledrejection", (e) => showError(e.reason));

/** Bring the board and what goes with it (the answer over it, the step controls under
 * it) into view, the board's top at the window's top when they do not all fit. */
function revealBoard() {
  const wrap = $("board-wrap").getBoundingClientRect();
  if (wrap.top >= 0 && wrap.bottom <= window.innerHeight) return;
  $("board-wrap").scrollIntoView({ block: "start", behavior: "instant" });
}

/** Scroll ``node`` into view if it is not: the smallest move that shows it. */
function reveal(node, block = "nearest") {
  const r = node.getBoundingClientRect();
  if (r.top >= 0 && r.bottom <= window.innerHeight) return;
  node.scrollIntoView({ block, behavior: "instant" });
}

// -- request bodies and the URL -------------------------------------------------------
function dealBody(extra = {}) {
  return { deal: state.deal, ...state.opts, ...extra };
}

function optsFromForm() {
  const form = $("deal-form");
  const opts = { variant: $("opt-variant").value || "pyramid" };
  for (const key of OPTION_KEYS) {
    const v = form.elements[key].value.trim();
    if (v === "") continue;
    if (key === "rows" || key === "draw") opts[key] = Number.isInteger(Number(v)) ? Number(v) : v;
    else if (YES_NO.includes(key)) opts[key] = v === "true";
    else opts[key] = v;
  }
  return opts;
}

/** Set a menu to ``value``, adding it when the menu lacks it (a value from the address). */
function choose(select, value) {
  if (value !== "" && ![...select.options].some((o) => o.value === value)) {
    const o = document.createElement("option");
    o.value = o.textContent = value;
    select.appendChild(o);
  }
  select.value = value;
}

function formFromState() {
  $("deal-input").value = state.deal;
  choose($("opt-variant"), state.opts.variant);
  const form = $("deal-form");
  let any = false;
  for (const key of OPTION_KEYS) {
    const v = state.opts[key];
    choose(form.elements[key], v === undefined ? "" : String(v));
    any = any || v !== undefined;
  }
  if (any) $("options").open = true;
  goalToForm(state.goal);
  rulesText();
}

function preset(name) { return state.presets.find((p) => p.name === name) || game(name); }
/** One of PySolFC's ten other games (drawn from the service's layout data, rules fixed). */
function game(name) { return state.games.find((g) => g.name === name); }
/** Is the position shown one of those games (cards known by id, moves by token)? */
function isGame() { return !!state.pos && !!state.pos.variant.game; }

/** The rules in words under the form: the shown deal's, or the preset chosen. */
function rulesText() {
  const p = preset($("opt-variant").value);
  const shown = state.pos && state.pos.variant.name === $("opt-variant").value;
  $("variant-text").textContent = shown ? state.pos.rules : p ? p.rules : "";
  $("options").hidden = !!game($("opt-variant").value);   // the games' rules are PySolFC's
  $("deal-input").placeholder = $("opt-variant").value.startsWith("pysolfc-")
    ? "PySolFC's game number as PySolFC shows it (#32000, ms123), or 52 cards"
    : PLACEHOLDER;
  fitGoals();
}

function urlFor() {
  const q = new URLSearchParams();
  q.set("deal", state.deal);
  q.set("variant", state.opts.variant);
  for (const key of OPTION_KEYS) if (state.opts[key] !== undefined) q.set(key, String(state.opts[key]));
  if (state.moves.length) q.set("moves", state.moves.join(" "));
  if (state.goal !== "win") q.set("goal", state.goal);
  if (state.view !== "play") q.set("view", state.view);
  return `${location.pathname}?${q}`;
}

function saveUrl(push) {
  const url = urlFor();
  if (url === location.pathname + location.search) return;
  if (push) history.pushState(null, "", url); else history.replaceState(null, "", url);
}

function stateFromUrl() {
  const q = new URLSearchParams(location.search);
  state.deal = (q.get("deal") || "1").trim();
  state.opts = { variant: q.get("variant") || "pyramid" };
  for (const key of OPTION_KEYS) {
    const v = q.get(key);
    if (v === null || v === "") continue;
    if (key === "rows" || key === "draw") state.opts[key] = Number.isInteger(Number(v)) ? Number(v) : v;
    else if (YES_NO.includes(key)) state.opts[key] = v === "true";
    else state.opts[key] = v;
  }
  state.moves = (q.get("moves") || "").split(/[\s,]+/).filter(Boolean);
  state.goal = q.get("goal") || "win";
  state.view = ["puzzles", "daily"].includes(q.get("view")) ? q.get("view") : "play";
}

// -- the board -------------------------------------------------------------------------
function buildBoard(resp) {
  const b = resp.position.board;    // its size is the deal's, the same at every move
  const f = { width: b.width, height: b.height, card_width: b.card_width,
    card_height: b.card_height, text_size: b.text_size };
  const svg = $("board");
  svg.classList.remove("animate");
  svg.replaceChildren(suitDefs());
  svg.setAttribute("viewBox", `-8 -8 ${f.width + 16} ${f.height + 16}`);
  f.slots = el("g", { class: "frame" }, svg);
  const cards = el("g", { class: "cards" }, svg);
  f.cards = cards;
  // layout order = the order cards lie on each other; the ten games' cards by id (9H, 9H2)
  for (const code of resp.ids || resp.line.split(" ")) {
    const g = cardFace(code);
    g.setAttribute("tabindex", "0");
    g.setAttribute("role", "button");
    g.setAttribute("aria-label", cardName(code));
    cards.appendChild(g);
  }
  f.labels = el("g", { class: "labels" }, svg);
  state.frame = f;
}

function render(pos) {
  const f = state.frame;
  const at = place(pos.board);
  const scale = f.card_width / W;
  const avail = new Set(pos.available);
  const down = new Set(pos.down || []);
  for (const g of $("board").querySelectorAll("g.card")) {
    const code = g.dataset.card;
    const xy = at.get(code);
    if (xy) {
      g.style.transform = `translate(${xy[0]}px, ${xy[1]}px) scale(${scale})`;
      g.classList.remove("gone");
      g.setAttribute("tabindex", "0");
      g.removeAttribute("aria-hidden");
    } else {
      g.classList.add("gone");
      g.setAttribute("tabindex", "-1");
      g.setAttribute("aria-hidden", "true");
      if (!g.style.transform) g.style.transform = `translate(0px, 0px) scale(${scale})`;
    }
    const lit = [avail.has(code), code === state.selected, !!state.hint && state.hint.includes(code)];
    if (lit.some(Boolean)) ring(g);
    g.classList.toggle("avail", lit[0]);
    g.classList.toggle("sel", lit[1]);
    g.setAttribute("aria-pressed", String(lit[1]));
    g.classList.toggle("hinted", lit[2]);
    g.classList.toggle("stock", pos.stock.includes(code));
    g.classList.toggle("down", down.has(code));   // face down in PySolFC (shown, tinted)
  }
  for (const id of pos.board.raise || []) {   // a waste's cards as they lie, top last
    const g = f.cards.querySelector(`g.card[data-card="${id}"]`);
    if (g) f.cards.appendChild(g);
  }
  drawBoard(f.slots, f.labels, f, pos.board);
  if (pos.won) {
    const t = el("text", { class: "won-banner", x: f.width / 2, y: 2.2 * f.card_height,
      "text-anchor": "middle" }, f.labels);
    t.textContent = pos.score !== null && pos.score !== undefined ? `Won · score ${number(pos.score)}` : "Won";
  }
  // a keyboard player whose card was just discarded goes on from an available card
  const focused = document.activeElement;
  if (focused && focused.matches && focused.matches("#board g.card.gone")) {
    const next = $("board").querySelector("g.card.avail:not(.gone)");
    if (next) next.focus(); else $("undo").focus();
  }
  requestAnimationFrame(() => $("board").classList.add("animate"));
  renderStatus(pos);
}

function faceUp() { return !!state.pos && state.pos.variant.stock_top === "face-up"; }
/** The stock's two moves as the shown game writes them ([draw, recycle] on MSC's deck,
 * [deal, redeal] on a face-down stock and on PySolFC's talon, face up as it is). */
function stockMoves() {
  const m = state.pos && state.pos.stock_moves;
  return m && m.length === 2 ? m : stockWords(faceUp());
}

/** A stock (or the ten games' talon) to deal from? */
function hasStock(r) { return r.variant.rest === "stock" || r.variant.rest === "talon"; }

function renderStatus(pos) {
  const r = state.pos;
  const game = /^pysolfc:(\S+)$/i.exec(state.deal);
  const who = /^\d+$/.test(state.deal) ? `Deal ${state.deal}`
    : game ? `PySolFC game ${game[1]}` : "Your board";
  const own = OPTION_KEYS.some((k) => state.opts[k] !== undefined) ? " (your rules)" : "";
  const parts = [who, r.title + own, `${state.moves.length} move${state.moves.length === 1 ? "" : "s"}`,
    `${pos.cards_left} cards left`];
  const passes = r.variant.passes;
  if (hasStock(r) && passes !== 1) {
    parts.push(`pass ${pos.pass} of ${passes === null ? "unlimited" : passes}`);
  }
  if (pos.score !== null && pos.score !== undefined) {
    parts.push(`${r.variant.scoring === "par" ? "Par score" : "Score"} ${number(pos.score)}`);
  }
  if (pos.won) parts.push("Won");
  else if (pos.lost) parts.push("no move left: lost");
  $("status").textContent = parts.join(" · ");
  $("status").className = pos.won ? "won" : pos.lost ? "lost" : "";
  $("board").setAttribute("data-won", String(pos.won));
  const [dealWord, redealWord] = stockMoves();
  $("deal-btn").textContent = dealWord === "draw" ? "Draw" : "Deal";
  $("redeal-btn").textContent = redealWord === "recycle" ? "Recycle" : "Redeal";
  $("deal-btn").disabled = !pos.legal.includes(dealWord);
  $("redeal-btn").disabled = !pos.legal.includes(redealWord);
  $("undo").disabled = state.moves.length === 0;
  renderChallenge(pos);
  const hinted = state.hint && state.hint.length === 0 ? state.hintMove : null;
  $("deal-btn").classList.toggle("hinted", hinted === dealWord);
  $("redeal-btn").classList.toggle("hinted", hinted === redealWord);
  $("deal-btn").hidden = $("redeal-btn").hidden = !hasStock(r);
  renderStep();
}

/** The challenge played, its goal and where it stands, over the board; none once another
 * deal or other rules are shown. */
function renderChallenge(pos) {
  const ch = state.challenge;
  const box = $("challenge");
  if (ch && (!daily || state.pos.line !== ch.deal || state.opts.variant !== ch.variant
      || Object.keys(state.opts).length > 1)) state.challenge = null;
  if (!state.challenge) { box.hidden = true; return; }
  const present = new Set(Object.keys(pos.board.cards));
  const s = daily.standing(ch, pos, present, state.moves.length, state.pos.line);
  $("challenge-goal").textContent = `Daily challenge, ${ch.level}: ${daily.title(ch)}.`;
  $("challenge-progress").textContent = s.text;
  box.className = `challenge${s.reached ? " won" : s.over ? " over" : ""}`;
  box.hidden = false;
}

// -- loading a deal and playing ----------------------------------------------------------
/** Show the deal and moves of ``state``. When the service refuses them, the page goes
 * back to what it showed (form and board agree) and offers to edit what was typed. */
async function load({ push = false, keepSolution = false, typed = null } = {}) {
  clearError();
  let resp = DATA.position;   // the first time, the page brought the position it shows
  DATA.position = null;
  try {
    resp ??= await postJSON("/v1/position", dealBody({ moves: state.moves }));
  } catch (e) {
    if (state.moves.length && e.status === 400 && !typed) {   // a bad line in the address
      showError(e);
      state.moves = [];
      try { resp = await postJSON("/v1/position", dealBody({ moves: [] })); } catch (e2) { resp = null; }
    }
    if (!resp) {
      if (state.pos) {       // back to the deal shown, in the form too
        state.deal = state.good.deal;
        state.opts = { ...state.good.opts };
        state.moves = [...state.pos.moves];
        formFromState();
      }
      showError(e, typed);
      return false;
    }
  }
  if (resp.pysolfc !== null && resp.pysolfc !== undefined) {   // a PySolFC game keeps its number
    state.deal = `pysolfc:${resp.pysolfc}`;
  } else if (!/^\d+$/.test(state.deal)) {   // a pasted or JSON deal: the address holds its 52 cards
    state.deal = resp.deal !== null && Number.isSafeInteger(resp.deal) ? String(resp.deal) : resp.line;
  }
  state.good = { deal: state.deal, opts: { ...state.opts } };
  const key = `${resp.line}|${JSON.stringify(resp.variant)}`;
  if (key !== state.frameKey) {
    state.frameKey = key;
    buildBoard(resp);
    if (!keepSolution) clearAnswer();
  }
  showPosition(resp);
  formFromState();
  saveUrl(push);
  say(resp.position.won ? "Won!" : "");
  return true;
}

/** Show ``pos`` (the service's answer for a line of moves, or one made alike) as the
 * position played: nothing selected, no hint. */
function showPosition(pos) {
  state.pos = pos;
  state.moves = pos.moves;
  state.selected = null;
  state.hint = null;
  $("hint-box").hidden = true;
  syncStep();
  render(pos.position);
}

/** Show the position after ``moves`` (from the answer's line when it is on it). */
async function setMoves(moves, push = true) {
  state.moves = moves;
  const cached = cachedPosition(moves);
  if (cached) {
    showPosition({ ...state.pos, moves: [...moves], position: cached });
    saveUrl(push);
    say(cached.won ? "Won!" : "");
    return;
  }
  await load({ push, keepSolution: true });
}

async function playMove(move) {
  const moves = [...state.moves, move];
  try {
    const resp = await postJSON("/v1/position", dealBody({ moves }));
    showPosition(resp);
    saveUrl(true);
    const p = resp.position;
    say(p.won ? "Won!" : p.lost ? "No move left: the game is lost. Undo, or restart."
      : p.forced ? `Forced next: ${moveLabel(p.forced)}` : `Played ${moveLabel(move)}`,
    p.won ? "good" : "");
  } catch (e) {
    state.selected = null;
    render(state.pos.position);
    if (e.status !== 400) throw e;
    const dropped = dropQueue();
    say(`Illegal move: ${refusal(e.message)}`
      + (dropped ? ` (${dropped} tap${dropped === 1 ? "" : "s"} after it not played)` : ""), "bad");
  }
}

function cachedPosition(moves) {
  const s = state.solution;
  if (!s || moves.length > s.moves.length) return null;
  for (let i = 0; i < moves.length; i++) if (moves[i] !== s.moves[i]) return null;
  return s.positions[moves.length];
}

/** A tap on a card, read against the position when its turn comes. */
async function cardTap(code) {
  if (!state.pos) return;
  const pos = state.pos.position;
  if (!pos.available.includes(code) && pos.stock.includes(code)) {
    await playMove(stockMoves()[0]);
    return;
  }
  if (state.selected === code) { state.selected = null; render(pos); say(""); return; }
  const token = (id) => (pos.tokens && pos.tokens[id]) || id;   // 9H@r12 where two are in play
  if (state.selected) {
    const a = state.selected;
    await playMove(`${token(a)}+${token(code)}`);
    return;
  }
  // a card that goes alone: a King (the ten games: what the referee's legal moves say)
  if (isGame() ? pos.legal.includes(token(code)) : cardValue(code) === 13) {
    await playMove(token(code));
    return;
  }
  state.selected = code;
  render(pos);
  say(`${cardLabel(code)} picked: now a card that ${isGame() ? "pairs" : "makes 13"} with it (tap it again to drop it).`);
}

function onCard(code) {
  stopPlaying();
  if (running) {   // mark it as waiting its turn
    const g = $("board").querySelector(`g.card[data-card="${code}"]`);
    if (g) { ring(g); g.classList.add("queued"); }
  }
  act(() => cardTap(code));
}

// -- the goal ---------------------------------------------------------------------------------
function goalFromForm() {
  const kind = $("goal-kind").value;
  const n = $("goal-n").value.trim();
  if (kind === "score:N") return `score:${n}`;
  if (kind === "cards") return `cards:${$("goal-rank").value}:${n}`;
  return kind;
}

function goalToForm(goal) {
  const [kind, a, b] = goal.split(":");
  const sel = $("goal-kind");
  if (kind === "score" && a !== undefined) { sel.value = "score:N"; $("goal-n").value = a; }
  else if (kind === "cards") {
    sel.value = "cards";
    $("goal-rank").value = (a || "A").toUpperCase() === "10" ? "T" : (a || "A").toUpperCase();
    $("goal-n").value = b || "4";
  } else sel.value = ["win", "board", "moves", "score"].includes(kind) ? kind : "win";
  showGoalInputs();
}

/** The score goals need MSC's score: offer them only under rules that keep it. */
function fitGoals() {
  const opts = optsFromForm();
  const p = preset(opts.variant);
  const scoring = opts.scoring || (p ? p.scoring : "none");
  const only = !!game(opts.variant);   // the ten games are answered for a win so far
  for (const o of $("goal-kind").options) {
    if (o.value.startsWith("score")) o.disabled = scoring !== "msc" || only;
    else if (o.value !== "win") o.disabled = only;
  }
  if ($("goal-kind").selectedOptions[0]?.disabled) { $("goal-kind").value = "win"; showGoalInputs(); }
}

function showGoalInputs() {
  const kind = $("goal-kind").value;
  $("goal-n-label").classList.toggle("off", kind !== "score:N" && kind !== "cards");
  $("goal-rank-label").classList.toggle("off", kind !== "cards");
  $("goal-n-word").textContent = kind === "cards" ? "How many" : "Points";
  const n = $("goal-n");
  if (kind === "cards") {
    n.max = "4"; n.min = "1"; n.step = "1";
    if (Number(n.value) > 4 || Number(n.value) < 1) n.value = "4";
  } else {
    n.max = "1290"; n.min = "0"; n.step = "5";
    if (Number(n.value) < 5) n.value = "1000";
  }
}

// -- check, the answer, stepping ----------------------------------------------------------
function clearAnswer() {
  state.solution = null;
  $("check-box").hidden = true;
  $("answer").hidden = true;
  $("stepper").hidden = true;
  lastHeadline = null;
}

let lastHeadline = null;   // the answer shown, to come back to after a stopped Check

/** The answer's headline over the board. */
function showHeadline(text, kind = "", busy = false) {
  if (!busy) lastHeadline = { text, kind };
  $("answer").hidden = false;
  $("answer").className = `answer ${kind}`;
  $("answer-text").textContent = text;
  $("answer-stop").hidden = !busy;
}

/** "Checking… 3 s", or the busy service's wait ("trying again in 2 s"), written by
 * ``write`` each second until the answer comes: never a silent wait. */
function progress(what, write) {
  const t0 = Date.now();
  let waiting = 0;
  const tick = () => {
    if (waiting > 0) return;
    const s = Math.floor((Date.now() - t0) / 1000);
    write(`${what}…${s >= 1 ? ` ${s} s` : ""}`);
  };
  tick();
  const timer = setInterval(tick, 1000);
  return {
    onWait(left) {
      waiting = left;
      if (left > 0) write(`The server is busy: trying again in ${left} s.`);
      else tick();
    },
    done() { clearInterval(timer); },
  };
}

async function check() {
  clearError();
  stopPlaying();
  if (state.asking) state.asking.abort();
  const typed = { deal: $("deal-input").value, opts: optsFromForm() };
  if (readForm() && !await queued(() => load({ push: true, typed }))) return;
  state.goal = goalFromForm();
  saveUrl(false);
  const extra = state.goal === "win" ? {} : { goal: state.goal };
  const from = $("goal-here").checked ? [...state.moves] : [];
  if (from.length) extra.start = from;
  const ask = new AbortController();
  state.asking = ask;
  const p = progress("Checking", (text) => showHeadline(text, "busy", true));
  revealBoard();
  try {
    const v = await postJSON("/v1/check", dealBody(extra), { signal: ask.signal, onWait: p.onWait });
    p.done();
    if (state.goal === "win" && !from.length) state.start = { key: state.frameKey, verdict: v };
    await queued(() => showAnswer(v, "check", from));
    revealBoard();
  } catch (e) {
    p.done();
    restoreHeadline();
    if (!ask.signal.aborted) showError(e);
  } finally {
    if (state.asking === ask) state.asking = null;
  }
}

/** An answer: the facts beside the board, its line ready to step through from its start
 * (a new answer resets the stepping view), then its headline over the board. */
async function showAnswer(v, source, from = []) {
  const par = state.pos?.variant.scoring === "par";
  const kind = source === "puzzle" ? "winnable" : answerKind(v);
  const text = source === "puzzle"
    ? `Puzzle ${v.id} (${v.grade}): the collection's solution, ${v.solution.length} moves.`
    : headline(v, { par, fromHere: from.length > 0, startMoves: from.length });
  $("verdict").textContent = source === "puzzle" ? "A puzzle from the collection"
    : `Asked: ${goalTitle(v.goal || "win")}${from.length ? ` (from move ${from.length})` : ""}`;
  const facts = $("verdict-facts");
  facts.replaceChildren();
  const add = (dl, k, val) => {
    if (val === undefined || val === null || val === "") return;
    const dt = document.createElement("dt"); dt.textContent = k;
    const dd = document.createElement("dd"); dd.textContent = String(val);
    dl.append(dt, dd);
  };
  const alts = $("alternatives");
  alts.replaceChildren();
  const details = $("engine-facts");
  details.replaceChildren();
  if (source === "puzzle") {
    add(facts, "Grade", v.grade);
    add(facts, "Difficulty", typeof v.score === "number" ? v.score.toFixed(1) : "");
  } else {
    add(facts, "Why", v.status === "blocked" && !v.goal ? whyBlocked(v.certificate) : "");
    if (v.score !== null && v.score !== undefined && v.moves && v.moves.length && !par) {
      add(facts, "Score of the line", number(v.score));
    }
    for (const alt of v.alternatives || []) {
      const p = document.createElement("p");
      p.textContent = alternativeWords(alt, v.goal);
      alts.appendChild(p);
      if (alt.moves && alt.moves.length) {
        const b = document.createElement("button");
        b.type = "button";
        b.textContent = "Show this line";
        b.addEventListener("click", () => act(() => loadSolution(alt.moves, alt, "check", from)));
        p.append(" ", b);
      }
    }
    add(details, "Engine", v.engine);
    add(details, "Time", v.seconds !== undefined && v.seconds !== null ? `${Number(v.seconds).toFixed(3)} s` : "");
    add(details, "Positions searched", typeof v.nodes === "number" ? number(v.nodes) : "");
    if (Array.isArray(v.engines) && v.engines.length) {
      add(details, "Engines tried", v.engines.map((r) => {
        const t = typeof r.seconds === "number" ? `${r.seconds.toFixed(3)} s` : "";
        const n = typeof r.nodes === "number" ? `, ${number(r.nodes)} positions` : "";
        return `${r.engine}: ${r.reached || r.status} (${t}${n})`;
      }).join("; "));
    }
    if (v.certificate) add(details, "Proof", cardsInText(v.certificate.detail));
    if (v.reason) add(details, "Note", v.reason);
  }
  $("details").hidden = source === "puzzle";
  $("check-box").hidden = false;
  const line = source === "puzzle" ? v.solution : v.moves;
  if (line && line.length) {
    await loadSolution(line, v, source, from);
  } else {
    state.solution = null;
    $("solution").hidden = true;
    $("stepper").hidden = true;
  }
  showHeadline(text, kind);   // last: the headline comes with its line ready to step
}

/** Green when the goal (or the win) was reached, red when proven out of reach. */
function answerKind(v) {
  const [kind, target] = String(v.goal || "win").split(":");
  if (kind === "cards" || (kind === "score" && target !== undefined)) {
    return v.reached ? "winnable" : v.reached === false ? "blocked" : "";
  }
  if (kind === "score") return v.steps !== null && v.steps !== undefined ? "winnable" : "";
  return v.status;
}

/** The line of an answer, ready to step through, the board at its start: the position it
 * was asked from (``from``), or the deal. */
async function loadSolution(moves, verdict, source, from = []) {
  const resp = await postJSON("/v1/position", dealBody({ moves, steps: true }));
  // PySolFC's games: what the player sees happen at each click beyond its cards
  const notes = Array.isArray(verdict.notes) && verdict.notes.length === resp.moves.length
    ? verdict.notes.map((t) => cardsInText(t)) : null;
  state.solution = { moves: resp.moves, positions: resp.positions, verdict, source, from: from.length, notes };
  const list = $("sol-moves");
  list.replaceChildren();
  const scored = resp.variant.scoring !== "none";   // a score along the line (Par, MSC)
  drawScoreChart(scored ? resp.positions.map((p) => p.score) : null);
  resp.moves.forEach((m, i) => {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = moveLabel(m);
    b.dataset.step = String(i + 1);
    b.setAttribute("aria-label", `move ${i + 1}: ${moveLabel(m)}`);
    if (notes && notes[i]) b.title = notes[i];
    li.appendChild(b);
    list.appendChild(li);
  });
  $("step-count").textContent = `(${resp.moves.length - from.length})`;
  $("solution").hidden = false;
  $("stepper").hidden = false;
  await setMoves(resp.moves.slice(0, from.length), true);
  syncStep();
  renderStep();
}

/** The score after each move of the line, as a small chart (a dot marks the step). */
function drawScoreChart(scores) {
  const svg = $("score-chart");
  svg.replaceChildren();
  svg.toggleAttribute("hidden", !scores);  // (an SVG element has no .hidden property)
  state.chart = null;
  if (!scores) return;
  const w = 300, h = 70, pad = 4;
  const lo = Math.min(...scores), hi = Math.max(...scores, lo + 1);
  const x = (i) => pad + (w - 2 * pad) * i / Math.max(1, scores.length - 1);
  const y = (v) => h - pad - (h - 2 * pad) * (v - lo) / (hi - lo);
  svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  if (lo < 0 && hi > 0) el("line", { class: "zero", x1: pad, x2: w - pad, y1: y(0), y2: y(0) }, svg);
  el("polyline", { points: scores.map((v, i) => `${x(i)},${y(v)}`).join(" ") }, svg);
  const dot = el("circle", { r: 4, cx: x(0), cy: y(scores[0]) }, svg);
  state.chart = { dot, x, y, scores };
}

function syncStep() {
  const s = state.solution;
  state.step = s && cachedPosition(state.moves) ? state.moves.length : null;
}

function renderStep() {
  const s = state.solution;
  if (!s) return;
  const n = s.moves.length;
  const k = state.step;
  const from = s.from || 0;
  $("step-text").textContent = k === null ? "You left this line"
    : k === from ? `Start: ${n - from} moves to go`
      : `Move ${k - from} of ${n - from}: ${moveLabel(s.moves[k - 1])}`
        + (s.notes && s.notes[k - 1] ? `. ${s.notes[k - 1]}` : "");
  for (const b of $("sol-moves").querySelectorAll("button")) {
    const cur = Number(b.dataset.step) === k;
    b.classList.toggle("current", cur);
    b.classList.toggle("done", k !== null && Number(b.dataset.step) < k);
    if (cur) b.setAttribute("aria-current", "step"); else b.removeAttribute("aria-current");
  }
  const pos = k === null ? null : s.positions[k];
  if (state.chart && k !== null && state.chart.scores.length === n + 1) {
    state.chart.dot.setAttribute("cx", state.chart.x(k));
    state.chart.dot.setAttribute("cy", state.chart.y(state.chart.scores[k]));
  }
  if (pos && pos.score !== null && pos.score !== undefined) {
    const best = s.positions[n].score;
    $("score-line").textContent = `Score after move ${k}: ${number(pos.score)} · at the end of the line: ${number(best)}`;
  } else {
    $("score-line").textContent = "";
  }
  $("sol-prev").disabled = $("sol-first").disabled = k === from;
  $("sol-next").disabled = $("sol-last").disabled = k === n;
  $("sol-play").textContent = state.timer ? "⏸ Pause" : "▶ Play";
  // keep the current move in sight inside the list (without scrolling the page)
  const list = $("sol-moves");
  const cur = list.querySelector("button.current");
  if (cur && (cur.offsetTop < list.scrollTop
      || cur.offsetTop + cur.offsetHeight > list.scrollTop + list.clientHeight)) {
    list.scrollTop = cur.offsetTop - list.clientHeight / 2;
  }
}

/** Go to move ``k`` of the answer's line (its own start at the least). */
function goStep(k, push = false) {
  act(async () => {
    const s = state.solution;
    if (!s) return;
    const to = Math.max(s.from || 0, Math.min(s.moves.length, k));
    await setMoves(s.moves.slice(0, to), push);
  });
}

function stepBy(d) {
  stopPlaying();
  act(async () => {
    const s = state.solution;
    if (!s) return;
    const k = state.step === null ? (s.from || 0) : state.step + d;
    const to = Math.max(s.from || 0, Math.min(s.moves.length, k));
    await setMoves(s.moves.slice(0, to), false);
  });
}

function stopPlaying() {
  if (state.timer) { clearInterval(state.timer); state.timer = null; renderStep(); }
}

function togglePlay() {
  const s = state.solution;
  if (!s) return;
  if (state.timer) { stopPlaying(); return; }
  if (state.step === null || state.step >= s.moves.length) goStep(s.from || 0);
  state.timer = setInterval(() => {
    if (running) return;           // the step before has not been drawn yet
    if (state.step === null || state.step >= s.moves.length) { stopPlaying(); return; }
    const k = state.step + 1;
    act(async () => {
      await setMoves(s.moves.slice(0, k), false);
      if (k >= s.moves.length) stopPlaying(); else renderStep();
    });
  }, PLAY_MS);
  renderStep();
}

// -- hints ------------------------------------------------------------------------------------
/** The deal's own verdict (from its start), asked once per deal: was it ever winnable? */
async function startVerdict() {
  const key = state.frameKey;
  if (state.start && state.start.key === key) return state.start.verdict;
  let v;
  try { v = await postJSON("/v1/check", dealBody()); } catch (e) { return null; }
  if (key === state.frameKey) state.start = { key, verdict: v };
  return v;
}

/** What a blocked hint says: at the start, that the deal cannot be won and why; later, "no
 * longer" only when the deal itself could be won, and the deal's own proof when it could not. */
async function blockedWords(v, par, moves) {
  const why = (verdict) => { const c = whyBlocked(verdict.certificate); return c ? [`Why: ${c}`] : []; };
  const never = par ? "All 52 cards cannot be discarded in this deal, whatever is played."
    : "This deal cannot be won, whatever is played.";
  if (moves.length === 0) return [never, ...why(v)];
  const start = await startVerdict();
  if (start && start.status === "blocked") {
    return [never.replace("cannot", "could never"), ...why(start)];
  }
  const here = start && start.status === "winnable"
    ? (par ? "All 52 can no longer be discarded (the deal itself could be won)."
      : "No longer winnable from here (the deal itself could be won).")
    : (par ? "All 52 cannot be discarded from here." : "Cannot be won from here.");
  return [here, ...why(v)];
}

function hintLines(box, lines) {
  box.replaceChildren();
  for (const text of lines) {
    const p = document.createElement("p");
    p.textContent = text;
    box.appendChild(p);
  }
}

async function hint() {
  clearError();
  if (!state.pos) return;
  const box = $("hint-box");
  box.hidden = false;
  box.className = "box hint";
  if (state.pos.position.won) { hintLines(box, ["Already won."]); reveal(box); return; }
  const moves = [...state.moves];
  const p = progress("Thinking", (text) => hintLines(box, [text]));
  reveal(box);
  try {
    const ch = state.challenge;
    const asked = ch ? { start: moves, goal: ch.goal } : { start: moves };
    const v = await postJSON("/v1/check", dealBody(asked), { onWait: p.onWait });
    p.done();
    if (moves.join(" ") !== state.moves.join(" ")) {
      hintLines(box, ["The position changed while the hint was worked out: ask again."]);
      return;
    }
    if (moves.length === 0) state.start = { key: state.frameKey, verdict: v };
    const par = state.pos.variant.scoring === "par";
    const next = v.moves && v.moves.length > moves.length ? v.moves[moves.length] : null;
    const lines = [];
    if (ch) lines.push(challengeHint(ch, v, moves.length));
    else if (v.status === "winnable") lines.push(par ? "Still winnable (all 52 cards)." : "Still winnable.");
    else if (v.status === "blocked") lines.push(...await blockedWords(v, par, moves));
    else lines.push(`Not settled: ${v.reason || "the time limit was hit"}.`);
    if (par && v.score !== null && v.score !== undefined) {
      lines.push(`Best score still reachable: ${v.score_bound === "lower" ? "at least " : ""}${number(v.score)}.`);
    }
    if (next && ch) lines.push(`Next move of the shortest line to the goal: ${moveLabel(next)}`);
    else if (next) lines.push(`Next move of ${v.status === "winnable" ? "a winning" : "the best"} line: ${moveLabel(next)}`);
    hintLines(box, lines);
    box.className = `box hint ${v.status}`;
    if (next) {
      state.hint = ["deal", "redeal", "draw", "recycle"].includes(next) ? [] : hintCards(next);
      state.hintMove = next;
      render(state.pos.position);
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = "Show this line";
      b.addEventListener("click", () => queued(() => showAnswer(v, "hint", moves)).catch(showError));
      box.appendChild(b);
    }
    reveal(box);
  } catch (e) {
    p.done();
    box.hidden = true;
    showError(e);
  }
}

/** The cards (their ids on the board) of a hinted move: its tokens, matched to the ids of
 * the cards in play where the position names them so (the ten games' two copies). */
function hintCards(move) {
  const tokens = state.pos.position.tokens;
  return move.split("+").map((t) => {
    const hit = tokens && Object.entries(tokens).find(([, v]) => v === t);
    return hit ? hit[0] : t;
  });
}

/** A hint's first line for a challenge: the fewest steps left to its goal, against the
 * limit. */
function challengeHint(ch, v, played) {
  const unit = "moves";
  if (v.reached === false) return "The goal can no longer be reached from here: undo, or restart.";
  if (v.steps === null || v.steps === undefined) return `Not settled: ${v.reason || "the time limit was hit"}.`;
  const total = played + v.steps;
  const fits = ch.limit === null || total <= ch.limit;
  return `The goal is ${v.steps} ${unit} away at best (${total} in all)`
    + (ch.limit === null ? "." : fits ? `: within the limit of ${ch.limit}.`
      : `: over the limit of ${ch.limit}; undo some ${unit}.`);
}

/** The answer's headline as it was before a Check that was stopped or failed. */
function restoreHeadline() {
  if (lastHeadline) showHeadline(lastHeadline.text, lastHeadline.kind);
  else $("answer").hidden = true;
}

// -- puzzles (the list and the book are in puzzles.js) ----------------------------------------
/** The request options for a puzzle's rules: its preset, and what differs from it. */
function optsFromVariant(vo) {
  const p = preset(vo.name) || {};
  const out = { variant: vo.name };
  for (const key of ["rows", "draw", "stock_waste", "overlap", "objective", "scoring", "stock_top"]) {
    if (vo[key] !== p[key] && vo[key] !== null && vo[key] !== undefined) out[key] = vo[key];
  }
  if (vo.passes !== p.passes) out.passes = vo.passes === null ? "unlimited" : vo.passes;
  if (vo.rest !== p.rest || vo.columns !== p.columns || vo.tableau_rows !== p.tableau_rows) {
    out.rest = vo.rest === "tableau" ? `tableau:${vo.columns}x${vo.tableau_rows}` : vo.rest;
  }
  return out;
}

async function openPuzzle(p, reveal_) {
  dropQueue();
  stopPlaying();
  state.deal = p.deal !== null && p.deal !== undefined ? String(p.deal) : p.line;
  state.opts = optsFromVariant(p.variant);
  state.moves = [];
  state.solution = null;
  showView("play", false);
  act(async () => {
    if (!await load({ push: true })) return;
    clearAnswer();
    say(`Puzzle ${p.id} (${p.grade}): ${reveal_ ? "its solution is ready to step through" : "your move"}`);
    if (reveal_) await showAnswer(p, "puzzle");
  });
}

// -- daily challenges (the list and the words are in daily.js) -----------------------------
let daily = null;   // daily.js, once loaded
let dailyReady = null;

function dailyView() {
  dailyReady ??= import("./daily.js").then((m) => {
    m.initDaily({ showError, clearError, play: openChallenge });
    daily = m;
    return m;
  });
  return dailyReady;
}

function openChallenge(ch) {
  dropQueue();
  stopPlaying();
  state.deal = ch.deal;   // its 52 cards (a deal number past 2^53 would not survive JSON)
  state.opts = { variant: ch.variant };
  state.moves = [];
  state.solution = null;
  state.challenge = ch;
  showView("play", false);
  act(async () => {
    if (!await load({ push: true })) return;
    clearAnswer();
    say("Your move. Hint gives the next move of the shortest line to the goal.");
    revealBoard();
  });
}

// -- views and wiring ----------------------------------------------------------------------
// The picker and the puzzles are loaded when first wanted: the first page a player sees
// runs only what it shows.
let pickerReady = null;
let puzzlesReady = null;

function picker() {
  pickerReady ??= import("./picker.js").then(({ initPicker }) => initPicker({
    rows: () => Number(state.opts.rows) || 7,
    use: (line) => { $("deal-input").value = line; showForm(); },
  }));
  return pickerReady;
}

function puzzles() {
  puzzlesReady ??= import("./puzzles.js").then((m) => {
    m.initPuzzles({ showError, clearError, open: openPuzzle,
      title: (name) => (preset(name) ? preset(name).title : name) });
    return m;
  });
  return puzzlesReady;
}

function showView(view, push = true) {
  state.view = view;
  $("view-play").hidden = view !== "play";
  $("view-puzzles").hidden = view !== "puzzles";
  $("view-daily").hidden = view !== "daily";
  $("tab-play").setAttribute("aria-pressed", String(view === "play"));
  $("tab-puzzles").setAttribute("aria-pressed", String(view === "puzzles"));
  $("tab-daily").setAttribute("aria-pressed", String(view === "daily"));
  if (view === "daily" && !$("daily-list").children.length) {
    dailyView().then((m) => m.loadDay()).catch(showError);
  }
  if (view === "puzzles" && !$("pz-collection").options.length) {
    puzzles().then((m) => m.loadCollections()).catch(showError);
  }
  saveUrl(push);
}

/** Under a PySolFC preset, a game number as PySolFC shows or takes it (32000, #32000,
 * #00000000000000032000, 32 000, ms123, #ms123) is PySolFC's game: ``pysolfc:TEXT`` (the
 * service reads it as PySolFC does, and names what is wrong with it). */
function pysolfcNumber(deal, variant) {
  if (!variant.startsWith("pysolfc-") || !/^#?\s*(ms)?[\d\s#,._-]*\d[\d\s#,._-]*$/i.test(deal)) return deal;
  return `pysolfc:${deal}`;
}

/** Take the form's deal and rules; true when they differ from the board's. */
function readForm() {
  const opts = optsFromForm();
  const deal = pysolfcNumber($("deal-input").value.trim(), opts.variant);
  const changed = deal !== state.deal || JSON.stringify(opts) !== JSON.stringify(state.opts);
  state.deal = deal;
  state.opts = opts;
  if (changed) { state.moves = []; state.solution = null; }
  return changed;
}

function showForm() {
  const typed = { deal: $("deal-input").value, opts: optsFromForm() };
  dropQueue();
  stopPlaying();
  readForm();
  state.moves = [];
  act(() => load({ push: true, typed }));
}

function editRejected() {
  if (!rejected) return;
  const { deal, opts } = rejected;
  $("deal-input").value = deal;
  choose($("opt-variant"), opts.variant);
  const form = $("deal-form");
  for (const key of OPTION_KEYS) choose(form.elements[key], opts[key] === undefined ? "" : String(opts[key]));
  rulesText();
  clearError();
  $("deal-input").focus();
}

function wire() {
  $("deal-form").addEventListener("submit", (e) => { e.preventDefault(); showForm(); });
  $("opt-variant").addEventListener("change", rulesText);
  $("deal-form").addEventListener("change", (e) => { if (OPTION_KEYS.includes(e.target.name)) fitGoals(); });
  $("deal-input").addEventListener("keydown", (e) => {
    if (e.key === "Enter" && !e.shiftKey) { e.preventDefault(); showForm(); }
  });
  $("random").addEventListener("click", () => {
    $("deal-input").value = String(Math.floor(Math.random() * 1e9));
    showForm();
  });
  $("check").addEventListener("click", () => { check().catch(showError); });
  $("answer-stop").addEventListener("click", () => { if (state.asking) state.asking.abort(); });
  $("goal-kind").addEventListener("change", showGoalInputs);
  $("build").addEventListener("click", () => picker().then((p) => p.open()).catch(showError));
  $("undo").addEventListener("click", () => { stopPlaying(); act(async () => { if (state.moves.length) await setMoves(state.moves.slice(0, -1)); }); });
  $("restart").addEventListener("click", () => { stopPlaying(); act(() => setMoves([])); });
  $("deal-btn").addEventListener("click", () => { stopPlaying(); act(() => playMove(stockMoves()[0])); });
  $("redeal-btn").addEventListener("click", () => { stopPlaying(); act(() => playMove(stockMoves()[1])); });
  $("hint").addEventListener("click", () => { hint().catch(showError); });
  $("sol-first").addEventListener("click", () => { stopPlaying(); goStep(0); });
  $("sol-prev").addEventListener("click", () => stepBy(-1));
  $("sol-next").addEventListener("click", () => stepBy(1));
  $("sol-last").addEventListener("click", () => { stopPlaying(); goStep(Infinity); });
  $("sol-play").addEventListener("click", togglePlay);
  $("sol-moves").addEventListener("click", (e) => {
    const b = e.target.closest("button[data-step]");
    if (!b) return;
    stopPlaying();
    goStep(Number(b.dataset.step), true);
    if (NARROW.matches) act(async () => revealBoard());
  });
  $("error-close").addEventListener("click", clearError);
  $("error-edit").addEventListener("click", editRejected);
  const board = $("board");
  board.addEventListener("click", (e) => {
    const g = e.target.closest("g.card");
    if (g && !g.classList.contains("gone")) onCard(g.dataset.card);
  });
  board.addEventListener("focusin", (e) => { const g = e.target.closest("g.card"); if (g) ring(g); });
  board.addEventListener("keydown", (e) => {
    const g = e.target.closest("g.card");
    if (g && (e.key === "Enter" || e.key === " ")) { e.preventDefault(); onCard(g.dataset.card); }
  });
  document.addEventListener("keydown", (e) => {
    if (e.target.closest("input, textarea, select") || e.altKey || e.ctrlKey || e.metaKey) return;
    if (state.view !== "play") return;
    if (e.key === "ArrowRight" && state.solution) { e.preventDefault(); stepBy(1); }
    else if (e.key === "ArrowLeft" && state.solution) { e.preventDefault(); stepBy(-1); }
    else if (e.key === "Home" && state.solution) { e.preventDefault(); stopPlaying(); goStep(0); }
    else if (e.key === "End" && state.solution) { e.preventDefault(); stopPlaying(); goStep(Infinity); }
    else if (e.key === "Backspace" && state.moves.length) { e.preventDefault(); $("undo").click(); }
    else if (e.key === "h" || e.key === "H") hint().catch(showError);
    else if (e.key === "Escape" && state.selected) { state.selected = null; render(state.pos.position); say(""); }
  });
  $("tab-play").addEventListener("click", () => showView("play"));
  $("tab-puzzles").addEventListener("click", () => showView("puzzles"));
  $("tab-daily").addEventListener("click", () => showView("daily"));
  window.addEventListener("popstate", () => {
    stopPlaying();
    dropQueue();
    act(async () => {
      const before = `${state.deal}|${JSON.stringify(state.opts)}`;
      stateFromUrl();
      showView(state.view, false);
      const cached = `${state.deal}|${JSON.stringify(state.opts)}` === before && cachedPosition(state.moves);
      if (cached) await setMoves(state.moves, false); else await load({ keepSolution: true });
    });
  });
}

function init() {
  wire();
  stateFromUrl();
  formFromState();
  showView(state.view, false);
  act(() => load());
}

init();
