// Challengers!'s table as one seat sees it, from its observation (ChallengersObservation in
// JSON), the public summaries and the catalogue GetInfo gives (ChallengersCatalogue).
// A card is its catalogue index; -1 is a card this seat cannot see. A card that can be clicked
// says which moves it stands for: `data-kinds` (notation words) and `data-arg` (its key).

import { count, escape } from "./html.js";

const PHASES = ["deck phase", "match", "final trim", "over"];
const PILES = ["A", "B", "C"];
const STEPS = ["choose an option", "pick cards", "take the extra card", "trim the deck"];
/** The tournament plan (rules: the draft schedule), by round. */
const SCHEDULE = ["2 from A", "2 from A", "2 from A or 1 from B", "2 from A or 2 from B",
  "2 from B", "2 from B or 1 from C", "2 from C"];

function who(view, p) {
  const o = view.observation.challengers;
  if (p >= count(o.players)) return "robot";
  if (p === view.seat) return "you";
  return p in view.bots ? `bot, level ${view.bots[p]}` : "person";
}

function name(view, p) {
  return `${p < count(view.observation.challengers.players) ? `Seat ${p}` : "Robot"} (${who(view, p)})`;
}

/** One card with its level, power and effect written on it; `kinds` the moves a click offers. */
function oneCard(i, catalogue, copies = 1, kinds = "") {
  const c = catalogue.cards[i];
  const power = count(c.power) < 0 ? "round" : count(c.power);
  const click = kinds ? ` data-kinds="${kinds}" data-arg="${escape(c.key)}" role="button" tabindex="0"` : "";
  const text = catalogue.effects?.[c.id];
  const effect = text ? `<small class="effect">${escape(text)}</small>` : "";
  return `<span class="ccard level-${escape(c.level)}" data-card="${i}"${click}>
    <b>${escape(c.name)}</b> <small>${escape(c.level)} · power ${power}</small>${copies > 1 ? ` ×${copies}` : ""}${effect}</span>`;
}

/** Cards by name with copies counted, unseen ones last: "Cow x2, Talent, 3 unseen". */
function cardList(indices, catalogue, kinds = "") {
  const counts = new Map();
  let unseen = 0;
  for (const i of indices ?? []) {
    if (i < 0) unseen += 1;
    else counts.set(i, (counts.get(i) ?? 0) + 1);
  }
  const shown = [...counts].map(([i, n]) => oneCard(i, catalogue, n, kinds));
  if (unseen) shown.push(`<span class="ccard hidden">${unseen} unseen</span>`);
  return shown.join(" ") || `<span class="none">none</span>`;
}

/** The cards in order, one by one (a match's cards in play). */
function cardRow(indices, catalogue) {
  return (indices ?? []).map((i) => i < 0 ? `<span class="ccard hidden">unseen</span>` : oneCard(i, catalogue)).join(" ")
    || `<span class="none">none</span>`;
}

function participant(view, catalogue, p) {
  const o = view.observation.challengers;
  const part = o.participants?.[p] ?? {};
  const summary = view.summaries.find((x) => count(x.seat) === p);
  const fans = summary ? count(summary.points) : count(part.fans);
  const mine = p === view.seat;
  const inMatch = count(o.phase) === 1 && [count(o.match?.sideA), count(o.match?.sideB)].includes(p);
  const deck = inMatch ? `deck: in the match below` : `${mine ? "your deck" : "deck as last revealed"}:
    ${cardList(part.deck, catalogue, mine ? "trim" : "")}`;
  return `<section class="seat" data-seat="${p}">
    <h3>${name(view, p)}: ${fans} fans, ${(part.trophies ?? []).length} trophies</h3>
    <p>${deck}</p></section>`;
}

/** The match card by card: who attacks, the cards in play with their attack, the flag, the
 * benches, the draw piles, and who lost once it is decided. */
function match(view, catalogue) {
  const o = view.observation.challengers;
  const m = o.match ?? {};
  const attacker = count(m.attacker);
  const sides = [count(m.sideA), count(m.sideB)].map((p) => {
    const part = o.participants?.[p] ?? {};
    const role = p === attacker ? "attacks" : "holds the flag";
    const attack = (part.playAttack ?? []).length ? ` (attack ${(part.playAttack ?? []).map(count).join(" + ")})` : "";
    const bench = (part.bench ?? []).map((b) => cardList(b.cards, catalogue)).join(" | ");
    const known = (part.draw ?? []).filter((d) => count(d.card) >= 0 && d.ownerKnows && d.opponentKnows).length;
    return `<div class="side" data-seat="${p}"><p><b>${name(view, p)} ${role}</b>${attack}</p>
      <p>in play: ${cardRow(part.inPlay, catalogue)}</p>
      <p>bench: ${bench || "empty"} · draw pile ${(part.draw ?? []).length} cards (${known} known to both)
      · exhausted ${cardList(part.exhaust, catalogue)}</p></div>`;
  });
  const loser = m.loser !== undefined && count(m.loser) >= 0 ? `<p><b>${name(view, count(m.loser))} lost the match.</b></p>` : "";
  return `<section class="match"><h3>Match in park ${count(m.park) + 1} · ${trophy(view, count(m.park))}</h3>
    ${sides.join("")}${loser}</section>`;
}

/** The round's trophy: its fans where this seat can see them. */
function trophy(view, park) {
  const o = view.observation.challengers;
  const row = (o.trophyFans?.[Math.max(count(o.round), 1) - 1]?.cards ?? []).map(count);
  if (park !== undefined && row[park] !== undefined && row[park] >= 0) return `trophy worth ${row[park]} fans`;
  const known = row.filter((n) => n >= 0);
  if (known.length === 1) return `this round's trophy: ${known[0]} fans`;  // 2 players: one, public
  const shown = row.map((n) => n >= 0 ? String(n) : "?");
  return shown.length ? `trophies this round: ${shown.join(", ")} fans` : "trophies hidden";
}

function draft(view, catalogue) {
  const o = view.observation.challengers;
  const d = o.draft ?? {};
  const round = Math.max(count(o.round), 1);
  const chosen = d.optionPile !== undefined && count(d.optionPile) >= 0;
  const pile = chosen ? ` · pile ${PILES[count(d.optionPile)]}, ${count(d.picksLeft)} pick(s) left` : "";
  const redraw = d.redrawUsed ? "redraw used" : "a redraw left";
  const mine = count(d.turn) === view.seat;
  return `<section class="match"><h3>Drafting: ${name(view, count(d.turn))}, ${STEPS[count(d.step)]}${pile} · ${redraw}</h3>
    <p class="schedule">Round ${round} of ${count(catalogue.rounds)}: ${SCHEDULE[round - 1] ?? ""}; next
      ${SCHEDULE.slice(round).map((s, i) => `round ${round + i + 1}: ${s}`).join(" · ") || "the end"} · ${trophy(view)}</p>
    <p>Offer: ${cardList(o.offer, catalogue, mine ? "pick" : "")}</p></section>`;
}

/** The whole table: round and phase, the piles, the draft or match, each participant. */
export function table(view, catalogue) {
  const o = view.observation.challengers;
  const sets = (o.sets ?? []).map((id) => catalogue.sets.find((s) => s.id === id)?.name ?? id);
  const phase = count(o.phase);
  const piles = PILES.map((p, i) => `${p} ${count(o.pileSizes?.[i])}`).join(" · ");
  const people = (o.participants ?? []).map((_, p) => participant(view, catalogue, p));
  const middle = phase === 1 ? match(view, catalogue) : phase === 3 ? "" : draft(view, catalogue);
  return `<h2>Challengers! · round ${Math.min(count(o.round), count(catalogue.rounds))} · ${PHASES[phase]}</h2>
    <p>Sets: ${escape(sets.join(", "))} · piles ${piles}</p>
    ${middle}
    ${people.join("")}`;
}

/** The game's end: who won and why. */
export function outcome(view, catalogue) {
  const o = view.observation.challengers;
  const shares = (o.result?.perSeat ?? []).map(Number);
  const best = Math.max(...shares);
  const winners = shares.map((x, s) => [x, s]).filter(([x]) => x === best && x > 0).map(([, s]) => s);
  const fans = view.summaries.map((x) => [count(x.seat), count(x.points)]);
  const score = fans.map(([s, n]) => `seat ${s}: ${n} fans`).join(", ");
  const sorted = fans.map(([, n]) => n).sort((a, b) => b - a);
  const round = count(o.round);
  const lead = sorted.length > 1 ? sorted[0] - sorted[1] : 0;
  const finalists = (o.finalists ?? []).length ? "won the final" : round < count(catalogue.rounds) && lead >= 11
    ? `led by ${lead} fans after round ${round} (11 or more wins at once)` : "had the most fans after the last round";
  const who = winners.length === 1 ? `Seat ${winners[0]} wins: ${finalists}` : "A tie";
  return `${who}. Final score: ${score}.`;
}
