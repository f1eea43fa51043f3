// The Daily view: a day's challenges (/v1/daily/{date}), easy to expert, each played on the
// board with its goal and limit shown, the progress towards the goal as you play ("2 of 4
// Aces, 17 of 40 moves"), a win when it is reached within the limit, and the par after.

import { getJSON } from "./api.js";
import { goalTitle, number, rankName } from "./words.js";

const $ = (id) => document.getElementById(id);
const SUITS = "SHDC";
let ui = null;   // { showError, clearError, play(challenge, date) }

export function initDaily(callbacks) {
  ui = callbacks;
  const input = $("daily-date");
  if (!input.value) input.value = new Date().toISOString().slice(0, 10);
  input.addEventListener("change", loadDay);
}

/** The day's set, listed: a row per challenge, its goal in words and a Play button. */
export async function loadDay() {
  ui.clearError();
  const date = $("daily-date").value;
  const list = $("daily-list");
  if (!date) return;
  $("daily-note").textContent = "Making the day's challenges (each is solved and proven first)…";
  list.replaceChildren();
  try {
    const day = await getJSON(`/v1/daily/${encodeURIComponent(date)}?variant=msc`);
    $("daily-note").textContent = "";
    for (const ch of day.challenges) {
      const li = document.createElement("li");
      li.className = "daily-item";
      const head = document.createElement("p");
      const level = document.createElement("b");
      level.textContent = ch.level[0].toUpperCase() + ch.level.slice(1);
      head.append(level, `: ${title(ch)}.`);
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = "Play";
      b.setAttribute("aria-label", `Play the ${ch.level} challenge: ${title(ch)}`);
      b.addEventListener("click", () => ui.play(ch, day.date));
      li.append(head, b);
      list.appendChild(li);
    }
  } catch (e) { $("daily-note").textContent = ""; ui.showError(e); }
}

/** The challenge in a player's words: "Clear 4 Aces in 40 moves or fewer" (a move as
 * docs/rules.md counts them: under MSC's rules, a step). */
export function title(ch) {
  return goalTitle(ch.goal) + (ch.limit === null ? "" : ` in ${ch.limit} moves or fewer`);
}

/** Where a challenge stands: ``pos`` the position shown, ``present`` its cards, ``steps``
 * played, ``line`` the deal's 52 cards (the pyramid first). ``{ text, reached, over }``. */
export function standing(ch, pos, present, steps, line) {
  const unit = "moves";
  const [kind, a, b] = ch.goal.split(":");
  let have;
  let want;
  let what;
  if (kind === "cards") {
    want = Number(b);
    have = [...SUITS].filter((s) => !present.has(a + s)).length;
    what = `${Math.min(have, want)} of ${want} ${rankName(a, want)}`;
  } else if (kind === "score") {
    want = Number(a);
    have = pos.score ?? 0;
    what = `${number(have)} of ${number(want)} points`;
  } else if (kind === "board") {
    const pyramid = line.split(" ").slice(0, 28);
    want = pyramid.length;
    have = pyramid.filter((c) => !present.has(c)).length;
    what = `${have} of ${want} board cards cleared`;
  } else {
    want = 52;
    have = 52 - pos.cards_left;
    what = `${have} of 52 cards discarded`;
  }
  const reached = have >= want;
  const over = ch.limit !== null && steps > ch.limit;
  const count = ch.limit === null ? `${steps} ${unit}` : `${steps} of ${ch.limit} ${unit}`;
  const par = `Par: ${ch.steps} ${unit}.`;
  let text;
  if (reached && !over) text = `Challenge complete in ${steps} ${unit}! ${par}`;
  else if (over) text = `Over the limit: ${count}, ${what}. Undo or restart. ${par}`;
  else text = `${what}, ${count}.`;
  return { text, reached: reached && !over, over };
}
