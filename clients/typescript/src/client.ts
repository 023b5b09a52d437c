// A thin typed wrapper of the Advisor service, like the Python client (clients/client): one
// method per RPC, plain arguments in, the generated answer messages out. Errors are
// ConnectError with the server's code and message (e.g. Code.InvalidArgument, "players: ...").

import { create } from "@bufbuild/protobuf";
import { createClient, type Client, type Interceptor, type Transport } from "@connectrpc/connect";
import {
  Advisor,
  type AnalyzeResponse,
  type ApplyMoveResponse,
  type EvaluateResponse,
  type GetInfoResponse,
  type LegalMovesResponse,
  type GameRecord,
  type ObserveResponse,
  type ReviewGameResponse,
  type SuggestMoveResponse,
} from "./gen/advisor/v1/advisor_pb.js";
import {
  Game,
  LimitsSchema,
  MoveSchema,
  type GameState,
  type Limits as LimitsMessage,
  type Move,
  type Observation,
} from "./gen/advisor/v1/common_pb.js";

/** A search budget (all optional: the server's defaults apply), as in the Python client. */
export interface Limits {
  maxIterations?: number | bigint;
  maxTimeMs?: number;
  /** Same seed and iteration budget: same answer. */
  seed?: number | bigint;
  workers?: number;
  numCandidates?: number;
  /** 1 (weakest) .. 10 (full strength, the default). */
  strength?: number;
}

/** Per call: `signal` cancels it (an Analyze stream stops its search), `timeoutMs` bounds it. */
export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** How to reach the server's HTTP port (`python -m advisor serve --http-port P`). */
export interface ConnectOptions {
  /** "connect" (the default) or "grpc-web". */
  protocol?: "connect" | "grpc-web";
  /** Connect with JSON bodies instead of binary (readable in a browser's network tab). */
  json?: boolean;
  /** The server's `--auth-token`, sent as `authorization: Bearer <token>`. */
  token?: string;
}

/** An interceptor adding the bearer token, when there is one. */
export function bearer(token: string | undefined): Interceptor[] {
  if (token === undefined) return [];
  return [(next) => (request) => {
    request.header.set("authorization", `Bearer ${token}`);
    return next(request);
  }];
}

function limitsMessage(limits: Limits = {}): LimitsMessage {
  return create(LimitsSchema, {
    maxIterations: BigInt(limits.maxIterations ?? 0),
    maxTimeMs: limits.maxTimeMs ?? 0,
    seed: limits.seed === undefined ? undefined : BigInt(limits.seed),
    workers: limits.workers ?? 0,
    numCandidates: limits.numCandidates ?? 0,
    strength: limits.strength ?? 0,
  });
}

function moveMessage(move: string | Move): Move {
  return typeof move === "string" ? create(MoveSchema, { notation: move }) : move;
}

export class AdvisorClient {
  /** The generated client, for anything the wrapper leaves out. */
  readonly rpc: Client<typeof Advisor>;

  constructor(transport: Transport) {
    this.rpc = createClient(Advisor, transport);
  }

  /** Versions, games, player counts, server limits and each game's catalogue. */
  getInfo(options: CallOptions = {}): Promise<GetInfoResponse> {
    return this.rpc.getInfo({}, options);
  }

  /** A fresh shuffled game (referee). */
  async newGame(
    game: Game,
    players: number,
    settings: { seed?: number | bigint; startSeat?: number; turnCap?: number } = {},
    options: CallOptions = {},
  ): Promise<GameState> {
    const answer = await this.rpc.newGame({
      game,
      players,
      seed: settings.seed === undefined ? undefined : BigInt(settings.seed),
      startSeat: settings.startSeat ?? 0,
      turnCap: settings.turnCap ?? 0,
    }, options);
    if (answer.state === undefined) throw new Error("NewGame answered without a state");
    return answer.state;
  }

  /** What `seat` may know of `state`, and every seat's public standing. */
  observe(state: GameState, seat: number, options: CallOptions = {}): Promise<ObserveResponse> {
    return this.rpc.observe({ state, seat }, options);
  }

  /** The best move for the seat to decide, ranked candidates and the turn's follow-ups. */
  suggest(
    observation: Observation, limits?: Limits, options: CallOptions = {},
  ): Promise<SuggestMoveResponse> {
    return this.rpc.suggestMove({ observation, limits: limitsMessage(limits) }, options);
  }

  /** Win probabilities and expected points per seat; with `move`, how good it is and why. */
  evaluate(
    observation: Observation, move?: string | Move, limits?: Limits, options: CallOptions = {},
  ): Promise<EvaluateResponse> {
    return this.rpc.evaluate({
      observation,
      move: move === undefined ? undefined : moveMessage(move),
      limits: limitsMessage(limits),
    }, options);
  }

  /** A live search: partial answers every `reportEveryMs`, then one final answer (is_final).
   * Aborting `options.signal` stops the search; the stream then ends with a ConnectError whose
   * code is Code.Canceled. */
  analyze(
    observation: Observation,
    limits?: Limits,
    options: CallOptions & { reportEveryMs?: number } = {},
  ): AsyncIterable<AnalyzeResponse> {
    const { reportEveryMs, ...call } = options;
    return this.rpc.analyze({
      observation, limits: limitsMessage(limits), reportEveryMs: reportEveryMs ?? 0,
    }, call);
  }

  /** A whole recorded game judged move by move, each from what its seat could see then: one
   * answer per reviewed move (`item.case === "move"`) as it is judged, then the summary
   * (`"summary"`: each seat's accuracy and grade counts). `seats`: the seats to review (empty:
   * all); `limits`: each move's budget (with a seed, the same review every time). Aborting
   * `options.signal` stops the review. */
  reviewGame(
    record: GameRecord, seats: number[] = [], limits?: Limits, options: CallOptions = {},
  ): AsyncIterable<ReviewGameResponse> {
    return this.rpc.reviewGame({ record, seats, limits: limitsMessage(limits) }, options);
  }

  /** The seat to decide and its legal moves, from a full state or that seat's observation. */
  legalMoves(
    position: GameState | Observation, options: CallOptions = {},
  ): Promise<LegalMovesResponse> {
    const request = position.$typeName === "advisor.v1.GameState"
      ? { position: { case: "state" as const, value: position } }
      : { position: { case: "observation" as const, value: position } };
    return this.rpc.legalMoves(request, options);
  }

  /** The state after `move` (its notation, e.g. "take:YPB", or a Move), its events and whether
   * the game is over; an illegal move fails with Code.FailedPrecondition and the reason. */
  applyMove(
    state: GameState, move: string | Move, options: CallOptions = {},
  ): Promise<ApplyMoveResponse> {
    return this.rpc.applyMove({ state, move: moveMessage(move) }, options);
  }
}
