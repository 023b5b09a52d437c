// Splendor: Marvel's table as one seat sees it, from its observation (SplendorObservation in
// JSON), the public summaries and the catalogue GetInfo gives (SplendorCatalogue).
// What can be clicked says which moves it stands for: `data-kinds` (the notation's words) and
// `data-arg` (its argument: a card id, a deck level) or `data-colour` (a token's letter).

import { count, escape } from "./html.js";

const COLOURS = ["yellow", "purple", "blue", "red", "orange", "green", "grey"];
/** The notation's colour letters, in COLOURS' order. */
export const LETTERS = "YPBROGS";
const STONES = {
  yellow: "Mind", purple: "Power", blue: "Space", red: "Reality", orange: "Soul",
  green: "Time", grey: "S.H.I.E.L.D.",
};
const BONUS = {
  SPLENDOR_COLOUR_YELLOW: "yellow", SPLENDOR_COLOUR_PURPLE: "purple",
  SPLENDOR_COLOUR_BLUE: "blue", SPLENDOR_COLOUR_RED: "red", SPLENDOR_COLOUR_ORANGE: "orange",
  SPLENDOR_COLOUR_GREEN: "green", SPLENDOR_COLOUR_GREY: "grey",
};

/** Coloured chips, one per colour with a non-zero count: "3 Mind", "1 Space"... With
 * `clickable`, each chip stands for taking that colour. */
function chips(amounts, colours = COLOURS, clickable = false) {
  const shown = colours.filter((c) => count(amounts?.[c]) > 0).map((c) => {
    const take = clickable && c !== "green" && c !== "grey"
      ? ` data-kinds="take take2" data-colour="${LETTERS[COLOURS.indexOf(c)]}" role="button" tabindex="0"` : "";
    return `<span class="chip ${c}" title="${STONES[c]}"${take}>${count(amounts[c])}</span>`;
  });
  return shown.join("") || `<span class="none">none</span>`;
}

/** A card; `kinds` the moves a click on it offers, `label` a line above its name. */
function card(id, cards, kinds = "", label = "") {
  const c = cards.get(id);
  if (!c) return `<div class="card hidden">${label ? `<div class="label">${label}</div>` : ""}unseen card</div>`;
  const bonus = BONUS[c.bonus] ?? "none";
  const points = count(c.points) ? `<b>${count(c.points)} IP</b>` : "";
  const tags = count(c.avengersTags) ? ` <span class="tags" title="Avengers tags">A${count(c.avengersTags)}</span>` : "";
  const click = kinds ? ` data-kinds="${kinds}" data-arg="${id}" role="button" tabindex="0"` : "";
  return `<div class="card ${bonus}" data-card="${id}"${click}>
    ${label ? `<div class="label">${label}</div>` : ""}<div class="name">${escape(c.name)}</div>
    <div>${points}${tags} <span class="bonus">${STONES[bonus] ?? ""}</span></div>
    <div class="cost">${chips(c.cost, COLOURS.slice(0, 5))}</div></div>`;
}

function locationName(label, catalogue) {
  const l = catalogue.locations.find((x) => x.label === label);
  return l ? `${l.name} (${count(l.points)} IP)` : label;
}

function seat(view, catalogue, cards, s) {
  const o = view.observation.splendorMarvel;
  const player = o.players?.[s] ?? {};
  const summary = view.summaries.find((x) => count(x.seat) === s) ?? {};
  const own = summary.splendorMarvel ?? {};
  const who = s === view.seat ? "you" : s in view.bots ? `bot, level ${view.bots[s]}` : "person";
  const reserved = (player.reserved ?? []).map((r) => {
    const label = r.public ? "reserved face up" : `reserved unseen, level ${count(r.level)}`;
    return count(r.card)
      ? card(count(r.card), cards, s === view.seat ? "recruit-reserved" : "", label)
      : `<div class="card hidden"><div class="label">${label}</div>unseen card</div>`;
  });
  const extras = [
    count(own.avengersTags) ? `${count(own.avengersTags)} Avengers tags` : "",
    own.hasAvengersTile ? "holds the Avengers Assemble tile" : "",
    (player.locationsWon ?? []).length
      ? `locations: ${player.locationsWon.map((l) => locationName(l, catalogue)).join(", ")}` : "",
    own.meetsGauntlet ? "meets the Infinity Gauntlet condition" : "",
  ].filter(Boolean).join(" · ");
  const turn = !view.over && count(o.currentSeat) === s ? " to-move" : "";
  return `<section class="seat${turn}" data-seat="${s}">
    <h3>Seat ${s} (${who}): ${count(summary.points)} Infinity Points</h3>
    <p>Tokens ${chips(player.tokens)} · bonuses ${chips(own.bonuses, COLOURS.slice(0, 5))}
      · cards ${count(own.cards)}${extras ? ` · ${escape(extras)}` : ""}</p>
    ${reserved.length ? `<div class="row">${reserved.join("")}</div>` : ""}</section>`;
}

/** Who leads for the Avengers Assemble tile: its holder, else the most tags so far. */
function avengers(view, catalogue) {
  const o = view.observation.splendorMarvel;
  const tags = view.summaries.map((x) => [count(x.seat), count(x.splendorMarvel?.avengersTags)]);
  const most = Math.max(0, ...tags.map(([, n]) => n));
  const leaders = tags.filter(([, n]) => n === most && n > 0).map(([s]) => `seat ${s}`);
  const holder = o.avengersSeat !== undefined ? `held by seat ${count(o.avengersSeat)}`
    : leaders.length ? `nobody holds it yet; most tags: ${leaders.join(", ")} (${most})` : "nobody holds it yet";
  return `Avengers Assemble tile (${count(catalogue.avengersTilePoints)} IP): the first seat with
    ${count(catalogue.avengersTagsNeeded)} Avengers tags (A<i>n</i> on a card: <i>n</i> tags) takes it, and a
    seat with more takes it over; ${holder}.`;
}

/** The whole table: the goal, the supply, the board by level, the locations, each seat. */
export function table(view, catalogue) {
  const o = view.observation.splendorMarvel;
  const cards = new Map(catalogue.cards.map((c) => [count(c.id), c]));
  const board = o.board ?? [];
  const rows = [3, 2, 1].map((level) => {
    const slots = board.slice((level - 1) * 4, level * 4).filter((id) => count(id) > 0);
    return `<div class="level"><span class="deck" data-kinds="blind" data-arg="${level}" role="button" tabindex="0"
      title="Reserve the top card unseen">Level ${level}, ${count(o.deckSizes?.[level - 1])} in deck</span>
      <div class="row">${slots.map((id) => card(count(id), cards, "recruit reserve")).join("")}</div></div>`;
  });
  const locations = (o.locationsLeft ?? []).map((label) => {
    const l = catalogue.locations.find((x) => x.label === label);
    return `<span class="location">${escape(l?.name ?? label)} (${count(l?.points)} IP:
      ${chips(l?.requires, COLOURS.slice(0, 5))})</span>`;
  });
  const seats = (o.players ?? []).map((_, s) => seat(view, catalogue, cards, s));
  const phase = { SPLENDOR_PHASE_RETURN: " · return tokens down to 10",
                  SPLENDOR_PHASE_LOCATION: " · choose a location" }[o.phase] ?? "";
  return `<h2>Splendor: Marvel · round ${count(o.round) + 1}${phase}${o.endTriggered ? " · last round" : ""}</h2>
    <p class="goal">To win: the Infinity Gauntlet, ${count(catalogue.gauntletPoints)}+ Infinity Points (IP),
      a bonus of every colour and a green (Time) token; the round is then played out, and of the seats that
      meet it then, the most IP wins.</p>
    <p class="goal">${avengers(view, catalogue)}</p>
    <p>Supply ${chips(o.supply, COLOURS, true)} <span class="note">(click tokens to take them)</span></p>
    ${rows.join("")}
    <p class="locations">Locations: ${locations.join(" ") || "none left"}</p>
    ${seats.join("")}`;
}

/** The game's end: who won and why. */
export function outcome(view, catalogue) {
  const o = view.observation.splendorMarvel;
  const shares = o.result ?? [];
  const best = Math.max(...shares);
  const winners = shares.map((x, s) => [x, s]).filter(([x]) => x === best && x > 0).map(([, s]) => s);
  const points = view.summaries.map((x) => `seat ${count(x.seat)}: ${count(x.points)} IP`).join(", ");
  const gauntlet = view.summaries.filter((x) => x.splendorMarvel?.meetsGauntlet).map((x) => `seat ${count(x.seat)}`);
  const why = gauntlet.length
    ? `${gauntlet.join(" and ")} met the Infinity Gauntlet condition (${count(catalogue.gauntletPoints)}+ IP, every bonus colour, a green token); of those, the most IP wins`
    : "nobody met the Infinity Gauntlet condition before the round cap";
  const who = winners.length === 1 ? `Seat ${winners[0]} wins` : winners.length ? `A draw between seats ${winners.join(", ")}` : "A draw";
  return `${who}: ${why}. Final score: ${points}.`;
}
