// The play page: set up a game, play your seat by clicking legal moves, ask for hints, see each
// move's grade, review the game at the end. The page holds only what your seat sees: the full
// state stays in the server's table (advisor/play.py); hints, grades and the review are the
// service's own RPCs on your observation. Drawing a game's table is its module's job (RENDERERS).

import { AdvisorError, play, rpc, setToken, stream } from "./connect.js";
import { escape } from "./html.js";
import * as challengers from "./challengers.js";
import * as splendorMarvel from "./splendor_marvel.js";

/** One renderer per game, by the observation's oneof field: `table(view, catalogue)`. */
const RENDERERS = { splendorMarvel, challengers };

const GRADES = {
  GRADE_BEST: "best", GRADE_GOOD: "good", GRADE_INACCURACY: "inaccuracy",
  GRADE_MISTAKE: "mistake", GRADE_BLUNDER: "blunder",
};

const $ = (id) => document.getElementById(id);
let info;         // GetInfo's answer: the games, their seat counts and catalogues
let current;      // the table as the page last got it (advisor/play.py's view)
let budget;       // the search iterations chosen at set-up

function setStatus(state, text) {
  $("status").dataset.state = state;
  $("status").textContent = text;
}

function showError(error) {
  if (error instanceof AdvisorError && error.code === "unauthenticated") $("token-label").hidden = false;
  setStatus("error", `${error.code ?? "error"}: ${error.message}`);
}

function gameInfo() {
  return info.games.find((g) => g.game === $("game").value);
}

function gradeText(grade) {
  return GRADES[grade] ?? "not graded";
}

/** A judged move's grade for the page: "decided" when the game was, else the grade. */
function gradeOf(assessment) {
  return assessment?.decided ? "decided" : gradeText(assessment?.grade);
}

/** How sure a grade is, in words: "", or " (or best: too close to call)". */
function closeCall(assessment) {
  return assessment?.tooCloseToCall ? ` (or ${gradeText(assessment.closeGrade)}: too close to call)` : "";
}

function percent(p) {
  return `${Math.round((p ?? 0) * 100)}%`;
}

// --- set-up

function fillPlayers() {
  const counts = gameInfo().playerCounts;
  $("players").innerHTML = counts.map((n) => `<option>${n}</option>`).join("");
  fillSeats();
}

function fillSeats() {
  const players = Number($("players").value);
  const rows = [];
  for (let seat = 0; seat < players; seat++) {
    const options = [`<option value="0">you</option>`];
    for (let level = 1; level <= 10; level++) {
      const selected = seat > 0 && level === 5 ? " selected" : "";
      options.push(`<option value="${level}"${selected}>bot, level ${level}</option>`);
    }
    rows.push(`<label>Seat ${seat} <select data-seat="${seat}">${options.join("")}</select></label>`);
  }
  $("seats").innerHTML = "<legend>Who plays each seat</legend>" + rows.join("");
}

async function start(event) {
  event.preventDefault();
  if ($("token").value) setToken($("token").value);
  budget = Number($("iterations").value) || 1000;
  const bots = [...$("seats").querySelectorAll("select")]
    .map((s) => ({ seat: Number(s.dataset.seat), strength: Number(s.value) }))
    .filter((b) => b.strength > 0);
  const newGame = { game: $("game").value, players: Number($("players").value) };
  if ($("seed").value !== "") newGame.seed = $("seed").value;
  setStatus("thinking", "Dealing…");
  try {
    await show(await play("new", { newGame, bots, iterations: budget }));
    $("grade").innerHTML = "";
    $("review").innerHTML = "";
    $("play").hidden = false;
  } catch (error) {
    showError(error);
  }
}

// --- playing

function limits(seed) {
  return { maxIterations: String(budget), seed: String(seed) };
}

async function show(view) {
  current = view;
  const which = Object.keys(view.observation)[0];
  const catalogue = gameInfo()[which];
  $("board").innerHTML = RENDERERS[which].table(view, catalogue);
  $("log").innerHTML = view.moves.map((m) => {
    const who = m.bot ? `seat ${m.seat} (bot)` : `seat ${m.seat}`;
    return `<li value="${m.number}">${who}: ${escape(m.description || m.notation)}</li>`;
  }).join("");
  $("hint-result").innerHTML = "";
  $("moves").innerHTML = "";
  $("end").hidden = !view.over;
  $("turn").hidden = view.over;
  if (view.over) {
    const result = view.summaries.map((s) => `seat ${s.seat ?? 0}: ${s.points ?? 0}`).join(", ");
    $("result").textContent = `Final score: ${result}.`;
    setStatus("over", "Game over: review your moves below.");
    return;
  }
  const legal = await rpc("LegalMoves", { observation: view.observation });
  $("moves").innerHTML = legal.moves.map((m) =>
    `<button type="button" class="move" data-notation="${escape(m.notation)}">${escape(m.description)}</button>`,
  ).join("");
  setStatus("your-turn", `Seat ${view.seat} to move (${legal.moves.length} legal moves).`);
}

async function move(notation) {
  const before = current;
  $("moves").querySelectorAll("button").forEach((b) => { b.disabled = true; });
  setStatus("thinking", "The bots are thinking…");
  const grading = rpc("Evaluate", {
    observation: before.observation, move: { notation }, limits: limits(before.moves.length + 1),
  });
  try {
    const after = await play("move", {
      table: before.table, seat: before.seat, number: before.number, move: notation,
    });
    const judged = await grading;
    showGrade(judged.assessment);
    await show(after);
  } catch (error) {
    showError(error);
    if (error.code === "aborted") await show(await play("view", { table: before.table }));
  }
}

const SIDES = { FAVOURS_MOVE: "pro", FAVOURS_COMPARED: "con" };

/** A reason as a list item marked by the side its fact favours: a pro of the move, a con (the
 * move it is compared with, or the position before, does better), or neither. */
function reasonItem(reason) {
  const side = SIDES[reason.favours] ?? "neither";
  return `<li class="reason ${side}" data-favours="${side}">${escape(reason.text)}</li>`;
}

function reasonsList(reasons) {
  return reasons?.length ? `<ul class="reasons">${reasons.map(reasonItem).join("")}</ul>` : "";
}

function showGrade(assessment) {
  const grade = gradeOf(assessment);
  $("grade").innerHTML = `<h2>Your last move</h2>
    <p><strong>${escape(assessment.move.description)}</strong>:
    <span class="grade ${grade}" data-grade="${grade}">${grade}</span>${closeCall(assessment)}
    (win chance ${percent(assessment.winProbability)}, lost ${percent(assessment.valueLoss)})</p>
    ${reasonsList(assessment.explanations)}`;
}

async function hint() {
  $("hint-result").textContent = "Thinking…";
  try {
    const answer = await rpc("SuggestMove", {
      observation: current.observation, limits: { ...limits(current.moves.length), numCandidates: 3 },
      options: { skipFollowUps: true, judgeCandidates: true },
    });
    const best = answer.bestMove;
    const judged = (answer.judged ?? []).find((j) => j.move.notation === best.notation);
    $("hint-result").innerHTML = `<p class="hint" data-notation="${escape(best.notation)}">
      Try <strong>${escape(best.description)}</strong>
      (win chance ${percent(judged?.winProbability ?? answer.rootWinProbability?.[answer.seat ?? 0])})</p>
      ${reasonsList(judged?.explanations)}`;
    $("moves").querySelector(`[data-notation="${CSS.escape(best.notation)}"]`)?.classList.add("hinted");
  } catch (error) {
    showError(error);
  }
}

// --- review

async function review() {
  const people = [...Array(current.summaries.length).keys()].filter((s) => !(String(s) in current.bots));
  $("review-start").disabled = true;
  setStatus("thinking", "Reviewing…");
  const rows = [];
  let summary;
  try {
    await stream("ReviewGame", { record: current.record, seats: people, limits: limits(0) }, (item) => {
      if (item.move) {
        const m = item.move;
        const grade = m.forced ? "forced" : gradeOf(m.assessment);
        const better = Boolean(m.assessment?.bestMeasuredBetter);
        rows.push(`<tr data-better="${better}"><td>${m.number}</td><td>${m.seat ?? 0}</td><td>${escape(m.move.description)}</td>
          <td class="grade ${grade}">${grade}${closeCall(m.assessment)}</td><td>${escape(betterMove(m))}</td>
          <td>${reasonsList(m.reasons)}</td></tr>`);
        $("review").innerHTML = reviewTable(rows, summary);
      } else {
        summary = item.summary;
      }
    });
    $("review").innerHTML = reviewTable(rows, summary);
    setStatus("reviewed", "Review done.");
  } catch (error) {
    showError(error);
  }
}

// The search's choice where the move lost to it (graded good or worse); nothing beside a move
// graded best, forced, played once the game was decided, or not searched.
function betterMove(m) {
  const better = !m.forced && m.grade && m.grade !== "GRADE_BEST" && m.bestMove?.notation !== m.move.notation;
  return better ? m.bestMove?.description ?? "" : "";
}

function reviewTable(rows, summary) {
  const accuracy = (summary?.seats ?? []).map((s) =>
    `<p class="accuracy">Seat ${s.seat ?? 0}: accuracy ${Math.round(s.accuracy ?? 0)} over ${s.moves ?? 0} moves</p>`);
  return `${accuracy.join("")}<table><thead><tr><th>#</th><th>Seat</th><th>Move</th><th>Grade</th>
    <th>Best</th><th>Why</th></tr></thead><tbody>${rows.join("")}</tbody></table>`;
}

// --- wiring

async function load() {
  setToken(new URLSearchParams(location.hash.slice(1)).get("token") ?? "");
  try {
    info = await rpc("GetInfo", {});
  } catch (error) {
    showError(error);
    return;
  }
  $("game").innerHTML = info.games.map((g) => `<option value="${g.game}">${escape(g.title)}</option>`).join("");
  fillPlayers();
  setStatus("ready", "Choose a game and the seats, then deal.");
}

$("game").addEventListener("change", fillPlayers);
$("players").addEventListener("change", fillSeats);
$("setup").addEventListener("submit", start);
$("hint").addEventListener("click", hint);
$("review-start").addEventListener("click", review);
$("moves").addEventListener("click", (event) => {
  const button = event.target.closest("button.move");
  if (button && !button.disabled) move(button.dataset.notation);
});
load();
