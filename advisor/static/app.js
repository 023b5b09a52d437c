// The play page: set up a game, play your seat by clicking the board or the legal moves, ask
// for hints, see each move's grade, review the game at the end, resume your games. The page
// holds only what your seat sees: the full state stays in the server's table (advisor/play.py,
// kept across restarts); hints, grades and the review are the service's own RPCs on your
// observation, all with the deal's seed (the same question gets the same answer). Drawing a
// game's table is its module's job (RENDERERS).

import { AdvisorError, play, rpc, setToken, stream } from "./connect.js";
import { escape } from "./html.js";
import { detail, graph, judgeTry, positions } from "./analysis.js";
import * as challengers from "./challengers.js";
import * as splendorMarvel from "./splendor_marvel.js";

/** One renderer per game, by the observation's oneof field: `table(view, catalogue)` and
 * `outcome(view, catalogue)`. */
const RENDERERS = { splendorMarvel, challengers };

const GRADES = {
  GRADE_BEST: "best", GRADE_GOOD: "good", GRADE_INACCURACY: "inaccuracy",
  GRADE_MISTAKE: "mistake", GRADE_BLUNDER: "blunder",
};
/** The legal moves' groups, by the notation's first word, in this order. */
const KINDS = {
  recruit: "Recruit", "recruit-reserved": "Recruit from your reserve", reserve: "Reserve",
  blind: "Reserve unseen", take: "Take tokens", take2: "Take two tokens", return: "Return a token",
  location: "Choose a location", opt: "Choose an option", redraw: "Redraw", pick: "Pick",
  trim: "Remove from the deck", top: "To the top", bottom: "To the bottom", exhaust: "Exhaust",
  order: "Order", done: "Done", pass: "Pass",
};
const MOST_SEED = 2n ** 64n - 1n;
const KEPT = "card-advisor.games";
const KEPT_MOST = 20;

const $ = (id) => document.getElementById(id);
let info;         // GetInfo's answer: the games, their seat counts and catalogues, the limits
let current;      // the table as the page last got it (advisor/play.py's view)
let legal = [];   // the legal moves of `current`
let picked = [];  // the token colours clicked so far (letters), for a take

function setStatus(state, text) {
  $("status").dataset.state = state;
  $("status").textContent = text;
}

function showError(error) {
  if (error instanceof AdvisorError && error.code === "unauthenticated") $("token-label").hidden = false;
  setStatus("error", `${error.code ?? "error"}: ${error.message}`);
}

function gameInfo(game = $("game").value) {
  return info.games.find((g) => g.game === game);
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

const kindOf = (notation) => notation.split(":")[0];
const argOf = (notation) => (notation.split(":")[1] ?? "").split(/[+#]/)[0];

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

/** The set-up's budget and seed, or why they are out of range. */
function checked() {
  const most = Number(info.limits?.maxIterations ?? 2000000);
  const budget = Number($("iterations").value);
  if (!Number.isInteger(budget) || budget < 1 || budget > most) {
    return { problem: `The search budget must be a whole number of iterations from 1 to ${most}.` };
  }
  const seed = $("seed").value.trim();
  if (seed !== "" && (!/^\d+$/.test(seed) || BigInt(seed) > MOST_SEED)) {
    return { problem: `The seed must be a whole number from 0 to ${MOST_SEED} (or empty: a random deal).` };
  }
  return { budget, seed };
}

async function start(event) {
  event.preventDefault();
  if ($("token").value) setToken($("token").value);
  const { problem, budget, seed } = checked();
  if (problem) {
    setStatus("error", problem);
    return;
  }
  const bots = [...$("seats").querySelectorAll("select")]
    .map((s) => ({ seat: Number(s.dataset.seat), strength: Number(s.value) }))
    .filter((b) => b.strength > 0);
  const newGame = { game: $("game").value, players: Number($("players").value) };
  if (seed !== "") newGame.seed = seed;
  setStatus("thinking", "Dealing…");
  try {
    await open(await play("new", { newGame, bots, iterations: budget }));
  } catch (error) {
    showError(error);
  }
}

/** Show a table just dealt or resumed. */
async function open(view) {
  $("grade").innerHTML = "";
  $("review").innerHTML = "";
  $("review-start").disabled = false;
  $("analysis").hidden = true;
  $("play").hidden = false;
  await show(view);
}

// --- your games, kept in this browser (the tables themselves are kept by the server)

function keptGames() {
  try {
    return JSON.parse(localStorage.getItem(KEPT) ?? "[]");
  } catch {
    return [];
  }
}

function keep(view) {
  const title = gameInfo(view.newGame.game)?.title ?? view.newGame.game;
  const entry = { table: view.table, title, seed: view.newGame.seed, moves: view.moves.length, over: view.over };
  const games = [entry, ...keptGames().filter((g) => g.table !== view.table)].slice(0, KEPT_MOST);
  localStorage.setItem(KEPT, JSON.stringify(games));
  listGames();
}

function listGames() {
  const games = keptGames();
  $("games").hidden = games.length === 0;
  $("games-list").innerHTML = games.map((g) => `<li>${escape(g.title)}, seed ${escape(g.seed)},
    ${g.moves} moves${g.over ? ", over" : ""}
    <button type="button" class="resume" data-table="${escape(g.table)}">${g.over ? "Review" : "Resume"}</button></li>`).join("");
}

async function resume(table) {
  setStatus("thinking", "Opening your game…");
  try {
    await open(await play("view", { table }));
  } catch (error) {
    if (error.code === "not_found") {
      localStorage.setItem(KEPT, JSON.stringify(keptGames().filter((g) => g.table !== table)));
      listGames();
    }
    showError(error);
  }
}

// --- playing

/** A judgement's limits: the game's budget and the deal's seed, the same for every call of
 * the game (hint, grade, review), whatever the move. */
function limits(game = current) {
  return { maxIterations: String(game.iterations), seed: String(game.newGame.seed ?? "0") };
}

function replayLink(view) {
  const params = new URLSearchParams(location.hash.slice(1));
  params.set("game", view.newGame.game);
  params.set("players", String(view.newGame.players ?? 2));
  params.set("seed", String(view.newGame.seed));
  return `#${params}`;
}

function logLine(m) {
  const who = m.bot ? `seat ${m.seat} (bot)` : `seat ${m.seat}`;
  const hidden = m.notation.includes(":") || m.description ? "" : " <span class=\"none\">(card hidden)</span>";
  return `<li value="${m.number}" data-seat="${m.seat}">${who}: ${escape(m.description || m.notation)}${hidden}</li>`;
}

/** The other seats' moves since this seat's last one, at the top of the board. */
function lastMoves(view) {
  const mine = view.moves.findLastIndex((m) => m.seat === view.seat);
  const since = view.moves.slice(mine + 1);
  return since.length ? `<ol id="last-moves" class="last-moves">${since.map(logLine).join("")}</ol>` : "";
}

async function show(view) {
  current = view;
  picked = [];
  const which = Object.keys(view.observation)[0];
  const catalogue = gameInfo(view.newGame.game)[which];
  $("board").innerHTML = lastMoves(view) + RENDERERS[which].table(view, catalogue);
  $("log").innerHTML = view.moves.map(logLine).join("");
  $("log").scrollTop = $("log").scrollHeight;  // the newest move in view
  $("deal").innerHTML = `Deal seed ${escape(view.newGame.seed)}, ${view.iterations} iterations a search ·
    <a id="replay" href="${escape(replayLink(view))}">replay this deal</a>`;
  $("hint-result").innerHTML = "";
  $("choice").innerHTML = "";
  $("moves").innerHTML = "";
  $("end").hidden = !view.over;
  $("turn").hidden = view.over;
  keep(view);
  if (view.over) {
    $("result").textContent = RENDERERS[which].outcome(view, catalogue);
    setStatus("over", "Game over: review your moves below.");
    return;
  }
  legal = (await rpc("LegalMoves", { observation: view.observation })).moves ?? [];
  $("moves").innerHTML = movesList(legal);
  setStatus("your-turn", `Seat ${view.seat} to move (${legal.length} legal moves): click the board or a move.`);
}

function moveButton(m, same) {
  const label = same > 1 ? `${m.description} (${m.notation})` : m.description;
  return `<button type="button" class="move" data-notation="${escape(m.notation)}">${escape(label)}</button>`;
}

/** The legal moves as buttons grouped by kind; two moves that read the same show their
 * notation too. */
function movesList(moves) {
  const same = new Map();
  for (const m of moves) same.set(m.description, (same.get(m.description) ?? 0) + 1);
  const kinds = [...new Set([...Object.keys(KINDS), ...moves.map((m) => kindOf(m.notation))])];
  return kinds.map((kind) => {
    const group = moves.filter((m) => kindOf(m.notation) === kind);
    if (!group.length) return "";
    return `<div class="group" data-kind="${escape(kind)}"><h3>${escape(KINDS[kind] ?? kind)}</h3>
      ${group.map((m) => moveButton(m, same.get(m.description))).join("")}</div>`;
  }).join("");
}

/** A click on the board: the legal moves the clicked card or deck stands for, offered in the
 * choice box; a token adds its colour to a take, offered once the take is legal. */
function boardClick(element) {
  if (current?.over || !legal.length) return;
  const kinds = element.dataset.kinds.split(" ");
  let moves;
  let title;
  if (element.dataset.colour) {
    const letter = element.dataset.colour;
    picked = picked.includes(letter) && picked.length > 1 ? picked.filter((l) => l !== letter) : [...picked, letter];
    const letters = splendorMarvel.LETTERS.split("").filter((l) => picked.includes(l)).join("");
    const twice = picked.length === 2 && picked[0] === picked[1] ? `take2:${picked[0]}` : null;
    moves = legal.filter((m) => m.notation === (twice ?? `take:${letters}`));
    title = `Tokens picked: ${picked.join(" ")}${moves.length ? "" : " (click more, or another colour)"}`;
  } else {
    picked = [];
    moves = legal.filter((m) => kinds.includes(kindOf(m.notation)) && argOf(m.notation) === element.dataset.arg);
    title = moves.length ? "Play:" : "No legal move with this now.";
  }
  $("choice").innerHTML = `<p>${escape(title)}</p>${moves.map((m) => moveButton(m, 1)).join("")}
    ${picked.length ? `<button type="button" id="clear-take">clear</button>` : ""}`;
  $("choice").scrollIntoView({ block: "nearest" });
}

async function move(notation) {
  const before = current;
  document.querySelectorAll("#moves button, #choice button").forEach((b) => { b.disabled = true; });
  setStatus("thinking", "The bots are thinking…");
  const grading = rpc("Evaluate", { observation: before.observation, move: { notation }, limits: limits() });
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

/** The board's elements a move stands for (its card or deck, or its tokens). */
function onBoard(notation) {
  const kind = kindOf(notation);
  const arg = argOf(notation);
  return [...$("board").querySelectorAll("[data-kinds]")].filter((e) => {
    if (!e.dataset.kinds.split(" ").includes(kind)) return false;
    return e.dataset.colour ? arg.includes(e.dataset.colour) : e.dataset.arg === arg;
  });
}

async function hint() {
  $("hint-result").textContent = "Thinking…";
  try {
    const answer = await rpc("SuggestMove", {
      observation: current.observation, limits: { ...limits(), numCandidates: 3 },
      options: { skipFollowUps: true, judgeCandidates: true },
    });
    const best = answer.bestMove;
    const judged = (answer.judged ?? []).find((j) => j.move.notation === best.notation);
    $("hint-result").innerHTML = `<p class="hint" data-notation="${escape(best.notation)}">
      Try <strong>${escape(best.description)}</strong>
      (win chance ${percent(judged?.winProbability ?? answer.rootWinProbability?.[answer.seat ?? 0])})</p>
      ${reasonsList(judged?.explanations)}`;
    document.querySelectorAll(".hinted").forEach((e) => e.classList.remove("hinted"));
    onBoard(best.notation).forEach((e) => e.classList.add("hinted"));
    const button = $("moves").querySelector(`[data-notation="${CSS.escape(best.notation)}"]`);
    button?.classList.add("hinted");
    button?.scrollIntoView({ block: "center" });
  } catch (error) {
    showError(error);
  }
}

// --- review: the analysis board and the puzzles

let analysis;     // the finished game's review: its moves, their positions, the one selected

async function review() {
  const people = [...Array(current.summaries.length).keys()].filter((s) => !(String(s) in current.bots));
  $("review-start").disabled = true;
  await analyse({ ...current, people });
}

/** Review `game` (a finished table, or a record opened on the page: its record, newGame,
 * iterations, bots and the seats to review, `people`) and show the analysis board. */
async function analyse(game) {
  setStatus("thinking", "Reviewing…");
  const reviews = [];
  let summary;
  try {
    const building = positions(game.record, (seat) => game.people.includes(seat));
    await stream("ReviewGame", { record: game.record, seats: game.people, limits: limits(game) }, (item) => {
      if (item.move) {
        reviews.push(item.move);
        $("review").textContent = `Reviewed ${reviews.length} moves…`;
      } else {
        summary = item.summary;
      }
    });
    const { seen, moves } = await building;
    const which = Object.keys(seen.values().next().value?.observation ?? game.observation ?? {})[0];
    analysis = { reviews, summary, seen, which, view: { ...game, moves }, index: 0 };
    showAnalysis();
    setStatus("reviewed", "Review done: click a point of the graph or use the arrow keys.");
  } catch (error) {
    showError(error);
  }
}

/** Open a record file (a GameRecord in JSON, as `card-advisor-cli play` saves it) on the
 * analysis board: every seat reviewed at the set-up's budget, with the deal's seed. */
async function openRecord(file) {
  let record;
  try {
    record = JSON.parse(await file.text());
  } catch {
    setStatus("error", `${file.name} is not JSON: open a game record (a GameRecord in JSON).`);
    return;
  }
  if (!record?.newGame || record.initialState || record.chanceSeed !== undefined) {
    setStatus("error", "The page reviews records that start from a deal (newGame) without a chance seed, "
      + "as card-advisor-cli play saves them; review others with card-advisor-cli review.");
    return;
  }
  const { problem, budget } = checked();
  if (problem) {
    setStatus("error", problem);
    return;
  }
  const players = Number(record.newGame.players ?? 2);
  $("play").hidden = true;
  await analyse({ record, newGame: record.newGame, iterations: budget, bots: {},
                  people: [...Array(players).keys()], table: null });
}

function showAnalysis() {
  const { reviews, summary } = analysis;
  const turning = (summary?.seats ?? []).flatMap((s) => (s.turningPoints ?? []).map(Number));
  const accuracy = (summary?.seats ?? []).map((s) =>
    `<p class="accuracy">Seat ${s.seat ?? 0}: accuracy ${Math.round(s.accuracy ?? 0)} over ${s.moves ?? 0} moves</p>`);
  const jumps = turning.map((n) => `<button type="button" class="jump" data-number="${n}">move ${n}</button>`);
  $("review").textContent = "";
  $("analysis").hidden = false;
  $("analysis-graph").innerHTML = `${accuracy.join("")}${graph(reviews, analysis.view.moves.length, turning)}
    <p class="turning-points">Turning points: ${jumps.join(" ") || "none"}</p>`;
  const mistakes = reviews.filter((m) => ["GRADE_MISTAKE", "GRADE_BLUNDER"].includes(m.grade));
  $("record-link").href = `data:application/json,${encodeURIComponent(JSON.stringify(analysis.view.record))}`;
  $("puzzles").innerHTML = mistakes.length ? `<h2>Learn from your mistakes</h2>
    ${mistakes.map((m, i) => `<button type="button" class="puzzle-open" data-number="${m.number}">Puzzle ${i + 1}: move ${m.number}</button>`).join(" ")}
    <div id="puzzle"></div>` : "";
  select(0);
}

/** The board as `m`'s seat saw it just before `m`. */
function positionBoard(m) {
  const seen = analysis.seen.get(m.number);
  if (!seen) return "";
  const catalogue = gameInfo(analysis.view.newGame.game)[analysis.which];
  const before = { ...analysis.view, observation: seen.observation, summaries: seen.summaries ?? [],
                   seat: m.seat ?? 0, over: false, moves: analysis.view.moves.slice(0, m.number - 1) };
  return RENDERERS[analysis.which].table(before, catalogue);
}

function select(index) {
  const { reviews } = analysis;
  if (!reviews.length) return;
  analysis.index = Math.max(0, Math.min(reviews.length - 1, index));
  const m = reviews[analysis.index];
  $("analysis-move").innerHTML = detail(m, positionBoard(m), reasonsList(m.reasons));
  $("analysis-move").dataset.number = String(m.number);
  document.querySelectorAll("#graph .dot").forEach((d) => d.classList.toggle("selected", Number(d.dataset.number) === m.number));
}

function selectNumber(number) {
  select(analysis.reviews.findIndex((m) => m.number === number));
}

async function openPuzzle(number) {
  const m = analysis.reviews.find((r) => r.number === number);
  const seen = analysis.seen.get(number);
  const moves = (await rpc("LegalMoves", { observation: seen.observation })).moves ?? [];
  Object.assign($("puzzle").dataset, { number: String(number), played: m.move.notation, best: m.bestMove?.notation ?? "" });
  $("puzzle").innerHTML = `<h3>Move ${number}: you played ${escape(m.move.description)}; find a better move</h3>
    <div class="position">${positionBoard(m)}</div>
    <div class="puzzle-moves">${moves.map((x) => `<button type="button" class="try" data-notation="${escape(x.notation)}">${escape(x.description)}</button>`).join("")}</div>
    <p id="puzzle-result" aria-live="polite"></p>
    <button type="button" id="puzzle-answer">Show the answer</button>`;
  $("puzzle").scrollIntoView({ block: "nearest" });
}

async function tryPuzzle(notation) {
  const number = Number($("puzzle").dataset.number);
  delete $("puzzle-result").dataset.solved;
  $("puzzle-result").textContent = "Judging…";
  const verdict = await judgeTry(analysis.seen.get(number).observation, notation, limits(analysis.view));
  $("puzzle-result").dataset.solved = verdict.solved ? "yes" : "no";
  $("puzzle-result").innerHTML = `${verdict.solved ? "Solved" : "Not this one"}:
    <strong>${escape(verdict.assessment.move.description)}</strong> is
    <span class="grade ${verdict.grade}">${verdict.grade}</span> (win chance ${percent(verdict.assessment.winProbability)})
    ${reasonsList(verdict.assessment.explanations)}`;
}

function showAnswer() {
  const m = analysis.reviews.find((r) => r.number === Number($("puzzle").dataset.number));
  $("puzzle-result").innerHTML = `The review's choice: <strong>${escape(m.bestMove?.description ?? "")}</strong>`;
}

// --- wiring

/** The set-up from the address (#game=…&players=…&seed=…: a "replay this deal" link). */
function fromAddress() {
  const params = new URLSearchParams(location.hash.slice(1));
  setToken(params.get("token") ?? "");
  const game = params.get("game");
  if (game && gameInfo(game) && game !== $("game").value) {
    $("game").value = game;
    fillPlayers();
  }
  const players = params.get("players");
  if (players && players !== $("players").value) {
    $("players").value = players;
    fillSeats();
  }
  if (params.get("seed") !== null) $("seed").value = params.get("seed");
}

async function load() {
  setToken(new URLSearchParams(location.hash.slice(1)).get("token") ?? "");
  try {
    info = await rpc("GetInfo", {});
  } catch (error) {
    showError(error);
    return;
  }
  const challengersGame = info.games.find((g) => g.challengers);
  if (challengersGame) {  // the card effects, written on the cards
    challengersGame.challengers.effects = await fetch("challengers-effects.json").then((r) => r.json()).catch(() => ({}));
  }
  $("game").innerHTML = info.games.map((g) => `<option value="${g.game}">${escape(g.title)}</option>`).join("");
  $("iterations").max = String(info.limits?.maxIterations ?? 2000000);
  fillPlayers();
  fromAddress();
  listGames();
  setStatus("ready", "Choose a game and the seats, then deal.");
}

$("game").addEventListener("change", fillPlayers);
$("players").addEventListener("change", fillSeats);
$("setup").addEventListener("submit", start);
$("hint").addEventListener("click", hint);
$("review-start").addEventListener("click", review);
$("record-file").addEventListener("change", (event) => {
  const [file] = event.target.files;
  if (file) openRecord(file);
  event.target.value = "";
});
window.addEventListener("hashchange", () => {
  if (!info) return;
  fromAddress();
  setStatus("ready", "The deal's game and seed are set: press New game to deal it again.");
  $("setup").scrollIntoView({ block: "nearest" });
});
$("games-list").addEventListener("click", (event) => {
  const button = event.target.closest("button.resume");
  if (button) resume(button.dataset.table);
});
for (const panel of ["moves", "choice"]) {
  $(panel).addEventListener("click", (event) => {
    const button = event.target.closest("button.move");
    if (button && !button.disabled) move(button.dataset.notation);
    if (event.target.id === "clear-take") {
      picked = [];
      $("choice").innerHTML = "";
    }
  });
}
$("analysis").addEventListener("click", (event) => {
  const target = event.target.closest("[data-number], button");
  if (!target) return;
  if (target.matches(".dot, .jump")) selectNumber(Number(target.dataset.number));
  else if (target.matches(".puzzle-open")) openPuzzle(Number(target.dataset.number)).catch(showError);
  else if (target.matches(".try")) tryPuzzle(target.dataset.notation).catch(showError);
  else if (target.id === "puzzle-answer") showAnswer();
});
document.addEventListener("keydown", (event) => {
  if ($("analysis").hidden || !analysis || event.target.closest?.("input, select, textarea")) return;
  if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
    event.preventDefault();
    select(analysis.index + (event.key === "ArrowRight" ? 1 : -1));
  }
});
$("board").addEventListener("click", (event) => {
  const element = event.target.closest("[data-kinds]");
  if (element) boardClick(element);
});
$("board").addEventListener("keydown", (event) => {
  const element = event.target.closest?.("[data-kinds]");
  if (element && (event.key === "Enter" || event.key === " ")) {
    event.preventDefault();
    boardClick(element);
  }
});
load();
