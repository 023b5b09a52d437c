"""How long ReviewGame takes over a whole 2-player Splendor: Marvel game (issue 25 §4: about 70
moves at the default budget on 2 workers, goal within 60 s).

The game is the heuristic policy's from the first deal (from `--seed` on) whose length is
within `--plies` ± 5 (`--game challengers`: any length; its chance draws come from their own
seeded stream, as in the arena). An in-process server with `--workers` worker processes
reviews every move of both seats at the budget given (the server's default when none). The
table gives the wall time to the first message and to the summary, per judged move, and the
load average of the machine before and after (the service shares it).

    python -m benchmarks.service.review_speed             # 2 workers, default budget
    python -m benchmarks.service.review_speed --workers 1 2 --iterations 500
    python -m benchmarks.service.review_speed --game challengers
"""

from __future__ import annotations

import argparse
import os
import random
import time
from dataclasses import dataclass

import grpc

from advisor import AdvisorServer, ServerConfig
from contract.v1 import advisor_pb2, advisor_pb2_grpc, common_pb2
from games.registry import GAMES

PLIES_SLACK = 5
CHANCE_SEED = 1


@dataclass(frozen=True)
class Row:
    workers: int
    iterations: int
    moves: int
    judged: int
    first_s: float
    total_s: float
    per_move_ms: float
    load_before: float
    load_after: float


def game_record(game: str, seed: int, plies: int | None) -> tuple[int, list[str]]:
    """The first deal from `seed` on whose heuristic game lasts `plies` ± 5 moves (None: any)."""
    engine, evaluator = GAMES[game].load(), GAMES[game].evaluator("default")
    for deal in range(seed, seed + 1000):
        state, moves = engine.new_game(2, deal), []
        policy, chance = random.Random(deal), random.Random(CHANCE_SEED)
        while not engine.game.is_terminal(state):
            action = evaluator.rollout_action(state, policy)
            moves.append(str(action))
            engine.game.apply(state, action, chance)
        if plies is None or abs(len(moves) - plies) <= PLIES_SLACK:
            return deal, moves
    raise LookupError(f"no game of {plies} ± {PLIES_SLACK} moves from seed {seed}")


def measure(game: str, workers: int, iterations: int, deal: int, moves: list[str]) -> Row:
    """Review the game once on a fresh server with `workers` processes."""
    server = AdvisorServer(ServerConfig(port=0, workers=workers))
    server.start()
    try:
        request = advisor_pb2.ReviewGameRequest(
            record=advisor_pb2.GameRecord(
                new_game=advisor_pb2.NewGameRequest(
                    game=f"GAME_{game.upper()}", players=2, seed=deal),
                moves=[common_pb2.Move(notation=m) for m in moves], chance_seed=CHANCE_SEED),
            limits=common_pb2.Limits(max_iterations=iterations, seed=1))
        with grpc.insecure_channel(f"127.0.0.1:{server.port}") as channel:
            stub = advisor_pb2_grpc.AdvisorStub(channel)
            load_before = os.getloadavg()[0]
            start = time.perf_counter()
            first = 0.0
            judged = 0
            for answer in stub.ReviewGame(request, timeout=3600):
                first = first or time.perf_counter() - start
                judged += answer.HasField("move") and not answer.move.forced
            total = time.perf_counter() - start
            iterations_used = answer.summary.iterations // max(1, judged)
    finally:
        server.stop(grace=1.0)
    return Row(workers, iterations_used, len(moves), judged, round(first, 2), round(total, 2),
               round(1000 * total / max(1, judged), 1), round(load_before, 1),
               round(os.getloadavg()[0], 1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, nargs="+", default=[2])
    parser.add_argument("--iterations", type=int, default=ServerConfig.default_iterations,
                        help="per move (default: the server's default)")
    parser.add_argument("--game", choices=sorted(GAMES), default="splendor_marvel")
    parser.add_argument("--plies", type=int, default=70,
                        help="length of the game to review (Splendor: Marvel)")
    parser.add_argument("--seed", type=int, default=1, help="first deal tried")
    args = parser.parse_args()
    plies = args.plies if args.game == "splendor_marvel" else None
    deal, moves = game_record(args.game, args.seed, plies)
    print(f"deal {deal}: {len(moves)} moves, {os.cpu_count()} cores")
    header = ("workers", "it/move", "moves", "judged", "first s", "total s", "ms/move",
              "load before", "load after")
    print("  ".join(header))
    for workers in args.workers:
        row = measure(args.game, workers, args.iterations, deal, moves)
        print("  ".join(str(v).rjust(len(h)) for v, h in zip(vars(row).values(), header,
                                                                strict=True)))


if __name__ == "__main__":
    main()
