// The page: a deal drawn as cards, checked, stepped through, played, with hints and puzzles.
// Every position and every verdict comes from the service (/v1/position, /v1/check); the page
// only draws them and sends moves, which the referee accepts or refuses with its reason.

import { ApiError, getJSON, postJSON } from "./api.js";
import { W, cardFace, cardName, cardValue, drawBoard, el, place, suitDefs } from "./cards.js";
import { initPicker } from "./picker.js";
import { initPuzzles, loadCollections } from "./puzzles.js";

const $ = (id) => document.getElementById(id);
const OPTION_KEYS = ["rows", "rest", "draw", "passes", "stock_waste", "overlap", "objective",
  "scoring", "stock_top"];
const RANK_NAMES = ["Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King"];
const PLAY_MS = 650;

const state = {
  presets: [],
  deal: "1",              // what identifies the deal: a number or the 52-card line
  opts: { variant: "pyramid" },
  goal: "win",            // what Check asks: win, board, moves, score, score:N, cards:R:N
  moves: [],              // the line played from the deal (what the board shows)
  pos: null,              // the last /v1/position answer
  good: null,             // the deal and rules of that answer
  frameKey: null,
  frame: null,
  selected: null,
  solution: null,         // { moves, positions, verdict, source }
  step: null,             // index into solution.positions when on the solution line
  timer: null,
  hint: null,             // cards of the hinted move
  hintMove: null,         // the hinted move
  start: null,            // { key, verdict }: the verdict of the deal from its start
  chart: null,            // the Par score chart of the solution shown
  view: "play",
};

// -- errors and messages ------------------------------------------------------------
function showError(err) {
  const text = err instanceof ApiError || err instanceof Error ? err.message : String(err);
  $("error-text").textContent = text;
  $("error").hidden = false;
}
function clearError() { $("error").hidden = true; $("error-text").textContent = ""; }
function say(text, kind = "") {
  const m = $("message");
  m.textContent = text;
  m.className = kind;
}
window.addEventListener("error", (e) => showError(`page error: ${e.message}`));
window.addEventListener("unhandledrejection", (e) => showError(e.reason));

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
    else if (key === "overlap") opts[key] = v === "true";
    else opts[key] = v;
  }
  return opts;
}

function formFromState() {
  $("deal-input").value = state.deal;
  $("opt-variant").value = state.opts.variant;
  const form = $("deal-form");
  let any = false;
  for (const key of OPTION_KEYS) {
    const v = state.opts[key];
    form.elements[key].value = v === undefined ? "" : String(v);
    any = any || v !== undefined;
  }
  if (any) $("options").open = true;
  goalToForm(state.goal);
  const preset = state.presets.find((p) => p.name === state.opts.variant);
  $("variant-text").textContent = state.pos ? state.pos.description : preset ? preset.description : "";
}

function urlFor() {
  const q = new URLSearchParams();
  q.set("deal", state.deal);
  q.set("variant", state.opts.variant);
  for (const key of OPTION_KEYS) if (state.opts[key] !== undefined) q.set(key, String(state.opts[key]));
  if (state.moves.length) q.set("moves", state.moves.join(" "));
  if (state.goal !== "win") q.set("goal", state.goal);
  if (state.view === "puzzles") q.set("view", "puzzles");
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
    else if (key === "overlap") state.opts[key] = v === "true";
    else state.opts[key] = v;
  }
  state.moves = (q.get("moves") || "").split(/[\s,]+/).filter(Boolean);
  state.goal = q.get("goal") || "win";
  state.view = q.get("view") === "puzzles" ? "puzzles" : "play";
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
  for (const code of resp.line.split(" ")) {        // layout order = the order cards lie on each other
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
    g.classList.toggle("avail", avail.has(code));
    g.classList.toggle("sel", code === state.selected);
    g.setAttribute("aria-pressed", String(code === state.selected));
    g.classList.toggle("hinted", !!state.hint && state.hint.includes(code));
    g.classList.toggle("stock", pos.stock.includes(code));
  }
  drawBoard(f.slots, f.labels, f, pos.board);
  if (pos.won) {
    const t = el("text", { class: "won-banner", x: f.width / 2, y: 2.2 * f.card_height,
      "text-anchor": "middle" }, f.labels);
    t.textContent = pos.score !== null && pos.score !== undefined ? `Won · score ${pos.score}` : "Won";
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

function renderStatus(pos) {
  const r = state.pos;
  const game = /^pysolfc:(\d+)$/i.exec(state.deal);
  const who = /^\d+$/.test(state.deal) ? `Deal ${state.deal}`
    : game ? `PySolFC game ${game[1]}` : "Deal (pasted)";
  const parts = [who, r.variant.name, `${state.moves.length} move${state.moves.length === 1 ? "" : "s"}`,
    `${pos.cards_left} cards left`];
  const passes = r.variant.passes;
  if (r.variant.rest === "stock" && passes !== 1) {
    parts.push(`pass ${pos.pass} of ${passes === null ? "unlimited" : passes}`);
  }
  if (pos.score !== null && pos.score !== undefined) {
    parts.push(`${r.variant.scoring === "par" ? "Par score" : "Score"} ${pos.score}`);
  }
  if (pos.won) parts.push("WON");
  else if (pos.lost) parts.push("no move left: lost");
  $("status").textContent = parts.join(" · ");
  $("status").className = pos.won ? "won" : pos.lost ? "lost" : "";
  $("board").setAttribute("data-won", String(pos.won));
  const [dealWord, redealWord] = stockWords();
  $("deal-btn").textContent = dealWord === "draw" ? "Draw" : "Deal";
  $("redeal-btn").textContent = redealWord === "recycle" ? "Recycle" : "Redeal";
  $("deal-btn").disabled = !pos.legal.includes(dealWord);
  $("redeal-btn").disabled = !pos.legal.includes(redealWord);
  $("undo").disabled = state.moves.length === 0;
  const hinted = state.hint && state.hint.length === 0 ? state.hintMove : null;
  $("deal-btn").classList.toggle("hinted", hinted === dealWord);
  $("redeal-btn").classList.toggle("hinted", hinted === redealWord);
  $("deal-btn").hidden = $("redeal-btn").hidden = r.variant.rest !== "stock";
  renderStep();
}

// -- loading a deal and playing ----------------------------------------------------------
async function load({ push = false, keepSolution = false } = {}) {
  clearError();
  let resp;
  try {
    resp = await postJSON("/v1/position", dealBody({ moves: state.moves }));
  } catch (e) {
    showError(e);
    if (state.moves.length && e.status === 400) {   // a bad line in the URL: show the deal
      state.moves = [];
      try { resp = await postJSON("/v1/position", dealBody({ moves: [] })); } catch (e2) { resp = null; }
    }
    if (!resp) {
      // keep the form as typed (to correct it) but go on with the last deal that loaded
      if (state.pos) {
        state.deal = state.good.deal;
        state.opts = state.good.opts;
        state.moves = state.pos.moves;
      }
      return;
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
    if (!keepSolution) { state.solution = null; $("check-box").hidden = true; }
  }
  state.pos = resp;
  state.moves = resp.moves;
  state.selected = null;
  state.hint = null;
  $("hint-box").hidden = true;
  syncStep();
  render(resp.position);
  formFromState();
  saveUrl(push);
  say(resp.position.won ? "Won!" : "");
}

async function playMove(move) {
  stopPlaying();
  clearError();
  const moves = [...state.moves, move];
  try {
    const resp = await postJSON("/v1/position", dealBody({ moves }));
    state.pos = resp;
    state.moves = resp.moves;
    state.selected = null;
    state.hint = null;
    $("hint-box").hidden = true;
    syncStep();
    render(resp.position);
    saveUrl(true);
    const p = resp.position;
    say(p.won ? "Won!" : p.lost ? "No legal move left: the game is lost. Undo, or restart."
      : p.forced ? `Forced next: ${p.forced}` : `Played ${resp.moves[resp.moves.length - 1]}`,
    p.won ? "good" : "");
  } catch (e) {
    state.selected = null;
    render(state.pos.position);
    if (e.status === 400) say(`Illegal move: ${e.message}`, "bad");
    else showError(e);
  }
}

async function setMoves(moves, push = true) {
  stopPlaying();
  state.moves = moves;
  const cached = cachedPosition(moves);
  if (cached) {
    state.pos = { ...state.pos, moves: [...moves], position: cached };
    state.selected = null; state.hint = null; $("hint-box").hidden = true;
    syncStep();
    render(cached);
    saveUrl(push);
    say(cached.won ? "Won!" : "");
    return;
  }
  await load({ push, keepSolution: true });
}

function cachedPosition(moves) {
  const s = state.solution;
  if (!s || moves.length > s.moves.length) return null;
  for (let i = 0; i < moves.length; i++) if (moves[i] !== s.moves[i]) return null;
  return s.positions[moves.length];
}

/** The stock moves in the rules' own words: MSC's face-up deck draws and recycles. */
function stockWords() {
  const up = state.pos && state.pos.variant.stock_top === "face-up";
  return up ? ["draw", "recycle"] : ["deal", "redeal"];
}

function onCard(code) {
  if (!state.pos) return;
  const pos = state.pos.position;
  if (pos.stock.includes(code) && !pos.available.includes(code)) {
    playMove(stockWords()[0]);
    return;
  }
  if (state.selected === code) { state.selected = null; render(pos); say(""); return; }
  if (state.selected) { const a = state.selected; state.selected = null; playMove(`${a}+${code}`); return; }
  if (cardValue(code) === 13) { playMove(code); return; }
  state.selected = code;
  render(pos);
  say(`${cardName(code)} picked: now a card making 13 with it (click it again to drop it).`);
}

// -- check, solution stepping, hints ------------------------------------------------------
function certificateText(v) {
  if (!v.certificate) return "";
  const kinds = { "four-complement": "Four-complement", "stock-count": "Stock count",
    structural: "Structural", exhaustive: "Exhaustive search" };
  return `${kinds[v.certificate.kind] || v.certificate.kind}: ${v.certificate.detail}`;
}

function bestScore(v) {
  if (v.score === null || v.score === undefined) return "?";
  return v.score_bound === "lower" ? `at least ${v.score}` : String(v.score);
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
  else if (kind === "cards") { sel.value = "cards"; $("goal-rank").value = (a || "A").toUpperCase(); $("goal-n").value = b || "4"; }
  else sel.value = ["win", "board", "moves", "score"].includes(kind) ? kind : "win";
  showGoalInputs();
}

function showGoalInputs() {
  const kind = $("goal-kind").value;
  $("goal-n-label").hidden = kind !== "score:N" && kind !== "cards";
  $("goal-rank-label").hidden = kind !== "cards";
  const n = $("goal-n");
  if (kind === "cards") { n.max = "4"; n.min = "1"; if (Number(n.value) > 4 || Number(n.value) < 1) n.value = "4"; }
  else { n.max = "1290"; n.min = "0"; }
}

/** The answer to a goal in words (see pyramids.goals.describe). */
function goalWords(v) {
  const unit = state.pos && state.pos.variant.stock_top === "face-up" ? "steps" : "moves";
  const steps = v.steps === null || v.steps === undefined ? "" : v.optimal
    ? `${v.steps} ${unit}, proven the fewest`
    : `${v.steps} ${unit}, the fewest found (not proven${v.steps_bound ? `; at least ${v.steps_bound}` : ""})`;
  const kind = (v.goal || "").split(":")[0];
  if (kind === "score") {
    const best = v.score === null || v.score === undefined ? "?" : v.score;
    if (v.reached === true) return `${v.goal.split(":")[1]} points in ${steps}; the line scores ${best}`;
    if (v.reached === false) return `${v.goal.split(":")[1]} points cannot be reached (proven); the best is ${best}, in ${steps}`;
    return `Best score ${best} (${v.optimal ? "proven" : "the best found"}), in ${steps}`;
  }
  if (kind === "cards") {
    const rank = RANK_NAMES["A23456789TJQK".indexOf(v.goal.split(":")[1])];
    if (v.count === null || v.count === undefined) return v.reason || "unknown";
    const cards = `${v.count} ${rank}${v.count === 1 ? "" : "s"}`;
    if (v.reached) return `${cards} in ${steps}`;
    return `${v.optimal ? "At most" : "At least"} ${cards}, in ${steps}`;
  }
  if (v.steps === null || v.steps === undefined) {
    return v.status === "blocked" ? "The goal cannot be reached (proven)" : `Unknown: ${v.reason || "a limit was hit"}`;
  }
  return steps + (v.score !== null && v.score !== undefined ? `; score ${v.score}` : "");
}

function verdictWords(v, par) {
  if (v.status === "winnable") return par ? `Winnable (all 52 cards), best Par score ${bestScore(v)}` : "Winnable";
  if (v.status === "blocked") return par ? `Cannot be won; best Par score ${bestScore(v)}` : "Blocked: cannot be won";
  return `Unknown: ${v.reason || "a limit was hit"}`;
}

async function check() {
  clearError();
  stopPlaying();
  readForm();
  const box = $("check-box");
  box.hidden = false;
  $("verdict").textContent = "Checking…";
  $("verdict").className = "";
  $("verdict-facts").replaceChildren();
  $("solution").hidden = true;
  try {
    state.goal = goalFromForm();
    saveUrl(false);
    const extra = state.goal === "win" ? {} : { goal: state.goal };
    if ($("goal-here").checked && state.moves.length) extra.start = state.moves;  // mid-game
    const v = await postJSON("/v1/check", dealBody(extra));
    if (`${v.line}|${JSON.stringify(v.variant)}` !== state.frameKey) {  // not the deal shown
      state.moves = [];
      await load({ push: true });
    }
    if (state.goal === "win") state.start = { key: state.frameKey, verdict: v };
    showVerdict(v, "check");
    if (v.moves && v.moves.length) await loadSolution(v.moves, v, "check");
  } catch (e) {
    $("verdict").textContent = "";
    box.hidden = true;
    showError(e);
  }
}

function showVerdict(v, source) {
  const par = state.pos?.variant.scoring === "par";
  const p = $("verdict");
  p.textContent = source === "puzzle" ? "The collection's solution" : verdictWords(v, par);
  p.className = `verdict ${v.status || ""}`;
  const facts = $("verdict-facts");
  facts.replaceChildren();
  const add = (k, val) => {
    if (val === undefined || val === null || val === "") return;
    const dt = document.createElement("dt"); dt.textContent = k;
    const dd = document.createElement("dd"); dd.textContent = String(val);
    facts.append(dt, dd);
  };
  if (source !== "puzzle" && v.goal) {
    add("Goal", v.goal + (v.moves && v.steps !== null && v.steps !== undefined
      && v.moves.length > v.steps ? ` (from move ${v.moves.length - v.steps})` : ""));
    add("Answer", goalWords(v));
    for (const alt of v.alternatives || []) add(alt.label, goalWords(alt));
  }
  if (source !== "puzzle") {
    add("Engine", v.engine);
    add("CPU time", v.seconds !== undefined && v.seconds !== null ? `${Number(v.seconds).toFixed(3)} s` : "");
    add("Nodes", v.nodes);
    if (Array.isArray(v.engines) && v.engines.length) {
      add("Engines tried", v.engines.map((r) => {
        const t = typeof r.seconds === "number" ? `${r.seconds.toFixed(3)} s` : "";
        const n = typeof r.nodes === "number" ? `, ${r.nodes} nodes` : "";
        return `${r.engine}: ${r.reached || r.status} (${t}${n})`;
      }).join("; "));
    }
    add("Certificate", certificateText(v));
    if (v.reason) add("Note", v.reason);
    for (const alt of v.alternatives || []) {
      if (!alt.moves || !alt.moves.length) continue;
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = `Show the line: ${alt.label}`;
      b.addEventListener("click", async () => {
        try { await loadSolution(alt.moves, alt, "check"); } catch (e) { showError(e); }
      });
      const dd = document.createElement("dd");
      dd.appendChild(b);
      facts.append(document.createElement("dt"), dd);
    }
  } else {
    add("Puzzle", v.id); add("Grade", v.grade);
    add("Difficulty score", typeof v.score === "number" ? v.score.toFixed(1) : "");
  }

}

async function loadSolution(moves, verdict, source) {
  const resp = await postJSON("/v1/position", dealBody({ moves, steps: true }));
  state.solution = { moves: resp.moves, positions: resp.positions, verdict, source };
  const list = $("sol-moves");
  list.replaceChildren();
  const par = resp.variant.scoring !== "none";   // a score along the line (Par, MSC)
  drawScoreChart(par ? resp.positions.map((p) => p.score) : null);
  resp.moves.forEach((m, i) => {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = m;
    b.dataset.step = String(i + 1);
    b.title = `Jump to move ${i + 1}`;
    li.appendChild(b);
    if (par) {
      const s = document.createElement("small");
      s.textContent = ` ${resp.positions[i + 1].score}`;
      li.appendChild(s);
    }
    list.appendChild(li);
  });
  $("solution").hidden = false;
  $("check-box").hidden = false;
  syncStep();
  renderStep();
}

/** The Par score after each move of the line, as a small chart (a dot marks the step). */
function drawScoreChart(scores) {
  const svg = $("score-chart");
  svg.replaceChildren();
  svg.toggleAttribute("hidden", !scores);  // (an SVG element has no .hidden property)
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
  $("step-text").textContent = k === null ? "(you left this line)" : `move ${k} of ${n}`;
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
    $("score-line").textContent = `Score after move ${k}: ${pos.score} · at the end of the line: ${best}`;
  } else {
    $("score-line").textContent = "";
  }
  $("sol-prev").disabled = $("sol-first").disabled = k === 0;
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

function goStep(k, push = false) {
  const s = state.solution;
  if (!s) return;
  k = Math.max(0, Math.min(s.moves.length, k));
  if (state.timer && k === s.moves.length) stopPlaying();
  setMoves(s.moves.slice(0, k), push);
}

function stepBy(d) {
  const s = state.solution;
  if (!s) return;
  const k = state.step === null ? 0 : state.step + d;
  goStep(k);
}

function stopPlaying() {
  if (state.timer) { clearInterval(state.timer); state.timer = null; renderStep(); }
}

function togglePlay() {
  const s = state.solution;
  if (!s) return;
  if (state.timer) { stopPlaying(); return; }
  if (state.step === null || state.step >= s.moves.length) goStep(0);
  state.timer = setInterval(() => {
    if (state.step === null || state.step >= s.moves.length) { stopPlaying(); return; }
    const k = state.step + 1;
    const t = state.timer;
    state.timer = null;              // setMoves stops a play-through: keep this one
    setMoves(s.moves.slice(0, k), false).then(() => {
      state.timer = t;
      if (k >= s.moves.length) stopPlaying(); else renderStep();
    });
  }, PLAY_MS);
  renderStep();
}

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
async function blockedWords(v, par) {
  const why = (verdict) => { const c = certificateText(verdict); return c ? [`Why: ${c}`] : []; };
  const never = par ? "All 52 cards cannot be discarded in this deal, whatever is played."
    : "This deal cannot be won, whatever is played.";
  if (state.moves.length === 0) return [never, ...why(v)];
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

async function hint() {
  clearError();
  if (!state.pos) return;
  const box = $("hint-box");
  if (state.pos.position.won) {
    box.hidden = false;
    box.className = "box hint";
    box.replaceChildren(Object.assign(document.createElement("p"), { textContent: "Already won." }));
    return;
  }
  box.hidden = false;
  box.replaceChildren(Object.assign(document.createElement("p"), { textContent: "Thinking…" }));
  try {
    const v = await postJSON("/v1/check", dealBody({ start: state.moves }));
    if (state.moves.length === 0) state.start = { key: state.frameKey, verdict: v };
    const par = state.pos.variant.scoring === "par";
    const next = v.moves && v.moves.length > state.moves.length ? v.moves[state.moves.length] : null;
    const lines = [];
    if (v.status === "winnable") lines.push(par ? "Still winnable (all 52 cards)." : "Still winnable.");
    else if (v.status === "blocked") lines.push(...await blockedWords(v, par));
    else lines.push(`Undecided: ${v.reason || "the time limit was hit"}.`);
    if (par && v.score !== null && v.score !== undefined) lines.push(`Best score still reachable: ${bestScore(v)}.`);
    if (next) lines.push(`Next move of ${v.status === "winnable" ? "a winning" : "the best"} line: ${next}`);
    box.replaceChildren();
    for (const text of lines) {
      const p = document.createElement("p");
      p.textContent = text;
      box.appendChild(p);
    }
    box.className = `box hint ${v.status}`;
    if (next) {
      state.hint = ["deal", "redeal", "draw", "recycle"].includes(next) ? [] : next.split("+");
      state.hintMove = next;
      render(state.pos.position);
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = "Show this line";
      b.addEventListener("click", async () => {
        try { showVerdict(v, "hint"); await loadSolution(v.moves, v, "hint"); } catch (e) { showError(e); }
      });
      box.appendChild(b);
    }
  } catch (e) {
    box.hidden = true;
    showError(e);
  }
}

// -- puzzles (the list and the book are in puzzles.js) ----------------------------------------
/** The request options for a puzzle's rules: its preset, and what differs from it. */
function optsFromVariant(vo) {
  const preset = state.presets.find((p) => p.name === vo.name) || {};
  const out = { variant: vo.name };
  for (const key of ["rows", "draw", "stock_waste", "overlap", "objective", "scoring", "stock_top"]) {
    if (vo[key] !== preset[key] && vo[key] !== null) out[key] = vo[key];
  }
  if (vo.passes !== preset.passes) out.passes = vo.passes === null ? "unlimited" : vo.passes;
  if (vo.rest !== preset.rest || vo.columns !== preset.columns || vo.tableau_rows !== preset.tableau_rows) {
    out.rest = vo.rest === "tableau" ? `tableau:${vo.columns}x${vo.tableau_rows}` : vo.rest;
  }
  return out;
}

async function openPuzzle(p, reveal) {
  state.deal = p.deal !== null && p.deal !== undefined ? String(p.deal) : p.line;
  state.opts = optsFromVariant(p.variant);
  state.moves = [];
  state.solution = null;
  showView("play", false);
  await load({ push: true });
  say(`Puzzle ${p.id} (${p.grade}): ${reveal ? "its solution below" : "your move"}`);
  if (reveal) {
    try { showVerdict(p, "puzzle"); await loadSolution(p.solution, p, "puzzle"); } catch (e) { showError(e); }
  }
}

// -- views and wiring ----------------------------------------------------------------------
function showView(view, push = true) {
  state.view = view;
  $("view-play").hidden = view !== "play";
  $("view-puzzles").hidden = view !== "puzzles";
  $("tab-play").setAttribute("aria-pressed", String(view === "play"));
  $("tab-puzzles").setAttribute("aria-pressed", String(view === "puzzles"));
  if (view === "puzzles" && !$("pz-collection").options.length) loadCollections();
  saveUrl(push);
}

function readForm() {
  const deal = $("deal-input").value.trim();
  const opts = optsFromForm();
  const changed = deal !== state.deal || JSON.stringify(opts) !== JSON.stringify(state.opts);
  state.deal = deal;
  state.opts = opts;
  if (changed) { state.moves = []; state.solution = null; }
  return changed;
}

function fillSelect(select, values) {
  for (const v of values) {
    const o = document.createElement("option");
    o.value = o.textContent = String(v);
    select.appendChild(o);
  }
}

async function init() {
  try {
    const data = await getJSON("/v1/variants");
    state.presets = data.presets;
    const sel = $("opt-variant");
    for (const p of data.presets) {
      const o = document.createElement("option");
      o.value = p.name; o.textContent = p.name; o.title = p.description;
      sel.appendChild(o);
    }
    const form = $("deal-form");
    fillSelect(form.elements.stock_waste, data.options.stock_waste);
    fillSelect(form.elements.objective, data.options.objective);
    fillSelect(form.elements.scoring, data.options.scoring);
    if (data.options.stock_top) fillSelect(form.elements.stock_top, data.options.stock_top);
  } catch (e) { showError(e); }

  $("deal-form").addEventListener("submit", (e) => {
    e.preventDefault();
    readForm();
    state.moves = [];
    load({ push: true });
  });
  $("opt-variant").addEventListener("change", () => {
    const p = state.presets.find((x) => x.name === $("opt-variant").value);
    $("variant-text").textContent = p ? p.description : "";
  });
  $("deal-input").addEventListener("keydown", (e) => {
    if (e.key === "Enter" && !e.shiftKey) { e.preventDefault(); $("deal-form").requestSubmit(); }
  });
  $("random").addEventListener("click", () => {
    $("deal-input").value = String(Math.floor(Math.random() * 1e9));
    $("deal-form").requestSubmit();
  });
  $("check").addEventListener("click", check);
  fillSelect($("goal-rank"), [..."A23456789TJQK"]);
  $("goal-kind").addEventListener("change", showGoalInputs);
  const picker = initPicker({
    rows: () => Number(state.opts.rows) || 7,
    use: (line) => { $("deal-input").value = line; $("deal-form").requestSubmit(); },
  });
  $("build").addEventListener("click", () => picker.open());
  $("undo").addEventListener("click", () => state.moves.length && setMoves(state.moves.slice(0, -1)));
  $("restart").addEventListener("click", () => setMoves([]));
  $("deal-btn").addEventListener("click", () => playMove(stockWords()[0]));
  $("redeal-btn").addEventListener("click", () => playMove(stockWords()[1]));
  $("hint").addEventListener("click", hint);
  $("sol-first").addEventListener("click", () => goStep(0));
  $("sol-prev").addEventListener("click", () => stepBy(-1));
  $("sol-next").addEventListener("click", () => stepBy(1));
  $("sol-last").addEventListener("click", () => goStep(Infinity));
  $("sol-play").addEventListener("click", togglePlay);
  $("sol-moves").addEventListener("click", (e) => {
    const b = e.target.closest("button[data-step]");
    if (b) goStep(Number(b.dataset.step), true);
  });
  $("error-close").addEventListener("click", clearError);
  const board = $("board");
  board.addEventListener("click", (e) => {
    const g = e.target.closest("g.card");
    if (g && !g.classList.contains("gone")) onCard(g.dataset.card);
  });
  board.addEventListener("keydown", (e) => {
    const g = e.target.closest("g.card");
    if (g && (e.key === "Enter" || e.key === " ")) { e.preventDefault(); onCard(g.dataset.card); }
  });
  document.addEventListener("keydown", (e) => {
    if (e.target.closest("input, textarea, select") || e.altKey || e.ctrlKey || e.metaKey) return;
    if (state.view !== "play") return;
    if (e.key === "ArrowRight" && state.solution) { e.preventDefault(); stepBy(1); }
    else if (e.key === "ArrowLeft" && state.solution) { e.preventDefault(); stepBy(-1); }
    else if (e.key === "Home" && state.solution) { e.preventDefault(); goStep(0); }
    else if (e.key === "End" && state.solution) { e.preventDefault(); goStep(Infinity); }
    else if (e.key === "Backspace" && state.moves.length) { e.preventDefault(); setMoves(state.moves.slice(0, -1)); }
    else if (e.key === "h" || e.key === "H") hint();
    else if (e.key === "Escape" && state.selected) { state.selected = null; render(state.pos.position); say(""); }
  });
  $("tab-play").addEventListener("click", () => showView("play"));
  $("tab-puzzles").addEventListener("click", () => showView("puzzles"));
  initPuzzles({ showError, clearError, open: openPuzzle });
  window.addEventListener("popstate", async () => {
    stopPlaying();
    const before = `${state.deal}|${JSON.stringify(state.opts)}`;
    stateFromUrl();
    showView(state.view, false);
    const cached = `${state.deal}|${JSON.stringify(state.opts)}` === before && cachedPosition(state.moves);
    if (cached) await setMoves(state.moves, false); else await load({ keepSolution: true });
  });

  stateFromUrl();
  formFromState();
  showView(state.view, false);
  await load();
}

init();
