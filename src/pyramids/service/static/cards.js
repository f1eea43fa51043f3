// Cards and the board as SVG, drawn like the book (src/pyramids/book/drawing.py).
// Drawing only: where every card, empty place and caption lies comes from the service's
// /v1/position (pyramids.core.placement, the layout the book prints), never from rules here.

const NS = "http://www.w3.org/2000/svg";
export const W = 100;                 // a card face is drawn 100 x 140 units, then scaled
const H = 140;                        // (CARD_RATIO 1.4)
const SUIT_NAMES = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
const RANK_NAMES = { A: "ace", T: "10", J: "jack", Q: "queen", K: "king" };

// Suit shapes in the unit square, y down: the book's Bézier paths (book/drawing.py), turned the
// right way up; tests/test_placement.py holds the two to the same curves.
const HEART = "M.5 1C.4 .84 0 .62 0 .32C0 .1 .15 0 .27 0C.4 0 .48 .08 .5 .2" +
  "C.52 .08 .6 0 .73 0C.85 0 1 .1 1 .32C1 .62 .6 .84 .5 1Z";
const STEM = "M.455 .55C.45 .8 .38 .94 .25 1L.75 1C.62 .94 .55 .8 .545 .55Z";
export const SUIT_SHAPES = {
  H: `<path transform="translate(.06 .08) scale(.88 .88)" d="${HEART}"/>`,
  D: '<path d="M.5 0C.626 .225 .752 .375 .86 .5C.752 .625 .626 .775 .5 1' +
     'C.374 .775 .248 .625 .14 .5C.248 .375 .374 .225 .5 0Z"/>',
  S: `<path transform="translate(.05 0) scale(.9 .76)" d="M.5 0C.4 .16 0 .38 0 .68` +
     `C0 .9 .15 1 .27 1C.4 1 .48 .92 .5 .8C.52 .92 .6 1 .73 1C.85 1 1 .9 1 .68` +
     `C1 .38 .6 .16 .5 0Z"/><path d="${STEM}"/>`,
  C: '<circle cx=".5" cy=".27" r=".215"/><circle cx=".27" cy=".56" r=".215"/>' +
     '<circle cx=".73" cy=".56" r=".215"/><circle cx=".5" cy=".5" r=".13"/>' +
     `<path d="${STEM}"/>`,
};

export function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (parent) parent.appendChild(node);
  return node;
}

/** The <defs> every board needs: one symbol per suit, and each rank's corner index (used,
 * not repeated: 52 cards draw 13 texts, and a card's only name is its aria-label). */
export function suitDefs() {
  const defs = el("defs");
  for (const [s, body] of Object.entries(SUIT_SHAPES)) {
    // the shapes are constants of this file, never data from outside
    const sym = el("symbol", { id: `suit-${s}`, viewBox: "0 0 1 1" }, defs);
    sym.innerHTML = body;
  }
  for (const r of "A23456789TJQK") {
    const label = r === "T" ? "10" : r;
    const t = el("text", { id: `rank-${r}`, x: 17.4, y: 28, "font-size": 30,
      "text-anchor": "middle", class: "rank" }, defs);
    if (label.length > 1) { t.setAttribute("textLength", 30); t.setAttribute("lengthAdjust", "spacingAndGlyphs"); }
    t.textContent = label;
  }
  return defs;
}

export function cardName(code) {
  const r = code[0], s = code[1];
  return `${RANK_NAMES[r] || r} of ${SUIT_NAMES[s]}`;
}

export function cardValue(code) {
  return "A23456789TJQK".indexOf(code[0]) + 1;
}

function isRed(code) { return code[1] === "D" || code[1] === "H"; }

function cornerIndex(g, code) {
  el("use", { href: `#rank-${code[0]}` }, g);
  el("use", { href: `#suit-${code[1]}`, x: 6.9, y: 33, width: 21, height: 21 }, g);
}

/** One face-up card as a <g>, its top-left corner at the origin. */
export function cardFace(code) {
  const g = el("g", { class: `card ${isRed(code) ? "red" : "black"}`, "data-card": code });
  el("rect", { class: "face", x: 0, y: 0, width: W, height: H, rx: 7 }, g);
  cornerIndex(g, code);
  const turned = el("g", { transform: `rotate(180 ${W / 2} ${H / 2})` }, g);
  cornerIndex(turned, code);
  el("use", { href: `#suit-${code[1]}`, x: 33, y: 45.6, width: 42, height: 42 }, g);
  return g;
}

/** The ring round card ``g`` that shows it is in play, picked, hinted, waiting or
 * focused; drawn the first time one of those is shown (most cards never need one, and a
 * board draws faster without 52 of them). */
export function ring(g) {
  if (!g.querySelector(".ring")) {
    const r = el("rect", { class: "ring", x: -3, y: -3, width: W + 6, height: H + 6, rx: 9 });
    g.insertBefore(r, g.firstChild.nextSibling);
  }
}

function slot(parent, x, y, f) {
  el("rect", { class: "slot", x, y, width: f.card_width, height: f.card_height,
    rx: 0.07 * f.card_width }, parent);
}

function label(parent, cls, [x, y, text], size) {
  const t = el("text", { class: cls, x, y, "text-anchor": "middle", "font-size": size }, parent);
  t.textContent = text;
}

/** Where each card of a position lies: ``board.cards`` (code -> [x, y], the top-left
 * corner) as the service placed it (/v1/position, pyramids.core.placement: the book's layout). */
export function place(board) {
  return new Map(Object.entries(board.cards));
}

/** The empty places under the cards, and the captions and the stock's numbers (1 = the next
 * card dealt) over them, for one position: ``f`` is the answer's ``frame``. */
export function drawBoard(slots, labels, f, board) {
  slots.replaceChildren();
  labels.replaceChildren();
  for (const [x, y] of board.slots) slot(slots, x, y, f);
  for (const c of board.captions) label(labels, "caption", c, f.text_size);
  for (const n of board.numbers) label(labels, "number", n, 0.8 * f.text_size);
}
