// A player's words for what the service says in its notation: cards (10♣, not TC), moves
// (10♣ + 3♦, Draw), goals (Clear 4 Aces, not cards:A:4) and answers ("This deal can't be
// won, but 4 Aces can go in 36 moves"). Pure functions of their arguments: no page, no
// requests (tests/js/words.test.mjs runs them under Node).

const RANKS = "A23456789TJQK";
const SUIT_SIGNS = { C: "♣", D: "♦", H: "♥", S: "♠" };
const RANK_WORDS = ["Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King"];
const STOCK_MOVES = { deal: "Deal", redeal: "Redeal", draw: "Draw", recycle: "Recycle" };

/** "TC" -> "10♣", "AD" -> "A♦" (what a card's corner shows). */
export function cardLabel(code) {
  const r = code[0].toUpperCase();
  return `${r === "T" ? "10" : r}${SUIT_SIGNS[code[1].toUpperCase()] || code[1]}`;
}

/** A move in the notation ("TC+3D", "KC", "draw") as a player reads it. */
export function moveLabel(move) {
  const m = String(move).trim();
  if (STOCK_MOVES[m.toLowerCase()]) return STOCK_MOVES[m.toLowerCase()];
  return m.split("+").map((c) => {
    const [card, at] = c.split("@");   // a place where two copies are in play (9H@r12)
    return isCard(card) ? cardLabel(card) + (at ? ` at ${at}` : "") : c;
  }).join(" + ");
}

function isCard(text) { return /^[A2-9TJQK][CDHS]$/i.test(text); }

/** Any text of the service's with its card codes ("TC", "QS") shown as cards (10♣, Q♠). */
export function cardsInText(text) {
  return String(text).replace(/\b([A2-9TJQK])([CDHS])\b/g, (_, r, s) => cardLabel(r + s));
}

/** 1290 -> "1,290". */
export function number(n) {
  return Number(n).toLocaleString("en-US");
}

/** "Ace" / "Aces", "10" / "10s" for a rank letter (A 2-9 T J Q K) and a count. */
export function rankName(rank, count = 2) {
  const word = RANK_WORDS[RANKS.indexOf(String(rank).toUpperCase())] || String(rank);
  return count === 1 ? word : `${word}s`;
}

/** "A+Q" (the certificates' rank pairs) -> "Aces and Queens". */
export function rankPair(pair) {
  const [a, b] = String(pair).split("+");
  return b === undefined ? pair : `${rankName(a)} and ${rankName(b)}`;
}

function plural(n, word) { return `${number(n)} ${word}${n === 1 ? "" : "s"}`; }

/** A goal in the syntax the API takes ("cards:A:4") as MSC names its challenges. */
export function goalTitle(goal) {
  const [kind, a, b] = String(goal || "win").split(":");
  if (kind === "board") return "Clear the board";
  if (kind === "moves") return "Fewest moves";
  if (kind === "score") return a === undefined ? "Best score" : `Score ${number(a)} points`;
  if (kind === "cards") return `Clear ${b} ${rankName(a, Number(b))}`;
  return "Can it be won?";
}

/** Why a deal is blocked, in words, from a verdict's certificate (null when none). */
export function whyBlocked(cert) {
  if (!cert) return null;
  const d = cert.data || {};
  const list = (codes) => (codes || []).map(cardLabel).join(", ");
  if (cert.kind === "four-complement" && d.card) {
    return `The ${cardLabel(d.card)} can never go: all four cards that pair with it `
      + `(${list(d.complements)}) lie on top of it.`;
  }
  if (cert.kind === "stock-count" && d.ranks) {
    return `The stock holds ${d.stock_count} of the ${rankPair(d.ranks)} (${list(d.stock_cards)}): `
      + "stock cards can only pair with pyramid cards, and there are too few of those to "
      + "partner them all.";
  }
  if (cert.kind === "structural") {
    return "The pyramid can't be cleared, even with every other card face up and free.";
  }
  if (cert.kind === "free-talon") {
    return "The layout can't be cleared, even with every talon card free to pair at any time.";
  }
  if (cert.kind === "exhaustive") return "Every order of play was tried: none wins.";
  return cardsInText(cert.detail || "");
}

function fewest(v) {
  if (v.optimal) return "the fewest";
  return v.steps_bound ? `the fewest found; no line has fewer than ${v.steps_bound}`
    : "the fewest found, not proven";
}

function inMoves(v) {
  return v.steps === null || v.steps === undefined ? "" : ` in ${plural(v.steps, "move")} (${fewest(v)})`;
}

function unsettled(v) {
  return `Not settled: ${v.reason || "the time limit ran out"}.`;
}

/** The answer to the plain question, "can it be won?". ``ctx.par``: Par scoring. */
function winHeadline(v, ctx) {
  const here = ctx.fromHere;
  if (v.status === "winnable") {
    const n = v.moves ? v.moves.length - (ctx.startMoves || 0) : 0;
    const won = here ? "From here this deal can still be won" : "This deal can be won";
    const par = ctx.par && v.score !== null && v.score !== undefined
      ? `; the best Par score is ${v.score_bound === "lower" ? "at least " : ""}${number(v.score)}` : "";
    return `${won}: here is a winning line of ${plural(n, "move")}${par}.`;
  }
  if (v.status === "blocked") {
    if (ctx.par && v.score !== null && v.score !== undefined) {
      return `${here ? "From here not" : "Not"} all 52 cards can go; the best Par score is `
        + `${v.score_bound === "lower" ? "at least " : ""}${number(v.score)}.`;
    }
    return here ? "This deal can't be won from here, whatever is played."
      : "This deal can't be won, whatever is played.";
  }
  return unsettled(v);
}

/** The answer to a goal as one sentence, the goal's answer first: "This deal can't be
 * won, but 4 Aces can go in 36 moves (the fewest)." ``v``: /v1/check's answer. */
export function headline(v, ctx = {}) {
  const [kind, a, b] = String(v.goal || "win").split(":");
  if (kind === "win" || !v.goal) return winHeadline(v, ctx);
  const cannotWin = v.status === "blocked" && (kind === "score" || kind === "cards");
  const lead = (text) => (cannotWin ? `This deal can't be won, but ${text}` : upper(text));
  if (kind === "board" || kind === "moves") {
    const what = kind === "board" ? "the board can be cleared" : "this deal can be won";
    if (v.steps !== null && v.steps !== undefined) return `${upper(what)}${inMoves(v)}.`;
    if (v.status === "blocked") {
      return kind === "board" ? "The board can't be cleared, whatever is played."
        : "This deal can't be won, whatever is played.";
    }
    return unsettled(v);
  }
  if (kind === "score") {
    const best = number(v.score || 0);
    if (a === undefined) {
      if (v.steps === null || v.steps === undefined) return unsettled(v);
      const proven = v.optimal ? "" : " (the best found)";
      return `${lead(`the best score is ${best} points${proven}`)}, reached${inMoves(v)}.`;
    }
    if (v.reached) return `${lead(`${number(a)} points can be scored${inMoves(v)}`)}.`;
    if (v.reached === false) {
      return `${number(a)} points can't be reached; the best score is ${best} points${inMoves(v)}.`;
    }
    return `${number(a)} points were not reached in the time allowed; the best found is ${best}.`;
  }
  if (kind === "cards") {
    const want = Number(b);
    if (v.count === null || v.count === undefined) return unsettled(v);
    if (v.reached) return `${lead(`${want} ${rankName(a, want)} can go${inMoves(v)}`)}.`;
    if (v.count === 0 && v.optimal) return `No ${rankName(a, 1)} can go, whatever is played.`;
    const most = v.optimal ? "at most" : "at least";
    return `Not all ${want} ${rankName(a, want)} can go: ${most} ${v.count}${inMoves(v)}.`;
  }
  return unsettled(v);
}

/** The other answer of a cards goal (``alternatives``: the most that can go with the
 * board cleared as well) in words. */
export function alternativeWords(alt, goal) {
  const rank = String(goal).split(":")[1];
  if (alt.count === null || alt.count === undefined) {
    return alt.status === "blocked" ? "No line clears the board as well."
      : `With the board cleared as well: ${unsettled(alt).toLowerCase()}`;
  }
  return `With the board cleared as well: ${alt.count} ${rankName(rank, alt.count)}`
    + `${inMoves(alt)}.`;
}

function upper(text) { return text ? text[0].toUpperCase() + text.slice(1) : text; }

/** What the service says of a refused move ("step 3: TC+3D: TC is covered by 7D"), as
 * a player reads it: "10♣ + 3♦: 10♣ is covered by 7♦". */
export function refusal(message) {
  const m = /^step \d+: (\S+): (.*)$/s.exec(String(message));
  return m ? `${moveLabel(m[1])}: ${cardsInText(m[2])}` : cardsInText(message);
}

/** The service's word for the stock moves, as the rules name them (MSC's face-up deck
 * draws and recycles; a face-down stock deals and redeals). */
export function stockWords(faceUp) {
  return faceUp ? ["draw", "recycle"] : ["deal", "redeal"];
}
