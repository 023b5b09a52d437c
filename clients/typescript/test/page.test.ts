// The play page (advisor/static, served at `/` by the HTTP port) in a real browser: headless
// Chromium (Debian's `chromium`, or $CHROMIUM) driven by playwright-core plays a whole game of
// each game against a bot, asks for a hint, checks each move's grade and reviews the game.
// Every wait is for something the page shows (no clock: Playwright's timeouts are off), and the
// browser and server are closed whatever happens. Without Chromium the test skips, except in
// CI (CI=true), where .ci/run installs it. SCREENSHOTS=dir keeps a picture of each game;
// PAGE_BUDGET sets the search iterations (bots, hints, grades, review; default 16: cheap).

import assert from "node:assert/strict";
import { existsSync } from "node:fs";
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

before(async () => {
  if (!FOUND) return;
  server = await startServer();
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

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

/** Plays a whole game of `title` as seat 0 against a level-3 bot, with a screenshot after the
 * person's move number `shotAt`; the person's move count. */
async function playWholeGame(title: string, picture: string, shotAt: number): Promise<number> {
  const page = await browser!.newPage({ viewport: { width: 1280, height: 900 } });
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

    // a hint names one of the legal moves shown, with its win chance
    await page.click("#hint");
    const hinted = page.locator("#hint-result .hint");
    await hinted.waitFor();
    const notation = await hinted.getAttribute("data-notation");
    assert.equal(await page.locator(`#moves button[data-notation="${notation}"]`).count(), 1);
    assert.match(await hinted.textContent() ?? "", /win chance \d+%/);

    const pick = chooser(7);
    let mine = 0;
    for (let state = "your-turn"; state === "your-turn"; mine++) {
      // a card recruited when one can be (a shorter game), else any legal move
      const recruits = page.locator("#moves button.move", { hasText: /^recruit/ });
      const buttons = await recruits.count() ? recruits : page.locator("#moves button.move");
      const button = buttons.nth(pick(await buttons.count()));
      const played = (await button.textContent())!.trim();
      await button.click();
      state = await settled(page);
      // the grade of the move just played is shown, with its description
      const grade = page.locator("#grade [data-grade]");
      assert.ok(GRADES.includes((await grade.getAttribute("data-grade"))!));
      assert.equal((await page.locator("#grade strong").textContent())!.trim(), played);
      if (mine === shotAt && SCREENSHOTS) {
        await page.screenshot({ path: join(SCREENSHOTS, picture), fullPage: true });
      }
    }
    assert.equal(await page.locator("#end").isVisible(), true);
    assert.match(await page.locator("#result").textContent() ?? "", /Final score: seat 0: \d+/);

    // the review grades every move of the person's seat, with the seat's accuracy
    await page.click("#review-start");
    assert.equal(await settled(page), "reviewed");
    assert.equal(await page.locator("#review tbody tr").count(), mine);
    // a move graded best names no better move (no move was measured better)
    for (const row of await page.locator("#review tbody tr").filter({ has: page.locator("td.grade.best") }).all()) {
      assert.equal((await row.locator("td").nth(4).textContent())!.trim(), "");
    }
    // every reason is marked with the side its fact favours; under a move the best is
    // measured better than, the first, the win-chance comparison, favours the better move
    for (const side of await page.locator("#review li.reason").evaluateAll(
      (items) => items.map((item) => (item as HTMLElement).dataset.favours))) {
      assert.ok(["pro", "con", "neither"].includes(side!), `a reason marked ${side}`);
    }
    for (const row of await page.locator('#review tbody tr[data-better="true"]').all()) {
      assert.equal(await row.locator("li.reason").first().getAttribute("data-favours"), "con");
    }
    assert.match(await page.locator("#review .accuracy").textContent() ?? "", /accuracy \d+/);
    return mine;
  } finally {
    await page.close();
  }
}

test("a whole Splendor: Marvel game against a bot, with a hint, grades and a review",
  { skip: !FOUND && "no Chromium" }, async (t) => {
    const moves = await playWholeGame("Splendor: Marvel", "play-splendor-marvel.png", 5);
    t.diagnostic(`${moves} moves`);
  });

test("a whole Challengers! game against a bot, with a hint, grades and a review",
  { skip: !FOUND && "no Chromium" }, async (t) => {
    const moves = await playWholeGame("Challengers!", "play-challengers.png", 9);
    t.diagnostic(`${moves} moves`);
  });
