"""What judging costs: iterations and latency of SuggestMove, Evaluate and a judged hint at the
server's default budget, through a real server on localhost (one worker process).

For each game, `--positions` midgame positions from heuristic self-play; in each, one call of
each kind with the same seed and no iteration limit (so the server's default budget applies):

- `suggest`: SuggestMove (the bot's call), follow-ups skipped;
- `evaluate`: Evaluate without a move (chances only);
- `evaluate+move`: Evaluate judging the runner-up (main search, then the move's and the best's
  own searches);
- `hint`: SuggestMove with `judge_candidates` and 3 candidates (what the CLI `hint` asks).

Iterations are the main search's plus the judging searches' (which grow while a loss's interval
straddles a grade's edge: sequential judging). Latency is a call's wall time, median and 95th
percentile, so it depends on the machine's load; the iterations do not.

    python -m benchmarks.service.judging_cost
    python -m benchmarks.service.judging_cost --games challengers --positions 3
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

import grpc

from advisor import AdvisorServer, ServerConfig
from checks import examples
from contract.v1 import advisor_pb2, advisor_pb2_grpc, common_pb2
from games.registry import SERVED

HINT_CANDIDATES = 3


def observation(name: str, seed: int) -> common_pb2.Observation:
    """A midgame position of `name` (seed n: 12 + n % 8 plies of the playout policy), as the
    seat to move sees it."""
    return examples.messages(name, examples.position(name, 2, seed, plies=12 + seed % 8))[1]


def calls(stub: advisor_pb2_grpc.AdvisorStub, observation: common_pb2.Observation,
          seed: int) -> dict[str, tuple[float, int]]:
    """Each kind of call once: (seconds, iterations in all)."""
    limits = common_pb2.Limits(seed=seed)
    out: dict[str, tuple[float, int]] = {}

    def timed(kind: str, call: Callable[[], Any]) -> Any:
        start = time.perf_counter()
        answer = call()
        iterations = answer.stats.iterations + answer.judging_iterations
        out[kind] = (time.perf_counter() - start, iterations)
        return answer

    plain = timed("suggest", lambda: stub.SuggestMove(advisor_pb2.SuggestMoveRequest(
        observation=observation, limits=limits,
        options=advisor_pb2.SuggestOptions(skip_follow_ups=True))))
    timed("evaluate", lambda: stub.Evaluate(advisor_pb2.EvaluateRequest(
        observation=observation, limits=limits)))
    move = plain.candidates[min(1, len(plain.candidates) - 1)].move
    timed("evaluate+move", lambda: stub.Evaluate(advisor_pb2.EvaluateRequest(
        observation=observation, move=move, limits=limits)))
    hint_limits = common_pb2.Limits(seed=seed, num_candidates=HINT_CANDIDATES)
    timed("hint", lambda: stub.SuggestMove(advisor_pb2.SuggestMoveRequest(
        observation=observation, limits=hint_limits,
        options=advisor_pb2.SuggestOptions(skip_follow_ups=True, judge_candidates=True))))
    return out


def _p95(values: Sequence[float]) -> float:
    """The 95th percentile (the largest of fewer than 20 values)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="+", default=list(SERVED), choices=list(SERVED))
    parser.add_argument("--positions", type=int, default=5)
    args = parser.parse_args(argv)
    server = AdvisorServer(ServerConfig(port=0, workers=1))
    server.start()
    try:
        with grpc.insecure_channel(f"127.0.0.1:{server.port}") as channel:
            stub = advisor_pb2_grpc.AdvisorStub(channel)
            print(f"default budget: {server.config.default_iterations} iterations, 1 worker")
            print()
            print("| game | call | iterations (median) | iterations p95 | latency p50 (ms) | "
                  "latency p95 (ms) |")
            print("|---|---|---|---|---|---|")
            for game in args.games:
                runs = [calls(stub, observation(game, seed), seed)
                        for seed in range(1, args.positions + 1)]
                for kind in runs[0]:
                    seconds = [run[kind][0] * 1000 for run in runs]
                    iterations = [run[kind][1] for run in runs]
                    print(f"| {game} | {kind} | {statistics.median(iterations):.0f} | "
                          f"{_p95(iterations):.0f} | {statistics.median(seconds):.0f} | "
                          f"{_p95(seconds):.0f} |")
    finally:
        server.stop(grace=1.0)
    return 0


if __name__ == "__main__":
    sys.exit(main())
