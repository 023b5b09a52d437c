// Splendor: Marvel's table as one seat sees it, from its observation (SplendorObservation in
// JSON), the public summaries and the catalogue GetInfo gives (SplendorCatalogue).

import { count, escape } from "./html.js";

const COLOURS = ["yellow", "purple", "blue", "red", "orange", "green", "grey"];
const STONES = {
  yellow: "Mind", purple: "Power", blue: "Space", red: "Reality", orange: "Soul",
  green: "Time", grey: "S.H.I.E.L.D.",
};
const BONUS = {
  SPLENDOR_COLOUR_YELLOW: "yellow", SPLENDOR_COLOUR_PURPLE: "purple",
  SPLENDOR_COLOUR_BLUE: "blue", SPLENDOR_COLOUR_RED: "red", SPLENDOR_COLOUR_ORANGE: "orange",
  SPLENDOR_COLOUR_GREEN: "green", SPLENDOR_COLOUR_GREY: "grey",
};

/** Coloured chips, one per colour with a non-zero count: "3 Mind", "1 Space"... */
function chips(amounts, colours = COLOURS) {
  const shown = colours.filter((c) => count(amounts?.[c]) > 0)
    .map((c) => `<span class="chip ${c}" title="${STONES[c]}">${count(amounts[c])}</span>`);
  return shown.join("") || `<span class="none">none</span>`;
}

function card(id, cards) {
  const c = cards.get(id);
  if (!c) return `<div class="card hidden">unseen card</div>`;
  const bonus = BONUS[c.bonus] ?? "none";
  const points = count(c.points) ? `<b>${count(c.points)} IP</b>` : "";
  const tags = count(c.avengersTags) ? ` <span title="Avengers tags">A${count(c.avengersTags)}</span>` : "";
  return `<div class="card ${bonus}" data-card="${id}">
    <div class="name">${escape(c.name)}</div>
    <div>${points}${tags} <span class="bonus">${STONES[bonus] ?? ""}</span></div>
    <div class="cost">${chips(c.cost, COLOURS.slice(0, 5))}</div></div>`;
}

function seat(view, catalogue, cards, s) {
  const o = view.observation.splendorMarvel;
  const player = o.players?.[s] ?? {};
  const summary = view.summaries.find((x) => count(x.seat) === s) ?? {};
  const own = summary.splendorMarvel ?? {};
  const who = s === view.seat ? "you" : s in view.bots ? `bot, level ${view.bots[s]}` : "person";
  const reserved = (player.reserved ?? []).map((r) => count(r.card)
    ? card(count(r.card), cards) : `<div class="card hidden">reserved, level ${count(r.level)}</div>`);
  const extras = [
    count(own.avengersTags) ? `${count(own.avengersTags)} Avengers tags` : "",
    count(o.avengersSeat) === s && o.avengersSeat !== undefined ? "holds Avengers Assemble" : "",
    (player.locationsWon ?? []).length ? `locations ${player.locationsWon.join(", ")}` : "",
  ].filter(Boolean).join("; ");
  const turn = count(o.currentSeat) === s ? " to-move" : "";
  return `<section class="seat${turn}" data-seat="${s}">
    <h3>Seat ${s} (${who}): ${count(summary.points)} Infinity Points</h3>
    <p>Tokens ${chips(player.tokens)} · bonuses ${chips(own.bonuses, COLOURS.slice(0, 5))}
      · cards ${count(own.cards)}${extras ? ` · ${escape(extras)}` : ""}</p>
    ${reserved.length ? `<div class="row">${reserved.join("")}</div>` : ""}</section>`;
}

/** The whole table: the supply, the board by level, the locations, each seat. */
export function table(view, catalogue) {
  const o = view.observation.splendorMarvel;
  const cards = new Map(catalogue.cards.map((c) => [count(c.id), c]));
  const board = o.board ?? [];
  const rows = [3, 2, 1].map((level) => {
    const slots = board.slice((level - 1) * 4, level * 4).filter((id) => count(id) > 0);
    return `<div class="level"><span class="deck">Level ${level}, ${count(o.deckSizes?.[level - 1])} in deck</span>
      <div class="row">${slots.map((id) => card(count(id), cards)).join("")}</div></div>`;
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
    <p>Supply ${chips(o.supply)}</p>
    ${rows.join("")}
    <p class="locations">Locations: ${locations.join(" ") || "none left"}</p>
    ${seats.join("")}`;
}
