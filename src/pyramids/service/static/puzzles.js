// The Puzzles view: the shipped collections by variant and grade (/v1/puzzles), each to play
// or to see solved, and a PDF book of the puzzles picked (/v1/books).

import { getJSON, postBlob } from "./api.js";

const $ = (id) => document.getElementById(id);
let shown = [];            // the puzzles listed now
const picked = new Set();  // ids picked for the book
let ui = null;             // { showError, clearError, open(puzzle, reveal), title(name) }

export function initPuzzles(callbacks) {
  ui = callbacks;
  $("pz-collection").addEventListener("change", loadPuzzles);
  $("pz-grade").addEventListener("change", loadPuzzles);
  $("make-book").addEventListener("click", makeBook);
}

export async function loadCollections() {
  try {
    const data = await getJSON("/v1/puzzles");
    const sel = $("pz-collection");
    sel.replaceChildren();
    for (const c of data.collections) {
      const o = document.createElement("option");
      o.value = c.name;
      o.textContent = `${ui.title(c.name)} (${c.count})`;
      sel.appendChild(o);
    }
    await loadPuzzles();
  } catch (e) { ui.showError(e); }
}

function button(text, onClick) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  b.addEventListener("click", onClick);
  return b;
}

async function loadPuzzles() {
  ui.clearError();
  const name = $("pz-collection").value;
  if (!name) return;
  const grade = $("pz-grade").value;
  const q = new URLSearchParams({ limit: "500" });
  if (grade) q.set("grade", grade);
  try {
    const data = await getJSON(`/v1/puzzles/${encodeURIComponent(name)}?${q}`);
    shown = data.puzzles;
    $("pz-count").textContent = `${data.count} puzzle${data.count === 1 ? "" : "s"}`;
    const body = $("pz-table").querySelector("tbody");
    body.replaceChildren();
    for (const p of data.puzzles) {
      const tr = document.createElement("tr");
      const cell = (text) => {
        const td = document.createElement("td");
        td.textContent = text;
        tr.appendChild(td);
        return td;
      };
      const pick = document.createElement("input");
      pick.type = "checkbox";
      pick.checked = picked.has(p.id);
      pick.setAttribute("aria-label", `pick ${p.id} for the book`);
      const tap = document.createElement("label");   // a finger-sized place to tick it
      tap.className = "tap";
      tap.appendChild(pick);
      pick.addEventListener("change", () => {
        if (pick.checked) picked.add(p.id); else picked.delete(p.id);
        $("make-book").textContent = `Make a book of the ${picked.size} selected`;
      });
      cell("").appendChild(tap);
      cell(p.id);
      cell(p.grade ?? "");
      cell(typeof p.score === "number" ? p.score.toFixed(1) : "");
      cell(p.deal ?? "");
      const play = button("Play", () => ui.open(p, false));
      const solve = button("Solution", () => ui.open(p, true));
      play.setAttribute("aria-label", `Play ${p.id}`);
      solve.setAttribute("aria-label", `The solution of ${p.id}`);
      cell("").append(play, " ", solve);
      body.appendChild(tr);
    }
  } catch (e) { ui.showError(e); }
}

async function makeBook() {
  ui.clearError();
  const ids = [...picked];
  const out = $("book-result");
  out.replaceChildren();
  if (!ids.length) { ui.showError("pick one or more puzzles first (the boxes on the left)"); return; }
  const body = { ids };
  // all from the collection listed: name it, so the server reads that file alone
  if (ids.every((i) => shown.some((p) => p.id === i))) body.collection = $("pz-collection").value;
  const title = $("book-title").value.trim();
  if (title) body.title = title;
  out.textContent = "Making the book…";
  try {
    const blob = await postBlob("/v1/books", body);
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = "pyramids-book.pdf";
    a.id = "book-link";
    a.textContent = `Download the book (${ids.length} puzzles, ${Math.round(blob.size / 1024)} KB PDF)`;
    out.replaceChildren(a);
  } catch (e) { out.textContent = ""; ui.showError(e); }
}
