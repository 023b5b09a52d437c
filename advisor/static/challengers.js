// Challengers!'s table as one seat sees it, from its observation (ChallengersObservation in
// JSON), the public summaries and the catalogue GetInfo gives (ChallengersCatalogue).
// A card is its catalogue index; -1 is a card this seat cannot see.

import { count, escape } from "./html.js";

const PHASES = ["deck phase", "match", "final trim", "over"];
const PILES = ["A", "B", "C"];
const STEPS = ["choose an option", "pick cards", "take the extra card", "trim the deck"];

function who(view, p) {
  const o = view.observation.challengers;
  if (p >= count(o.players)) return "robot";
  if (p === view.seat) return "you";
  return p in view.bots ? `bot, level ${view.bots[p]}` : "person";
}

/** Cards by name with copies counted, unseen ones last: "Cow x2, Talent, 3 unseen". */
function cardList(indices, catalogue) {
  const counts = new Map();
  let unseen = 0;
  for (const i of indices ?? []) {
    if (i < 0) unseen += 1;
    else counts.set(i, (counts.get(i) ?? 0) + 1);
  }
  const shown = [...counts].map(([i, n]) => {
    const c = catalogue.cards[i];
    const power = count(c.power) < 0 ? "round" : count(c.power);
    return `<span class="ccard level-${escape(c.level)}" data-card="${i}" title="${escape(c.trigger ?? "")}">
      ${escape(c.name)} <small>${escape(c.level)}·${power}</small>${n > 1 ? ` ×${n}` : ""}</span>`;
  });
  if (unseen) shown.push(`<span class="ccard hidden">${unseen} unseen</span>`);
  return shown.join(" ") || `<span class="none">none</span>`;
}

function participant(view, catalogue, p) {
  const o = view.observation.challengers;
  const part = o.participants?.[p] ?? {};
  const summary = view.summaries.find((x) => count(x.seat) === p);
  const fans = summary ? count(summary.points) : count(part.fans);
  const deck = p === view.seat ? "your deck" : "deck as last revealed";
  return `<section class="seat" data-seat="${p}">
    <h3>${p < count(o.players) ? `Seat ${p}` : "Robot"} (${who(view, p)}): ${fans} fans,
      ${(part.trophies ?? []).length} trophies</h3>
    <p>${deck}: ${cardList(part.deck, catalogue)}</p></section>`;
}

function match(view, catalogue) {
  const o = view.observation.challengers;
  const m = o.match ?? {};
  const sides = [count(m.sideA), count(m.sideB)].map((p) => {
    const part = o.participants?.[p] ?? {};
    const role = p === count(m.attacker) ? "attacks" : "holds the flag";
    const bench = (part.bench ?? []).map((b) => cardList(b.cards, catalogue)).join(" | ");
    return `<p><b>${p < count(o.players) ? `Seat ${p}` : "Robot"} (${who(view, p)}) ${role}</b>:
      in play ${cardList(part.inPlay, catalogue)}<br>draw pile ${(part.draw ?? []).length} cards
      · bench ${bench || "empty"} · exhausted ${(part.exhaust ?? []).length}</p>`;
  });
  return `<section class="match"><h3>Match in park ${count(m.park)}</h3>${sides.join("")}</section>`;
}

function draft(view, catalogue) {
  const o = view.observation.challengers;
  const d = o.draft ?? {};
  const pile = count(d.optionPile ?? -1) >= 0 && d.optionPile !== undefined
    ? `, pile ${PILES[count(d.optionPile)]}, ${count(d.picksLeft)} pick(s) left` : "";
  return `<section class="match"><h3>Drafting: seat ${count(d.turn)}, ${STEPS[count(d.step)]}${pile}</h3>
    <p>Offer: ${cardList(o.offer, catalogue)}</p></section>`;
}

/** The whole table: round and phase, the piles, each participant's deck, the draft or match. */
export function table(view, catalogue) {
  const o = view.observation.challengers;
  const sets = (o.sets ?? []).map((id) => catalogue.sets.find((s) => s.id === id)?.name ?? id);
  const phase = count(o.phase);
  const piles = PILES.map((name, i) => `${name} ${count(o.pileSizes?.[i])}`).join(" · ");
  const people = (o.participants ?? []).map((_, p) => participant(view, catalogue, p));
  const middle = phase === 1 ? match(view, catalogue) : phase === 3 ? "" : draft(view, catalogue);
  return `<h2>Challengers! · round ${Math.min(count(o.round), count(catalogue.rounds))} · ${PHASES[phase]}</h2>
    <p>Sets: ${escape(sets.join(", "))} · piles ${piles}</p>
    ${middle}
    ${people.join("")}`;
}
