"""A long search's memory, with and without a node limit (Splendor: Marvel, the opening).

Usage: python -m benchmarks.speed.search_memory [--iterations 2000000] [--nodes 4000000,none]
                                                [--players 4] [--engine compiled]

Each row searches the opening for `--iterations` with one node limit (`none`: no limit), in a
fresh process of its own, and reports where it stopped, the tree's size, the time taken and
the process's peak resident memory (`ru_maxrss`). The service stops every search at its
`--max-tree-nodes`; this shows what that bounds. A row without a limit may need several GB.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from collections.abc import Sequence

from benchmarks.speed.search_speed import registered_positions
from search import Limits, SearchConfig, ismcts
from search.config import Engine


def search_once(iterations: int, nodes: int | None, players: int, engine: Engine) -> dict:
    """Search the opening in this process; its figures as a dict."""
    position = registered_positions("splendor_marvel")(players, 1)[0]
    config = SearchConfig(engine=engine)
    game, evaluator = position.game, position.evaluator
    ismcts(game, evaluator, position.observation, Limits(iterations=2), config, seed=1)  # compile
    start = time.perf_counter()
    limits = Limits(iterations=iterations, nodes=nodes)
    result = ismcts(game, evaluator, position.observation, limits, config, seed=1)
    return {
        "limit": nodes,
        "stopped_by": result.stats.stopped_by,
        "iterations": result.stats.iterations,
        "nodes": result.stats.nodes,
        "seconds": round(time.perf_counter() - start, 1),
        "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024,
    }


def in_fresh_process(iterations: int, nodes: int | None, players: int, engine: str) -> dict:
    """`search_once` in a child process, so that each row's peak memory is its own."""
    command = [sys.executable, "-m", "benchmarks.speed.search_memory", "--child",
               "--iterations", str(iterations), "--nodes", str(nodes or "none"),
               "--players", str(players), "--engine", engine]  # fmt: skip
    ran = subprocess.run(command, capture_output=True, text=True, check=True)
    row: dict = json.loads(ran.stdout)
    return row


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=2_000_000)
    parser.add_argument("--nodes", default="4000000,none",
                        help="comma-separated node limits, `none` for no limit (%(default)s)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--engine", choices=("compiled", "python"), default="compiled")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    limits = [None if n == "none" else int(n) for n in args.nodes.split(",") if n]
    if args.child:
        print(json.dumps(search_once(args.iterations, limits[0], args.players, args.engine)))
        return 0
    print(f"{'node limit':>11} {'stopped by':>10} {'iterations':>10} {'nodes':>10} "
          f"{'seconds':>7} {'peak MB':>7}")
    for nodes in limits:
        row = in_fresh_process(args.iterations, nodes, args.players, args.engine)
        print(f"{row['limit'] or 'none':>11} {row['stopped_by']:>10} {row['iterations']:>10} "
              f"{row['nodes']:>10} {row['seconds']:>7} {row['peak_mb']:>7}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
