// The play page (advisor/static, served at `/` by the HTTP port) in a real browser: headless
// Chromium (Debian's `chromium`, or $CHROMIUM) driven by playwright-core plays a whole game of
// each game against a bot by clicking the board, asks for a hint, checks each move's grade,
// the other seat's public moves, the end and the review, replays a deal and resumes a game
// after the server restarts on its games file.
// Every wait is for something the page shows (no clock: Playwright's timeouts are off), and the
// browser and server are closed whatever happens. Without Chromium the test skips, except in
// CI (CI=true), where .ci/run installs it. SCREENSHOTS=dir keeps a picture of each game (the
// pytest run sets it to docs/, so the pictures there are the ones this run checked);
// PAGE_BUDGET sets the search iterations (bots, hints, grades, review; default 16: cheap).

import assert from "node:assert/strict";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { chromium, type Browser, type Page } from "playwright-core";
import { startServer, type Server } from "./server.js";

const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
const FOUND = existsSync(CHROMIUM);
if (!FOUND && process.env.CI === "true") throw new Error(`no Chromium at ${CHROMIUM} in CI`);
const SCREENSHOTS = process.env.SCREENSHOTS;
const GRADES = ["best", "good", "inaccuracy", "mistake", "blunder", "decided"];
const BUDGET = Number(process.env.PAGE_BUDGET ?? 16);

let server: Server | undefined;
let browser: Browser | undefined;
const KEPT = mkdtempSync(join(tmpdir(), "page-games-"));
const STORE = join(KEPT, "games.sqlite3");

before(async () => {
  if (!FOUND) return;
  server = await startServer({ store: STORE });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
});

after(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(KEPT, { recursive: true, force: true });
});

/** The server stopped and started again on the same port and games file (the page's origin,
 * and so its list of games, stays the same). */
async function restartServer(): Promise<void> {
  const port = server!.httpPort;
  await server!.stop();
  server = undefined;
  server = await startServer({ store: STORE, httpPort: port });
}

/** Until the page is waiting for a person (or done), failing at once on an error it shows. */
async function settled(page: Page): Promise<string> {
  await page.waitForFunction(() =>
    !["loading", "thinking"].includes(document.getElementById("status")!.dataset.state!));
  const state = await page.locator("#status").getAttribute("data-state");
  assert.notEqual(state, "error", await page.locator("#status").textContent() ?? "");
  return state!;
}

/** Moves chosen by a fixed pseudo-random sequence (the same game every run). */
function chooser(seed: number): (n: number) => number {
  let x = seed;
  return (n) => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x % n;
  };
}

/** Whether nothing on the page is wider than the window (no sideways scrolling). */
async function fitsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
}

/** Marks the board's cards and decks that stand for a legal move now (the page's own
 * matching: a kind of the element and the move's argument) `data-live="yes"`, or "recruit"
 * when one of their moves recruits or picks; the selector of those if any, else of all. */
async function clickable(page: Page): Promise<string> {
  const [live, recruits] = await page.evaluate(() => {
    const moves = Array.from(document.querySelectorAll<HTMLElement>("#moves button.move")).map((b) => b.dataset.notation!);
    const counts = [0, 0];
    for (const e of Array.from(document.querySelectorAll<HTMLElement>("#board [data-kinds][data-arg]"))) {
      const mine = moves.filter((m) => e.dataset.kinds!.split(" ").includes(m.split(":")[0])
        && (m.split(":")[1] ?? "").split(/[+#]/)[0] === e.dataset.arg);
      const recruit = mine.some((m) => m.startsWith("recruit") || m.startsWith("pick"));
      e.dataset.live = recruit ? "recruit" : mine.length ? "yes" : "no";
      counts[0] += mine.length ? 1 : 0;
      counts[1] += recruit ? 1 : 0;
    }
    return counts;
  });
  return recruits ? '#board [data-live="recruit"]' : live ? '#board [data-live="yes"]' : "";
}

/** Take three tokens by clicking them on the board, then confirming the take. */
async function takeByClicking(page: Page, notation: string): Promise<void> {
  for (const letter of notation.split(":")[1]) {
    await page.click(`#board .chip[data-colour="${letter}"]`);
  }
  await page.click(`#choice button.move[data-notation="${notation}"]`);
}

/** The first puzzle from the review's mistakes: the move played and the review's choice are
 * each judged by Evaluate (the game's seed and budget) and the verdict shown; the move played
 * fails and the review's choice solves it, as the review judged them (the same question gets
 * the same answer: the position's main search does not depend on the move judged); then the
 * answer. */
async function solvePuzzle(page: Page): Promise<void> {
  assert.ok(await page.locator(".puzzle-open").count() > 0, "a mistake to learn from");
  await page.locator(".puzzle-open").first().click();
  await page.locator("#puzzle .try").first().waitFor();
  for (const which of ["played", "best"]) {
    const notation = await page.getAttribute("#puzzle", `data-${which}`);
    await page.click(`#puzzle .try[data-notation="${notation}"]`);
    await page.waitForFunction(() => document.getElementById("puzzle-result")!.dataset.solved);
    const verdict = (await page.locator("#puzzle-result").textContent() ?? "").replace(/\s+/g, " ");
    assert.match(verdict, /^(Solved|Not this one): .+ is (best|good|mistake|blunder|decided)/, `the ${which} move`);
    // the same question as the review's gets the review's answer: the move played is not it,
    // the review's choice is
    assert.match(verdict, which === "played" ? /^Not this one/ : /^Solved/);
  }
  await page.click("#puzzle-answer");
  assert.match(await page.locator("#puzzle-result").textContent() ?? "", /The review's choice: \S/);
}

/** The game's record, saved from the analysis board and opened again as a file: every seat's
 * moves reviewed on the board. */
async function reviewTheRecordFile(page: Page): Promise<void> {
  const href = (await page.getAttribute("#record-link", "href"))!;
  const record = decodeURIComponent(href.slice(href.indexOf(",") + 1));
  const moves = (JSON.parse(record) as { moves: unknown[] }).moves.length;
  await page.setInputFiles("#record-file", { name: "game.json", mimeType: "application/json", buffer: Buffer.from(record) });
  await page.waitForFunction(() => document.getElementById("play")!.hidden);  // reviewing from then on
  assert.equal(await settled(page), "reviewed");
  assert.equal(await page.locator("#graph .dot").count(), moves);
  assert.equal(await page.locator("#graph polyline").count(), 2);  // both seats
}

/** Plays a whole game of `title` as seat 0 against a level-3 bot in a window `width` wide,
 * clicking the board whenever a card stands for a legal move, with a screenshot after the
 * person's move number `shotAt`; the person's move count. */
async function playWholeGame(title: string, picture: string, shotAt: number, width: number,
  then: { puzzle?: boolean, recordFile?: boolean } = {}): Promise<number> {
  const context = await browser!.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(0);
  try {
    await page.goto(`${server!.baseUrl}/#token=${server!.token}`);
    assert.equal(await settled(page), "ready");
    await page.selectOption("#game", { label: title });
    await page.selectOption("#players", "2");
    await page.selectOption('select[data-seat="1"]', "3");
    await page.fill("#iterations", String(BUDGET));
    await page.fill("#seed", "11");
    await page.click("#start");
    assert.equal(await settled(page), "your-turn");
    const dealt = await page.locator("#board").textContent();

    // a hint names one of the legal moves shown, marks it on the board and in the list, in view
    await page.click("#hint");
    const hinted = page.locator("#hint-result .hint");
    await hinted.waitFor();
    const notation = await hinted.getAttribute("data-notation");
    const button = page.locator(`#moves button.hinted[data-notation="${notation}"]`);
    assert.equal(await button.count(), 1);
    const inView = await button.evaluate((b) => {
      const box = b.getBoundingClientRect();
      const list = b.closest("#moves")!.getBoundingClientRect();
      return [box.top, box.bottom, list.top, list.bottom, innerHeight];
    });
    assert.ok(inView[0] >= Math.max(0, inView[2]) - 1 && inView[1] <= Math.min(inView[4], inView[3]) + 1,
      `the hinted move is in view: ${inView}`);
    assert.match(await hinted.textContent() ?? "", /win chance \d+%/);

    // the deal's seed deals the same table again
    assert.match(await page.locator("#deal").textContent() ?? "", /Deal seed 11/);
    await page.click("#replay");
    assert.equal(await page.inputValue("#seed"), "11");
    await page.click("#start");
    assert.equal(await settled(page), "your-turn");
    assert.equal(await page.locator("#board").textContent(), dealt);

    const pick = chooser(7);
    let mine = 0;
    let byBoard = 0;
    let tookByClicking = false;
    let trimmed = false;
    for (let state = "your-turn"; state === "your-turn"; mine++) {
      const take = page.locator('#moves button.move[data-notation^="take:"]');
      const done = page.locator('#moves button.move[data-notation="done"]');
      const live = await clickable(page);
      let played: string;
      if (trimmed && await done.count()) {  // one card trimmed a phase: a deck stays playable
        played = (await done.textContent())!.trim();
        await done.click();
        trimmed = false;
      } else if (!tookByClicking && await take.count() && (await take.first().getAttribute("data-notation"))!.length === 8) {
        const chosen = (await take.first().getAttribute("data-notation"))!;
        played = (await take.first().textContent())!.trim();
        await takeByClicking(page, chosen);
        tookByClicking = true;
      } else if (live) {
        // a card standing for a legal move (a recruit if any: shorter games): click it, then
        // its recruit, or any move it offers
        const cards = page.locator(live);
        await cards.nth(pick(await cards.count())).click();
        const offered = page.locator("#choice button.move");
        const recruits = page.locator('#choice button.move[data-notation^="recruit"]');
        const chosen = await recruits.count() ? recruits.first() : offered.nth(pick(await offered.count()));
        played = (await chosen.textContent())!.trim();
        trimmed = (await chosen.getAttribute("data-notation"))!.startsWith("trim");
        await chosen.click();
        byBoard++;
      } else {
        const buttons = page.locator("#moves button.move");
        const chosen = buttons.nth(pick(await buttons.count()));
        played = (await chosen.textContent())!.trim();
        await chosen.click();
      }
      state = await settled(page);
      // the grade of the move just played is shown, with its description
      const grade = page.locator("#grade [data-grade]");
      assert.ok(GRADES.includes((await grade.getAttribute("data-grade"))!));
      assert.ok(played.startsWith((await page.locator("#grade strong").textContent())!.trim()));
      assert.ok(await fitsSideways(page), "the table fits the window");
      if (mine === shotAt && SCREENSHOTS) {
        await page.screenshot({ path: join(SCREENSHOTS, picture), fullPage: true });
      }
    }
    assert.ok(byBoard > 0, "some moves were played by clicking the board");
    assert.equal(await page.locator("#end").isVisible(), true);
    assert.equal(await page.locator(".seat.to-move").count(), 0);
    assert.match(await page.locator("#result").textContent() ?? "", /^(Seat \d wins|A draw|A tie).*Final score: seat 0: \d+/);

    // the analysis board: a point a reviewed move, the turning points to jump to, each
    // showing the position before it with its grade and reasons; the arrow keys step
    await page.click("#review-start");
    assert.equal(await settled(page), "reviewed");
    assert.equal(await page.locator("#graph .dot").count(), mine);
    assert.match(await page.locator("#analysis .accuracy").first().textContent() ?? "", /accuracy \d+/);
    const jump = page.locator("#analysis .jump").first();
    if (await jump.count()) {
      const number = await jump.getAttribute("data-number");
      await jump.click();
      assert.equal(await page.getAttribute("#analysis-move", "data-number"), number);
      assert.equal(await page.locator(`#graph .dot.selected[data-number="${number}"]`).count(), 1);
    }
    const shown = Number(await page.getAttribute("#analysis-move", "data-number"));
    assert.match(await page.locator("#analysis-move .position h2").textContent() ?? "", new RegExp(title.replace("!", "")));
    assert.ok(GRADES.concat("forced").includes((await page.getAttribute("#analysis-move [data-grade]", "data-grade"))!));
    for (const side of await page.locator("#analysis-move li.reason").evaluateAll(
      (items) => items.map((item) => (item as HTMLElement).dataset.favours))) {
      assert.ok(["pro", "con", "neither"].includes(side!), `a reason marked ${side}`);
    }
    // under a move the best is measured better than, the first reason, the win-chance
    // comparison, favours the better move
    if (await page.getAttribute("#analysis-move h3", "data-better") === "true") {
      assert.equal(await page.locator("#analysis-move li.reason").first().getAttribute("data-favours"), "con");
    }
    const last = Number(await page.locator("#graph .dot").last().getAttribute("data-number"));
    await page.keyboard.press(shown === last ? "ArrowLeft" : "ArrowRight");
    assert.notEqual(Number(await page.getAttribute("#analysis-move", "data-number")), shown);
    assert.ok(await fitsSideways(page), "the analysis board fits the window");
    if (then.puzzle) await solvePuzzle(page);
    if (SCREENSHOTS) {
      await page.locator("#analysis").screenshot({ path: join(SCREENSHOTS, picture.replace("play-", "analysis-")) });
    }
    if (then.recordFile) await reviewTheRecordFile(page);
    return mine;
  } finally {
    await context.close();
  }
}

test("a whole Splendor: Marvel game by clicking the board, with a hint, grades, a review and its record",
  { skip: !FOUND && "no Chromium" }, async (t) => {
    const moves = await playWholeGame("Splendor: Marvel", "play-splendor-marvel.png", 5, 1280, { recordFile: true });
    t.diagnostic(`${moves} moves`);
  });

test("a whole Challengers! game on a 390 px phone, with a hint, grades, a review and a puzzle",
  { skip: !FOUND && "no Chromium" }, async (t) => {
    const moves = await playWholeGame("Challengers!", "play-challengers.png", 9, 390, { puzzle: true });
    t.diagnostic(`${moves} moves`);
  });

test("the bot's recruit is named in the log and on the board, and a game resumes from the list after the server restarts",
  { skip: !FOUND && "no Chromium" }, async () => {
    const context = await browser!.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(0);
    try {
      await page.goto(`${server!.baseUrl}/#token=${server!.token}`);
      assert.equal(await settled(page), "ready");
      await page.selectOption("#game", { label: "Splendor: Marvel" });
      await page.selectOption('select[data-seat="1"]', "10");
      await page.fill("#iterations", String(BUDGET));
      await page.fill("#iterations", "5000000");  // out of range: said on the page, not dealt
      await page.click("#start");
      assert.equal(await page.getAttribute("#status", "data-state"), "error");
      assert.match(await page.locator("#status").textContent() ?? "", /budget must be .* from 1 to 2000000/);
      await page.fill("#iterations", String(BUDGET));
      await page.fill("#seed", "3");
      await page.click("#start");
      const recruit = /^seat 1 \(bot\): recruit .+ \(level \d/;
      for (let turn = 0; turn < 40; turn++) {  // take tokens until the bot recruits
        assert.equal(await settled(page), "your-turn");
        const logged = await page.locator('#log li[data-seat="1"]').allTextContents();
        if (logged.some((line) => recruit.test(line.trim()))) break;
        const takes = page.locator('#moves button.move[data-notation^="take"]');
        await (await takes.count() ? takes : page.locator("#moves button.move")).first().click();
      }
      const named = (await page.locator('#log li[data-seat="1"]').allTextContents()).filter((l) => recruit.test(l.trim()));
      assert.ok(named.length > 0, "the bot recruited a card, named in the log");
      const shown = await page.locator('#board #last-moves li[data-seat="1"]').allTextContents();
      assert.ok(shown.some((line) => recruit.test(line.trim())), "and at the top of the board");
      const newest = await page.locator("#log").evaluate((log) => {
        const last = log.lastElementChild!.getBoundingClientRect();
        const box = log.getBoundingClientRect();
        return last.bottom <= box.bottom + 1;
      });
      assert.ok(newest, "the newest move is in view");
      const board = await page.locator("#board").textContent();
      await restartServer();
      await page.reload();
      assert.equal(await settled(page), "ready");
      await page.locator("#games-list button.resume").first().click();
      assert.equal(await settled(page), "your-turn");
      assert.equal(await page.locator("#board").textContent(), board);
    } finally {
      await context.close();
    }
  });
