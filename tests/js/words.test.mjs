// The page's words (src/pyramids/service/static/words.js) under Node's own test runner:
// `node --test tests/js/`, run by tests/test_web_words.py.

import assert from "node:assert/strict";
import { test } from "node:test";

import {
  alternativeWords, cardLabel, cardsInText, goalTitle, headline, moveLabel, number, rankName,
  rankPair, refusal, stockWords, whyBlocked,
} from "../../src/pyramids/service/static/words.js";

test("cards and moves as a player reads them", () => {
  assert.equal(cardLabel("TC"), "10♣");
  assert.equal(cardLabel("AD"), "A♦");
  assert.equal(cardLabel("kh"), "K♥");
  assert.equal(moveLabel("TC+3D"), "10♣ + 3♦");
  assert.equal(moveLabel("KS"), "K♠");
  assert.deepEqual(["deal", "redeal", "draw", "recycle"].map(moveLabel),
    ["Deal", "Redeal", "Draw", "Recycle"]);
  assert.equal(cardsInText("4C is covered by 7D and TS"), "4♣ is covered by 7♦ and 10♠");
  assert.equal(cardsInText("AS ASK TCX"), "A♠ ASK TCX");  // whole codes only
  assert.deepEqual(stockWords(true), ["draw", "recycle"]);
  assert.deepEqual(stockWords(false), ["deal", "redeal"]);
});

test("every card's label round-trips to its code", () => {
  const signs = { "♣": "C", "♦": "D", "♥": "H", "♠": "S" };
  for (const r of "A23456789TJQK") {
    for (const s of "CDHS") {
      const shown = cardLabel(r + s);
      const back = (shown.slice(0, -1) === "10" ? "T" : shown.slice(0, -1)) + signs[shown.slice(-1)];
      assert.equal(back, r + s);
    }
  }
});

test("goals as MSC names its challenges", () => {
  assert.equal(goalTitle("win"), "Can it be won?");
  assert.equal(goalTitle("board"), "Clear the board");
  assert.equal(goalTitle("moves"), "Fewest moves");
  assert.equal(goalTitle("score"), "Best score");
  assert.equal(goalTitle("score:1000"), "Score 1,000 points");
  assert.equal(goalTitle("cards:A:4"), "Clear 4 Aces");
  assert.equal(goalTitle("cards:T:1"), "Clear 1 10");
  assert.equal(goalTitle("cards:K:3"), "Clear 3 Kings");
  assert.equal(rankName("Q", 1), "Queen");
  assert.equal(rankPair("3+T"), "3s and 10s");
  assert.equal(number(1290), "1,290");
});

const line = (n) => Array.from({ length: n }, () => "draw");

test("the plain question's answer", () => {
  assert.equal(headline({ status: "winnable", moves: line(52) }),
    "This deal can be won: here is a winning line of 52 moves.");
  assert.equal(headline({ status: "winnable", moves: line(30) }, { fromHere: true, startMoves: 10 }),
    "From here this deal can still be won: here is a winning line of 20 moves.");
  assert.equal(headline({ status: "blocked" }), "This deal can't be won, whatever is played.");
  assert.equal(headline({ status: "winnable", moves: line(60), score: 48, score_bound: "exact" }, { par: true }),
    "This deal can be won: here is a winning line of 60 moves; the best Par score is 48.");
  assert.equal(headline({ status: "blocked", score: -3, score_bound: "lower" }, { par: true }),
    "Not all 52 cards can go; the best Par score is at least -3.");
  assert.equal(headline({ status: "unknown", reason: "time limit 10 s reached" }),
    "Not settled: time limit 10 s reached.");
});

test("a goal's answer is the headline", () => {
  const cards = { goal: "cards:A:4", status: "blocked", reached: true, count: 4, steps: 36, optimal: true };
  assert.equal(headline(cards), "This deal can't be won, but 4 Aces can go in 36 moves (the fewest).");
  assert.equal(headline({ ...cards, status: "winnable" }), "4 Aces can go in 36 moves (the fewest).");
  assert.equal(headline({ ...cards, reached: false, count: 3, steps: 20 }),
    "Not all 4 Aces can go: at most 3 in 20 moves (the fewest).");
  assert.equal(headline({ ...cards, reached: false, count: 0, steps: 0 }),
    "No Ace can go, whatever is played.");
  assert.equal(headline({ ...cards, optimal: false, steps_bound: 30 }),
    "This deal can't be won, but 4 Aces can go in 36 moves (the fewest found; no line has fewer than 30).");
  assert.equal(headline({ goal: "board", status: "winnable", steps: 40, optimal: true }),
    "The board can be cleared in 40 moves (the fewest).");
  assert.equal(headline({ goal: "board", status: "blocked", steps: null }),
    "The board can't be cleared, whatever is played.");
  assert.equal(headline({ goal: "moves", status: "winnable", steps: 28, optimal: true }),
    "This deal can be won in 28 moves (the fewest).");
  assert.equal(headline({ goal: "score", status: "winnable", score: 1290, steps: 52, optimal: true }),
    "The best score is 1,290 points, reached in 52 moves (the fewest).");
  assert.equal(headline({ goal: "score", status: "blocked", score: 785, steps: 45, optimal: true }),
    "This deal can't be won, but the best score is 785 points, reached in 45 moves (the fewest).");
  assert.equal(headline({ goal: "score:1000", status: "winnable", reached: true, score: 1000, steps: 30, optimal: true }),
    "1,000 points can be scored in 30 moves (the fewest).");
  assert.equal(headline({ goal: "score:1000", status: "blocked", reached: false, score: 785, steps: 45, optimal: true }),
    "1,000 points can't be reached; the best score is 785 points in 45 moves (the fewest).");
  assert.equal(headline({ goal: "board", status: "unknown", steps: null, reason: "time limit" }),
    "Not settled: time limit.");
});

test("nothing a player reads carries the notation", () => {
  const answers = [
    { goal: "cards:T:4", status: "blocked", reached: true, count: 4, steps: 3, optimal: true },
    { goal: "score:1200", status: "winnable", reached: false, score: 1100, steps: 50, optimal: true },
    { goal: "moves", status: "blocked", steps: null },
  ];
  for (const v of answers) {
    const said = headline(v);
    assert.doesNotMatch(said, /--|:\d|\b[A2-9TJQK][CDHS]\b|steps?\b|cards:|score:/, said);
  }
  assert.equal(alternativeWords({ count: 2, steps: 40, optimal: true }, "cards:A:4"),
    "With the board cleared as well: 2 Aces in 40 moves (the fewest).");
  assert.equal(alternativeWords({ count: null, status: "blocked" }, "cards:A:4"),
    "No line clears the board as well.");
});

test("why a deal is blocked, and a refused move", () => {
  assert.equal(whyBlocked({ kind: "four-complement", data: { card: "4C", complements: ["9C", "9D", "9H", "9S"] } }),
    "The 4♣ can never go: all four cards that pair with it (9♣, 9♦, 9♥, 9♠) lie on top of it.");
  assert.equal(whyBlocked({ kind: "exhaustive", detail: "every reachable position searched" }),
    "Every order of play was tried: none wins.");
  assert.match(whyBlocked({ kind: "stock-count", data: { ranks: "A+Q", stock_count: 5, stock_cards: ["AC", "QD"] } }),
    /^The stock holds 5 of the Aces and Queens \(A♣, Q♦\)/);
  assert.equal(whyBlocked({ kind: "free-talon", detail: "even with every one of the talon's 24 cards free", data: { positions: 24 } }),
    "The layout can't be cleared, even with every talon card free to pair at any time.");
  assert.equal(whyBlocked(null), null);
  assert.equal(refusal("step 3: TC+3D: TC is covered by 7D"), "10♣ + 3♦: 10♣ is covered by 7♦");
  assert.equal(refusal("deal: the stock is empty"), "deal: the stock is empty");
});
