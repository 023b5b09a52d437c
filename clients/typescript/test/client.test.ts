// The TypeScript client against a real Python server: the referee, search RPCs, the Analyze
// stream and its cancellation, and errors, over Connect (binary and JSON) and gRPC-Web.

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { create } from "@bufbuild/protobuf";
import {
  AdvisorClient, Code, ConnectError, Favours, Game, GameRecordSchema, type AnalyzeResponse,
  type GameState, type MoveReview, type Observation, type ReviewSummary,
} from "../src/index.js";
import { connectNode } from "../src/node.js";
import { connectWeb } from "../src/web.js";
import { startServer, type Server } from "./server.js";

let server: Server;
const clients: Record<string, AdvisorClient> = {};
let position: { state: GameState; observation: Observation };

before(async () => {
  server = await startServer();
  const token = server.token;
  clients["connect"] = connectNode(server.baseUrl, { token });
  clients["connect-json"] = connectNode(server.baseUrl, { token, json: true });
  clients["grpc-web"] = connectNode(server.baseUrl, { token, protocol: "grpc-web" });
  clients["web-fetch"] = connectWeb(server.baseUrl, { token });
  position = await midgame(clients["connect"]);
});

after(async () => {
  await server?.stop();
});

/** A Splendor: Marvel game after a few moves, the observation of the seat to move, and the
 * moves played (notation). */
async function midgame(client: AdvisorClient, plies = 6):
    Promise<{ state: GameState; observation: Observation; moves: string[] }> {
  let state: GameState = await client.newGame(Game.SPLENDOR_MARVEL, 2, { seed: 7 });
  const moves: string[] = [];
  for (let i = 0; i < plies; i++) {
    const legal = await client.legalMoves(state);
    const move = legal.moves[i % legal.moves.length];
    state = (await client.applyMove(state, move)).state!;
    moves.push(move.notation);
  }
  const seat = (await client.legalMoves(state)).seat;
  const { observation } = await client.observe(state, seat);
  return { state, observation: observation!, moves };
}

/** The review of `midgame`'s moves: each move's review in order, then the summary. */
async function reviewed(client: AdvisorClient):
    Promise<{ moves: MoveReview[]; summary: ReviewSummary | undefined }> {
  const { moves: played } = await midgame(client);
  const record = create(GameRecordSchema, {
    setup: { case: "newGame", value: { game: Game.SPLENDOR_MARVEL, players: 2, seed: 7n } },
    moves: played.map((notation) => ({ notation })),
  });
  const moves: MoveReview[] = [];
  let summary: ReviewSummary | undefined;
  for await (const answer of client.reviewGame(record, [], { maxIterations: 60, seed: 3 })) {
    assert.equal(summary, undefined, "the summary comes last");
    if (answer.item.case === "move") moves.push(answer.item.value);
    if (answer.item.case === "summary") summary = answer.item.value;
  }
  assert.deepEqual(moves.map((m) => m.move!.notation), played);
  return { moves, summary };
}

for (const name of ["connect", "connect-json", "grpc-web", "web-fetch"]) {
  describe(`over ${name}`, () => {
    test("the referee deals, lists moves, plays them and shows a seat its view", async () => {
      const client = clients[name];
      const { state, observation } = await midgame(client);
      assert.equal(observation.game.case, "splendorMarvel");
      const fromObservation = await client.legalMoves(observation);
      const fromState = await client.legalMoves(state);
      assert.deepEqual(fromObservation.moves.map((m) => m.notation),
                       fromState.moves.map((m) => m.notation));
      assert.ok(fromState.moves.length > 0);
    });

    test("the same seed and budget suggest the same move on every transport", async () => {
      const { observation } = position;
      const limits = { maxIterations: 200, seed: 9 };
      const here = await clients[name].suggest(observation, limits);
      const there = await clients["connect"].suggest(observation, limits);
      assert.equal(here.stats!.iterations, 200n);
      assert.equal(here.bestMove!.notation, there.bestMove!.notation);
      const judged = await clients[name].evaluate(observation, here.bestMove!, limits);
      assert.equal(judged.assessment!.move!.notation, here.bestMove!.notation);
      // the choice's win-chance comparison favours neither side: no move is measured better
      assert.equal(judged.assessment!.explanations[0].favours, Favours.NEITHER);
    });

    test("a bad request fails with the server's code and message", async () => {
      await assert.rejects(clients[name].newGame(Game.SPLENDOR_MARVEL, 9), (error) => {
        const failure = ConnectError.from(error);
        assert.equal(failure.code, Code.InvalidArgument);
        assert.equal(failure.rawMessage, "players: Splendor: Marvel is for 2-4 players");
        return true;
      });
      const { state } = await midgame(clients[name], 0);
      await assert.rejects(clients[name].applyMove(state, "take:YYYYYY"), (error) =>
        [Code.InvalidArgument, Code.FailedPrecondition].includes(ConnectError.from(error).code));
    });

    test("Analyze streams partial answers, then one final", async () => {
      const { observation } = position;
      const answers: AnalyzeResponse[] = [];
      for await (const answer of clients[name].analyze(
        observation, { maxIterations: 600, seed: 5 }, { reportEveryMs: 20 })) {
        answers.push(answer);
      }
      assert.equal(answers.filter((a) => a.isFinal).length, 1);
      assert.ok(answers[answers.length - 1].isFinal);
      assert.equal(answers[answers.length - 1].stats!.iterations, 600n);
    });

    test("ReviewGame judges every move of a record in order, then sums up each seat", async () => {
      const { moves, summary } = await reviewed(clients[name]);
      assert.deepEqual(moves.map((m) => m.number), [1, 2, 3, 4, 5, 6]);
      assert.deepEqual(summary!.seats.map((s) => s.seat), [0, 1]);
      assert.equal(summary!.seats.reduce((n, s) => n + s.moves, 0), 6);
      assert.equal(summary!.seed, 3n);
      if (name !== "connect") {
        // the same seed and budget judge the same way on every transport
        const there = await reviewed(clients["connect"]);
        assert.deepEqual(moves.map((m) => [m.grade, m.bestMove?.notation]),
                         there.moves.map((m) => [m.grade, m.bestMove?.notation]));
      }
    });

    test("aborting Analyze ends the stream as cancelled", async () => {
      const { observation } = position;
      const abort = new AbortController();
      const received: AnalyzeResponse[] = [];
      await assert.rejects(async () => {
        for await (const answer of clients[name].analyze(
          observation, { maxIterations: 2_000_000 }, { reportEveryMs: 20, signal: abort.signal })) {
          received.push(answer);
          abort.abort();
        }
      }, (error) => ConnectError.from(error).code === Code.Canceled);
      // a report already on its way may still arrive; none is final, the search stopped early
      assert.ok(received.length >= 1 && received.every((answer) => !answer.isFinal));
    });
  });
}

test("a call without the token is refused", async () => {
  const anonymous = connectNode(server.baseUrl);
  await assert.rejects(anonymous.getInfo(), (error) => {
    const failure = ConnectError.from(error);
    return failure.code === Code.Unauthenticated
      && failure.rawMessage === "a valid bearer token is required";
  });
  const info = await clients["connect"].getInfo();
  assert.deepEqual(info.games.map((g) => g.game), [Game.SPLENDOR_MARVEL, Game.CHALLENGERS]);
});
