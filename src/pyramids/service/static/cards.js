// Cards and the board as SVG, drawn like the book (src/pyramids/book/drawing.py, diagram.py).
// Drawing only: where cards lie comes from the service's /v1/position, never from rules here.

const NS = "http://www.w3.org/2000/svg";
export const W = 100;                 // card width in SVG units
export const H = 140;                 // CARD_RATIO 1.4
const GAP = 0.1 * W;                  // between cards
const PYRAMID_STEP = 0.5 * H;         // between pyramid rows
const COLUMN_STEP = 0.42 * H;         // inside a tableau column
const FAN_ROW = 12;                   // cards per fanned row (bouquet)
const STOCK_ROW = 26;                 // the stock fans in one row, next card on the left
const CAP = 30;                       // caption height
const SUIT_NAMES = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
const RANK_NAMES = { A: "ace", T: "10", J: "jack", Q: "queen", K: "king" };

// Suit shapes in the unit square, y down (the book's Bézier paths, turned the right way up).
const HEART = "M.5 1C.4 .84 0 .62 0 .32C0 .1 .15 0 .27 0C.4 0 .48 .08 .5 .2" +
  "C.52 .08 .6 0 .73 0C.85 0 1 .1 1 .32C1 .62 .6 .84 .5 1Z";
const STEM = "M.455 .55C.45 .8 .38 .94 .25 1L.75 1C.62 .94 .55 .8 .545 .55Z";
const SUIT_SHAPES = {
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

/** The <defs> every board needs: one symbol per suit. */
export function suitDefs() {
  const defs = el("defs");
  for (const [s, body] of Object.entries(SUIT_SHAPES)) {
    // the shapes are constants of this file, never data from outside
    const sym = el("symbol", { id: `suit-${s}`, viewBox: "0 0 1 1" }, defs);
    sym.innerHTML = body;
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
  const label = code[0] === "T" ? "10" : code[0];
  const t = el("text", { x: 17.4, y: 28, "font-size": 30, "text-anchor": "middle",
    class: "rank" }, g);
  if (label.length > 1) { t.setAttribute("textLength", 30); t.setAttribute("lengthAdjust", "spacingAndGlyphs"); }
  t.textContent = label;
  el("use", { href: `#suit-${code[1]}`, x: 6.9, y: 33, width: 21, height: 21 }, g);
}

/** One face-up card as a <g>, its top-left corner at the origin. */
export function cardFace(code) {
  const g = el("g", { class: `card ${isRed(code) ? "red" : "black"}`, "data-card": code });
  const title = el("title", {}, g);
  title.textContent = `${cardName(code)} (${code})`;
  el("rect", { class: "face", x: 0, y: 0, width: W, height: H, rx: 7 }, g);
  el("rect", { class: "ring", x: -3, y: -3, width: W + 6, height: H + 6, rx: 9 }, g);
  cornerIndex(g, code);
  const turned = el("g", { transform: `rotate(180 ${W / 2} ${H / 2})` }, g);
  cornerIndex(turned, code);
  el("use", { href: `#suit-${code[1]}`, x: 33, y: 45.6, width: 42, height: 42 }, g);
  return g;
}

function slot(parent, x, y) {
  el("rect", { class: "slot", x, y, width: W, height: H, rx: 7 }, parent);
}

function caption(parent, x, y, text) {
  const t = el("text", { class: "caption", x, y, "text-anchor": "middle" }, parent);
  t.textContent = text;
}

function fanRows(n, per = FAN_ROW) {
  if (n === 0) return [];
  const k = Math.ceil(n / per);
  const base = Math.floor(n / k), extra = n % k;
  return Array.from({ length: k }, (_, i) => base + (i < extra ? 1 : 0));
}

/** Places for a fan of n cards in rows (first on the left), from y; a little gap after
 * every ``group`` cards (a stock dealt three at a time). */
function fanPlaces(n, y, width, per = FAN_ROW, group = 1) {
  const out = [];
  const gapW = group > 1 ? 0.12 * W : 0;
  for (const count of fanRows(n, per)) {
    const gaps = group > 1 && count ? Math.floor((count - 1) / group) : 0;
    const step = count <= 1 ? W + GAP
      : Math.min(W + GAP, Math.max(0.2 * W, (width - W - gaps * gapW) / (count - 1)));
    const rowW = W + (count - 1) * step + gaps * gapW;
    const x0 = (width - rowW) / 2;
    for (let i = 0; i < count; i++) out.push([x0 + i * step + Math.floor(i / group) * gapW, y]);
    y += H + 0.12 * H;
  }
  return out;
}

/** The fixed frame of a variant: size, captions, empty places; where each zone is. */
export function frame(variant, restCount) {
  const rows = variant.rows;
  const pyrW = rows * W + (rows - 1) * GAP;
  const cols = variant.rest === "tableau" ? variant.columns : 0;
  const restW = cols ? cols * W + (cols - 1) * GAP : pyrW;
  const width = Math.max(pyrW, restW, 5 * W);
  const f = { variant, width, rows, pyramid: [], y0: 0 };
  const x0 = (width - pyrW) / 2;
  for (let r = 1; r <= rows; r++) {
    for (let i = 0; i < r; i++) {
      f.pyramid.push([x0 + (rows - r) * (W + GAP) / 2 + i * (W + GAP), (r - 1) * PYRAMID_STEP]);
    }
  }
  let y = H + (rows - 1) * PYRAMID_STEP + 0.22 * H;
  f.captions = [];
  if (variant.rest === "tableau") {
    f.captions.push([width / 2, y + 21, "Tableau: only the lowest card of each column is available"]);
    y += CAP;
    f.colX = Array.from({ length: cols }, (_, c) => (width - restW) / 2 + c * (W + GAP));
    f.colY = y;
    y += H + Math.max(0, (variant.tableau_rows || 1) - 1) * COLUMN_STEP;
  } else if (variant.rest === "stock") {
    const three = variant.draw === 3 ? ", three at a time" : "";
    f.stockCaptionY = y + 21;
    y += CAP + 18;                    // room for the numbers of the dealing order
    f.stockY = y;
    f.stockRows = Math.max(1, fanRows(restCount, STOCK_ROW).length);
    y += f.stockRows * (H + 0.12 * H);
    f.faceUp = variant.stock_top === "face-up";
    f.stockText = f.faceUp ? "Deck: the top card (left) is in play; a draw moves it to the waste"
      : `Stock: dealt from the left${three}`;
    f.wasteCaptionY = y + 21;
    y += CAP;
    f.wasteY = y;
    f.hasHand = variant.draw === 1 && !f.faceUp;
    y += H;
  } else {
    f.captions.push([width / 2, y + 21, "Bouquet: every card available"]);
    y += CAP;
    f.bouquetY = y;
    y += Math.max(1, fanRows(restCount).length) * (H + 0.12 * H) - 0.12 * H;
  }
  f.height = y + 6;
  return f;
}

/** Where each card of ``pos`` (a /v1/position "position") lies: code -> [x, y]. */
export function place(f, pos) {
  const at = new Map();
  pos.pyramid.forEach((c, p) => { if (c) at.set(c, f.pyramid[p]); });
  if (f.variant.rest === "tableau") {
    pos.columns.forEach((cards, c) => cards.forEach((code, d) =>
      at.set(code, [f.colX[c], f.colY + d * COLUMN_STEP])));
  } else if (f.variant.rest === "stock") {
    fanPlaces(pos.stock.length, f.stockY, f.width, STOCK_ROW, f.variant.draw || 1).forEach((xy, i) => at.set(pos.stock[i], xy));
    const handRoom = f.hasHand ? W + 3 * GAP : 0;
    const n = pos.waste.length;
    const room = f.width - handRoom - W;
    const step = n <= 1 ? 0 : Math.min(0.4 * W, room / (n - 1));
    const x0 = (f.width - handRoom - (W + Math.max(0, n - 1) * step)) / 2;
    pos.waste.forEach((code, i) => at.set(code, [x0 + i * step, f.wasteY]));
    if (pos.hand) at.set(pos.hand, [f.width - W - GAP, f.wasteY]);
  } else {
    fanPlaces(pos.bouquet.length, f.bouquetY, f.width).forEach((xy, i) =>
      at.set(pos.bouquet[i], xy));
  }
  return at;
}

/** The static layer: empty places and captions under the cards. */
export function drawFrame(svg, f, pos) {
  const g = el("g", { class: "frame" }, svg);
  f.pyramid.forEach(([x, y]) => slot(g, x, y));
  for (const [x, y, t] of f.captions) caption(g, x, y, t);
  if (f.variant.rest === "tableau") f.colX.forEach((x) => slot(g, x, f.colY));
  if (f.variant.rest === "stock") {
    slot(g, (f.width - W) / 2, f.stockY);
    slot(g, f.hasHand ? (f.width - W - 3 * GAP - W) / 2 : (f.width - W) / 2, f.wasteY);
    if (f.hasHand) slot(g, f.width - W - GAP, f.wasteY);
  }
  return g;
}

/** Captions that change with the position (pass number, counts) and the stock's numbers
 * (1 = the next card dealt), given ``at``, the places from :func:`place`. */
export function drawLabels(g, f, pos, at) {
  g.replaceChildren();
  if (f.variant.rest !== "stock") return;
  const v = f.variant;
  pos.stock.forEach((code, i) => {
    const [x, y] = at.get(code);
    const next = i + 1 < pos.stock.length ? at.get(pos.stock[i + 1]) : null;
    const step = next && next[1] === y ? next[0] - x : W;
    const t = el("text", { class: "number", x: x + Math.min(step, W) / 2, y: y - 6,
      "text-anchor": "middle" }, g);
    t.textContent = String(i + 1);
  });
  const passes = v.passes === null ? ", passes unlimited" : ` of ${v.passes}`;
  const passText = v.passes === 1 ? "" : ` · pass ${pos.pass}${passes}`;
  caption(g, f.width / 2, f.stockCaptionY,
    `${f.stockText} (${pos.stock.length} left${passText})`);
  const handRoom = f.hasHand ? W + 3 * GAP : 0;
  caption(g, (f.width - handRoom) / 2, f.wasteCaptionY,
    `Waste (${pos.waste.length}, top on the right)`);
  if (f.hasHand) caption(g, f.width - W / 2 - GAP, f.wasteCaptionY, "Hand");
}
