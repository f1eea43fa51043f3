// Building a board by tapping its 52 cards in order, as a player copies them off an app:
// the pyramid row by row from the top, then the deck from its top card. Any placed card
// can be taken back or replaced: tap its place, then the card that goes there. The result
// is the 52-card line the deal field takes; the service checks it.

import { cardLabel } from "./words.js";

const RANKS = "A23456789TJQK";
const SUITS = "CDHS";
const SUIT_NAMES = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };

export function initPicker({ rows = () => 7, use }) {
  const $ = (id) => document.getElementById(id);
  const placed = new Array(52).fill(null);   // the card at each place, null while empty
  let focus = 0;                              // the place the next card tapped goes to

  const pyramidSize = () => rows() * (rows() + 1) / 2;
  const count = () => placed.filter(Boolean).length;
  const firstEmpty = (from = 0) => {
    for (let k = 0; k < 52; k++) { const i = (from + k) % 52; if (!placed[i]) return i; }
    return -1;
  };
  const where = (i) => (i < pyramidSize() ? `pyramid card ${i + 1}` : `deck card ${i + 1 - pyramidSize()}`);

  function slot(i) {
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.slot = String(i);
    const code = placed[i];
    b.textContent = code ? cardLabel(code) : "";
    b.className = `${code ? "filled" : ""}${code && "DH".includes(code[1]) ? " red" : ""}`;
    b.setAttribute("aria-label", `${where(i)}: ${code ? cardLabel(code) : "empty"}`);
    b.setAttribute("aria-pressed", String(i === focus));
    return b;
  }

  function drawSlots() {
    const box = $("picker-slots");
    box.replaceChildren();
    let i = 0;
    for (let row = 1; row <= rows(); row++) {
      const line = document.createElement("div");
      line.className = "row";
      for (let k = 0; k < row; k++, i++) line.appendChild(slot(i));
      box.appendChild(line);
    }
    const deck = document.createElement("div");
    deck.className = "row deck";
    const label = document.createElement("span");
    label.textContent = "Deck, top first:";
    deck.appendChild(label);
    for (; i < 52; i++) deck.appendChild(slot(i));
    box.appendChild(deck);
  }

  function drawCards() {
    const grid = $("picker-cards");
    if (!grid.childElementCount) {
      for (const s of SUITS) {
        const suit = document.createElement("div");
        suit.className = "suit";
        suit.setAttribute("role", "group");
        suit.setAttribute("aria-label", SUIT_NAMES[s]);
        for (const r of RANKS) {
          const b = document.createElement("button");
          b.type = "button";
          b.dataset.card = r + s;
          b.textContent = cardLabel(r + s);
          if (s === "D" || s === "H") b.className = "red";
          suit.appendChild(b);
        }
        grid.appendChild(suit);
      }
    }
    for (const b of grid.querySelectorAll("button")) {
      const at = placed.indexOf(b.dataset.card);
      b.classList.toggle("placed", at >= 0);
      b.setAttribute("aria-label", `${cardLabel(b.dataset.card)}${at >= 0 ? `, placed at ${where(at)}` : ""}`);
    }
  }

  function drawState() {
    const n = count();
    const missing = [];
    for (const s of SUITS) for (const r of RANKS) if (!placed.includes(r + s)) missing.push(r + s);
    $("picker-left").textContent = n === 52 ? "All 52 cards placed."
      : `${n} of 52 placed. Still to place: ${missing.map(cardLabel).join(" ")}`;
    const use = $("picker-use");
    use.disabled = n !== 52;
    use.textContent = n === 52 ? "Use this board" : `Use this board (${52 - n} missing)`;
    $("picker-undo").disabled = n === 0;
    const info = $("picker-focus");
    info.replaceChildren();
    if (focus < 0) return;
    const code = placed[focus];
    info.append(code ? `Tap the card that goes in place of the ${cardLabel(code)} at ${where(focus)} `
      + "(a placed card changes places with it), or " : `Next: ${where(focus)}.`);
    if (code) {
      const back = document.createElement("button");
      back.type = "button";
      back.id = "picker-take";
      back.textContent = `take the ${cardLabel(code)} back`;
      back.addEventListener("click", () => { placed[focus] = null; redraw(); });
      info.appendChild(back);
    }
  }

  function redraw() { drawSlots(); drawCards(); drawState(); }

  /** ``code`` to the place in focus; a card placed elsewhere changes places with the
   * card there (or leaves its place empty). */
  function place(code) {
    if (focus < 0) return;
    const from = placed.indexOf(code);
    if (from === focus) return;
    if (from >= 0) placed[from] = placed[focus];
    placed[focus] = code;
    focus = firstEmpty(focus);
    redraw();
  }

  $("picker-cards").addEventListener("click", (e) => {
    const b = e.target.closest("button[data-card]");
    if (b) place(b.dataset.card);
  });
  $("picker-slots").addEventListener("click", (e) => {
    const b = e.target.closest("button[data-slot]");
    if (!b) return;
    focus = Number(b.dataset.slot);
    redraw();
    const again = $("picker-slots").querySelector(`button[data-slot="${focus}"]`);
    if (again) again.focus();
  });
  $("picker-undo").addEventListener("click", () => {
    let last = -1;
    placed.forEach((c, i) => { if (c) last = i; });
    if (last >= 0) { placed[last] = null; focus = last; }
    redraw();
  });
  $("picker-clear").addEventListener("click", () => { placed.fill(null); focus = 0; redraw(); });
  $("picker-close").addEventListener("click", () => { $("picker").hidden = true; $("build").focus(); });
  $("picker-use").addEventListener("click", () => {
    if (count() !== 52) return;
    $("picker").hidden = true;
    use(placed.join(" "));
  });
  return {
    open() {
      $("picker").hidden = false;
      if (focus < 0 || placed[focus]) focus = firstEmpty();
      redraw();
      $("picker").scrollIntoView({ block: "start" });
    },
  };
}
