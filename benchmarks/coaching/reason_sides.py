"""How often a move the search measures worse is explained by a fact in its own favour first.

Positions and moves as benchmarks/coaching/calibration.py takes them: self-play at five stages of
each game, and in each the best, a middling and the worst move by the priors. Each move is judged as
Evaluate judges it (`advisor.judging`: the main search's choice, then each move's own search).
Under each move the choice is measured better than, its reasons against the choice are read in
weight order (the order shown before facts had sides) and in the order shown now
(`advisor.coaching.against_the_better`): the table counts the moves with a fact in the played
move's favour, those whose first fact is one (shown as praise of a worse move in weight order;
framed "in its favour, but not enough" now), and those where one comes before a fact in the
better move's favour.

    python -m benchmarks.coaching.reason_sides --game splendor_marvel --positions 40
    python -m benchmarks.coaching.reason_sides --game challengers --positions 40 --iterations 1000
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from collections.abc import Sequence

from advisor.adapters import adapter_by_name
from advisor.coaching import Reason, against_the_better, favours_the_other_move, measured_better
from advisor.judging import own_search
from advisor.questions import Question
from benchmarks.coaching.calibration import budget, moves_by_prior, positions
from clients.arena.registry import load_game
from contract.v1 import advisor_pb2
from search import Cancelled, ismcts

COLUMNS = ("measured worse", "a fact in its favour", "one first", "one before the better's")


def _own(reason: Reason) -> bool:
    return reason.favours == advisor_pb2.FAVOURS_MOVE


def tally(reasons: Sequence[Reason]) -> tuple[bool, bool, bool]:
    """(a fact favours the played move, the first does, one comes before a fact favouring
    the better move)."""
    own = [i for i, r in enumerate(reasons) if _own(r)]
    better = [i for i, r in enumerate(reasons) if favours_the_other_move(r)]
    return bool(own), bool(own) and own[0] == 0, bool(own and better) and own[0] < better[-1]


def measure(game_name: str, count: int, iterations: int, bot: str, seed: int
            ) -> tuple[int, Counter[str]]:
    """The judged moves of `count` positions, and the counts of `COLUMNS` in weight order
    ("before: ...") and as shown now ("now: ...")."""
    game, adapter = load_game(game_name).game, adapter_by_name(game_name)
    counts: Counter[str] = Counter()
    judged = 0
    for number, (label, _stage, state) in enumerate(
            positions(game_name, bot, count, seed), start=1):
        obs = game.observe(state, game.current_player(state))
        plan, cancel = budget(iterations, seed), Cancelled()
        question = Question.of(adapter, obs, plan)
        choice = ismcts(adapter.engine, adapter.evaluator, obs, plan.limits(cancel),
                        plan.config(), seed=seed).action
        best = own_search(adapter, obs, choice, plan, cancel, question)
        by_prior = moves_by_prior(game, adapter.evaluator, obs, seed)
        for move in dict.fromkeys(m for m in by_prior if m != choice):
            mine = own_search(adapter, obs, move, plan, cancel, question)
            judged += 1
            if mine.own is None or best.own is None or not measured_better(mine.own, best.own):
                continue
            counts["measured worse"] += 1
            weighed = adapter.reasons(obs, move, choice, random.Random(f"reasons/{seed}"))
            for when, shown in (("before", weighed), ("now", against_the_better(weighed))):
                for column, found in zip(COLUMNS[1:], tally(shown), strict=True):
                    counts[f"{when}: {column}"] += found
        print(f"{number}/{count} {label}", file=sys.stderr, flush=True)
    return judged, counts


def table(game_name: str, judged: int, counts: Counter[str]) -> str:
    """The counts as a markdown table, weight order against the order shown now."""
    worse = counts["measured worse"]
    lines = [f"{game_name}: {judged} judged moves, {worse} measured worse than the choice", "",
             f"| order | {' | '.join(COLUMNS[1:])} |", "|---|---|---|---|"]
    for when, words in (("before", "weight order (before sides)"), ("now", "shown now")):
        cells = [f"{counts[f'{when}: {c}']} ({counts[f'{when}: {c}'] / max(worse, 1):.0%})"
                 for c in COLUMNS[1:]]
        lines.append(f"| {words} | {' | '.join(cells)} |")
    lines += ["", "Shown now, each fact in the played move's favour begins \"in its favour, but "
              "not enough: \"."]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=["splendor_marvel", "challengers"],
                        default="splendor_marvel")
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--iterations", type=int, default=1000, help="the default budget")
    parser.add_argument("--bot", default="ismcts:iters=100", help="the self-play bot")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    judged, counts = measure(args.game, args.positions, args.iterations, args.bot, args.seed)
    print(table(args.game, judged, counts))
    return 0


if __name__ == "__main__":
    sys.exit(main())
