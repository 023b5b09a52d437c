// The analysis board of a finished game: ReviewGame's judgement of each reviewed move drawn as
// a win-chance graph per seat (hand-drawn SVG: one polyline a seat, a dot a move, mistakes and
// blunders coloured, turning points ringed), and, for the selected move (a click on its dot,
// the arrow keys, a turning point's button), the board as its seat saw it just before, the
// move played, the best move, the grade and the reasons. The positions are rebuilt from the
// record (NewGame, ApplyMove, Observe: the game is over, nothing in it is secret any more).
// Each of your mistakes and blunders is also a puzzle: find a better move, judged by Evaluate.

import { rpc } from "./connect.js";
import { escape } from "./html.js";

const WIDTH = 800;
const HEIGHT = 160;
const SEAT_COLOURS = ["#2a6fd0", "#c62828", "#2e8b3c", "#7b3fa8"];
const GRADES = {
  GRADE_BEST: "best", GRADE_GOOD: "good", GRADE_INACCURACY: "inaccuracy",
  GRADE_MISTAKE: "mistake", GRADE_BLUNDER: "blunder",
};

/** A reviewed move's grade: forced, "decided" when the game already was, else the grade. */
const gradeOf = (m) => m.forced ? "forced" : m.assessment?.decided ? "decided" : GRADES[m.grade] ?? "not graded";
/** How sure a grade is, in words: "", or " (or best: too close to call)". */
const closeCall = (a) => a?.tooCloseToCall ? ` (or ${GRADES[a.closeGrade] ?? "not graded"}: too close to call)` : "";
const percent = (p) => `${Math.round((p ?? 0) * 100)}%`;

/** The record replayed: its moves with the seat that played each (`{number, seat,
 * notation, description}`), and the position before each move of a seat `wanted(seat)` as that
 * seat saw it (number → ObserveResponse). */
export async function positions(record, wanted) {
  const seen = new Map();
  const moves = [];
  let state = (await rpc("NewGame", record.newGame)).state;
  for (const [i, move] of (record.moves ?? []).entries()) {
    const legal = await rpc("LegalMoves", { state });
    const seat = legal.seat ?? 0;
    const known = (legal.moves ?? []).find((m) => m.notation === move.notation);
    moves.push({ number: i + 1, seat, notation: move.notation, description: known?.description ?? move.notation });
    if (wanted(seat)) seen.set(i + 1, await rpc("Observe", { state, seat }));
    state = (await rpc("ApplyMove", { state, move })).state;
  }
  return { seen, moves };
}

/** The graph: x the move number, y the seat's win chance before its move. */
export function graph(reviews, total, turning) {
  const x = (n) => (n - 0.5) * (WIDTH / Math.max(total, 1));
  const y = (p) => HEIGHT - (p ?? 0) * HEIGHT;
  const seats = [...new Set(reviews.map((m) => m.seat ?? 0))];
  const lines = seats.map((s) => {
    const points = reviews.filter((m) => (m.seat ?? 0) === s)
      .map((m) => `${x(m.number).toFixed(1)},${y(m.winProbabilityBefore).toFixed(1)}`);
    return `<polyline points="${points.join(" ")}" fill="none" stroke="${SEAT_COLOURS[s % 4]}" stroke-width="2"/>`;
  });
  const dots = reviews.map((m) => {
    const ring = turning.includes(m.number)
      ? `<circle cx="${x(m.number)}" cy="${y(m.winProbabilityBefore)}" r="9" class="turning"/>` : "";
    return `${ring}<circle cx="${x(m.number)}" cy="${y(m.winProbabilityBefore)}" r="5"
      class="dot ${gradeOf(m)}" data-number="${m.number}" fill="${SEAT_COLOURS[(m.seat ?? 0) % 4]}">
      <title>move ${m.number}: ${escape(m.move.description)} (${gradeOf(m)})</title></circle>`;
  });
  const half = `<line x1="0" x2="${WIDTH}" y1="${HEIGHT / 2}" y2="${HEIGHT / 2}" class="half"/>`;
  const legend = seats.map((s) => `<span style="color:${SEAT_COLOURS[s % 4]}">■ seat ${s}</span>`).join(" ");
  return `<p class="legend">Win chance before each reviewed move: ${legend} · ringed: turning points ·
    red dots: blunders, orange: mistakes</p>
    <svg id="graph" viewBox="-10 -10 ${WIDTH + 20} ${HEIGHT + 20}" role="img"
      aria-label="win chance per move">${half}${lines.join("")}${dots.join("")}</svg>`;
}

/** One move's panel: the position's board, the move, the best move, the grade, the reasons. */
export function detail(m, board, reasons) {
  const grade = gradeOf(m);
  // the search's choice where it measured it better (graded good or worse)
  const better = !m.forced && m.grade && m.grade !== "GRADE_BEST" && m.bestMove && m.bestMove.notation !== m.move.notation;
  const best = better ? `<p>Best: <strong>${escape(m.bestMove.description)}</strong></p>` : "";
  const measured = Boolean(m.assessment?.bestMeasuredBetter);
  return `<h3 data-better="${measured}">Move ${m.number}, seat ${m.seat ?? 0}: ${escape(m.move.description)}
    <span class="grade ${grade}" data-grade="${grade}">${grade}</span>${closeCall(m.assessment)}</h3>
    <p>Win chance ${percent(m.winProbabilityBefore)} before, ${percent(m.winProbabilityAfter)} after
      (lost ${percent(m.valueLoss)})</p>${best}${reasons}
    <div class="position">${board}</div>`;
}

/** A puzzle's try: Evaluate's judgement of `notation` in the position, with the game's
 * limits; solved when it is graded best or good. */
export async function judgeTry(observation, notation, limits) {
  const judged = await rpc("Evaluate", { observation, move: { notation }, limits });
  const grade = judged.assessment.decided ? "decided" : GRADES[judged.assessment.grade] ?? "not graded";
  return { grade, solved: grade === "best" || grade === "good", assessment: judged.assessment };
}
