// Building a board by clicking its 52 cards in order, as a player copies them off an app:
// the pyramid row by row from the top, then the stock (MSC's deck) from its top card.
// The result is the 52-card line the deal field takes; the service checks it.

const RANKS = "A23456789TJQK";
const SUITS = "CDHS";
const SUIT_SIGNS = { C: "♣", D: "♦", H: "♥", S: "♠" };

export function initPicker({ rows = () => 7, use }) {
  const $ = (id) => document.getElementById(id);
  const placed = [];

  function nameOf(code) { return `${code[0] === "T" ? "10" : code[0]}${SUIT_SIGNS[code[1]]}`; }

  function drawSlots() {
    const box = $("picker-slots");
    box.replaceChildren();
    const r = rows();
    let i = 0;
    for (let row = 1; row <= r; row++) {
      const line = document.createElement("div");
      line.className = "row";
      for (let k = 0; k < row; k++, i++) line.appendChild(slot(i));
      box.appendChild(line);
    }
    const deck = document.createElement("div");
    deck.className = "row deck";
    const label = document.createElement("span");
    label.textContent = "deck:";
    label.className = "filled";
    deck.appendChild(label);
    for (; i < 52; i++) deck.appendChild(slot(i));
    box.appendChild(deck);
  }

  function slot(i) {
    const s = document.createElement("span");
    const code = placed[i];
    s.textContent = code ? nameOf(code) : "·";
    s.className = code ? "filled" : i === placed.length ? "next" : "";
    s.title = i < rows() * (rows() + 1) / 2 ? `pyramid card ${i + 1}` : `deck card ${i + 1 - rows() * (rows() + 1) / 2}`;
    return s;
  }

  function drawCards() {
    const grid = $("picker-cards");
    if (!grid.childElementCount) {
      for (const s of SUITS) {
        for (const r of RANKS) {
          const b = document.createElement("button");
          b.type = "button";
          b.dataset.card = r + s;
          b.textContent = nameOf(r + s);
          b.className = s === "D" || s === "H" ? "red" : "";
          b.setAttribute("aria-label", `place ${r + s}`);
          grid.appendChild(b);
        }
      }
    }
    const used = new Set(placed);
    for (const b of grid.querySelectorAll("button")) b.disabled = used.has(b.dataset.card);
    const left = [...grid.querySelectorAll("button")].filter((b) => !b.disabled).map((b) => b.dataset.card);
    $("picker-left").textContent = left.length
      ? `${placed.length} placed; still to place (${left.length}): ${left.map(nameOf).join(" ")}`
      : "All 52 cards placed.";
    $("picker-use").disabled = placed.length !== 52;
    $("picker-undo").disabled = placed.length === 0;
  }

  function redraw() { drawSlots(); drawCards(); }

  $("picker-cards").addEventListener("click", (e) => {
    const b = e.target.closest("button[data-card]");
    if (!b || b.disabled || placed.length >= 52) return;
    placed.push(b.dataset.card);
    redraw();
  });
  $("picker-undo").addEventListener("click", () => { placed.pop(); redraw(); });
  $("picker-clear").addEventListener("click", () => { placed.length = 0; redraw(); });
  $("picker-close").addEventListener("click", () => { $("picker").hidden = true; });
  $("picker-use").addEventListener("click", () => {
    $("picker").hidden = true;
    use(placed.join(" "));
  });
  return {
    open() { $("picker").hidden = false; redraw(); $("picker").scrollIntoView({ block: "nearest" }); },
  };
}
