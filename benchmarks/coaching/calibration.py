"""How well a judged move's grade at the default budget matches its grade at ten times it.

Positions come from arena self-play (`clients.arena.referee.play`, the `--bot` spec in every
seat) at several stages of each game: the plies at `STAGES` of its length where the seat to
move has at least three legal moves. In each, three moves are judged as Evaluate judges them
(`advisor.judging`: the main search names the best, each move and the best get own searches,
run again with more iterations while the loss's interval straddles a grade's edge; the
choice's interval is measured against its rival, the main search's runner-up), drawn the
three ways players meet: the search's best, a uniformly random legal move, and the move a
level-3 bot plays there (the moves players make, near the band edges). Each is judged twice, at
`--iterations` and at `--factor` times that, with the same seed; the larger budget stands for
the truth. The table gives, by the grade at the larger budget, the bias (mean of small-budget
loss minus large-budget loss), the mean absolute error and the share of grades that agree;
below it, the agreement of all grades and of the confident ones (not too close to call at the
default budget), each with a 95% interval over positions, the share called too close to call
by grade, the disagreements by pair of grades, how the two own values behind a loss err, and
the agreement by stage and by how the move was drawn. Grades are given to the recorded losses
by the current rule (`advisor.coaching.grade`).

Each judged move is written as one JSON line (`best_value` is the value of the own search its
loss is measured against, `against` that move) to `--out` as soon as it is measured, so a run
stopped early still reports (`--report FILE` prints the table of a file again), and `--resume`
skips the positions a file already holds. `--against REF` adds how often the file's grades agree
with REF's grades at its larger budget, on the judged moves both files hold. `--value NAME`
judges with another evaluator of the game (the arena's `value=`, e.g. `logistic`).

    python -m benchmarks.coaching.calibration --game splendor_marvel --positions 200
    python -m benchmarks.coaching.calibration --game challengers --positions 200 --out chal.jsonl
    python -m benchmarks.coaching.calibration --report chal.jsonl
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import random
import statistics
import sys
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, cast

from advisor.adapters import GameAdapter, adapter_by_name
from advisor.budget import Budget
from advisor.coaching import GRADE_BOUNDS, grade, grades_between
from advisor.engine_adapter import EngineAdapter
from advisor.judging import JUDGE_SHARE, judged_pair, loss_range, verdict
from advisor.questions import Question
from clients.arena.record import GameTask
from clients.arena.referee import play
from clients.arena.registry import load_game
from clients.arena.specs import evaluator_ids, evaluator_named
from contract.v1 import common_pb2
from games.registry import DEFAULT_GAME, SERVED
from search import Cancelled, ismcts, levels


def _name(value: int) -> str:
    """"BEST" for GRADE_BEST."""
    return common_pb2.Grade.Name(value).removeprefix("GRADE_")


STAGES = (0.1, 0.3, 0.5, 0.7, 0.9)
"""Where in a game positions are taken, as shares of its length in plies."""
GRADES = (*(_name(g) for _, g in GRADE_BOUNDS), _name(common_pb2.GRADE_BLUNDER))
"""The grades given (the bands by the loss), best first."""
KINDS = ("best", "random", "level3")
"""How the judged moves are drawn: the search's best, a uniform legal move, a level-3 bot's."""
PLAYERS_LEVEL = 3
BOOTSTRAP_DRAWS = 2000


def positions(game_name: str, bot: str, count: int, seed: int
              ) -> Iterator[tuple[str, float, Any]]:
    """`count` (label, stage, state) positions from self-play games, `len(STAGES)` a game at
    most; the stage is the share of `STAGES` the position was taken at."""
    entry = load_game(game_name)
    game = entry.game
    found = 0
    for deal in range(10**6):
        setup = seed * 100_003 + deal
        task = GameTask(deal, "self-play", deal, 0, game_name, (bot, bot), setup, setup + 1,
                        (setup + 2, setup + 3), 2000)
        record = play(task)
        if record.status == "error":
            raise RuntimeError(record.error)
        state = entry.new_game(2, setup)
        chance = random.Random(setup + 1)
        wanted = {int(share * len(record.moves)): share for share in reversed(STAGES)}
        for ply, text in enumerate(record.moves):
            if ply in wanted and len(game.legal_actions(state)) >= 3:
                yield f"{game_name}/deal{deal}/ply{ply}", wanted[ply], game.clone(state)
                found += 1
                if found == count:
                    return
            by_text = {str(a): a for a in game.legal_actions(state)}
            game.apply(state, by_text[text], chance)
    raise RuntimeError("ran out of deals")


def drawn_moves(adapter: GameAdapter, obs: Any, iterations: int, seed: int) -> list[Any]:
    """The search's best move at `iterations`, a uniformly random legal move, and the move a
    level-3 bot plays (`search.levels`, the arena's and the service's ladder)."""
    engine, evaluator = adapter.engine, adapter.evaluator
    plan = budget(iterations, seed)
    best = ismcts(engine, evaluator, obs, plan.limits(Cancelled()), plan.config(),
                  seed=seed).action
    legal = list(adapter.legal_moves(obs))
    uniform = random.Random(f"calibration/{seed}/{len(legal)}").choice(legal)
    ladder = levels.ladder_of(engine)
    weak = budget(levels.level_iterations(iterations, PLAYERS_LEVEL, ladder), seed)
    searched = ismcts(engine, evaluator, obs, weak.limits(Cancelled()), weak.config(),
                      seed=seed + 1)
    played = searched.candidates[levels.choose(searched.candidates, PLAYERS_LEVEL, seed,
                                               ladder)].action
    return [best, uniform, played]


def moves_by_prior(game: Any, evaluator: Any, obs: Any, seed: int) -> list[Any]:
    """The best, a middling and the worst legal move by `evaluator`'s priors (on a sampled
    world): the judged moves of the drift and reason-side tools."""
    world = game.sample(obs, random.Random(f"calibration/{seed}"))
    legal = list(game.legal_actions(world))
    priors = evaluator.priors(world, legal)
    order = [legal[i] for i in sorted(range(len(legal)), key=lambda i: -priors[i])]
    return [order[0], order[len(order) // 2], order[-1]]


def budget(iterations: int, seed: int) -> Budget:
    """A request's budget at `iterations`, one worker, the default settings."""
    return Budget(iterations=iterations, time_s=math.inf, deadline=None, seed=seed, workers=1,
                  candidates=5, strength=10, engine="compiled")


def searched_with(game_name: str, value: str) -> GameAdapter:
    """The game's adapter, its searches thinking with the evaluator the arena's `value=` names
    (`clients.arena.specs.evaluator_named`: `default` the game's own, `logistic` the
    hand-written baseline, ...: `games.registry`); ValueError if the game has none. Another
    evaluator's adapter is a copy whose class (a subclass of the service's) names it: the
    service's adapter stays as it is."""
    adapter = adapter_by_name(game_name)
    evaluator = evaluator_named(adapter.engine, value)
    if evaluator is adapter.evaluator:
        return adapter
    variant = copy.copy(cast(EngineAdapter[Any, Any, Any], adapter))
    variant.__class__ = type(type(variant).__name__, (type(variant),), {"evaluator": evaluator})
    return variant


def judge(adapter: GameAdapter, obs: Any, moves: Sequence[Any], iterations: int, seed: int,
          share: float) -> list[dict[str, Any]]:
    """Each move judged as Evaluate judges it (`judging.judged_pair`): the main search's best,
    then own searches, settled while the loss's interval straddles a grade's edge (the
    choice's against its rival's)."""
    plan = budget(iterations, seed)
    cancel = Cancelled()
    question = Question.of(adapter, obs, plan)
    main = ismcts(adapter.engine, adapter.evaluator, obs, plan.limits(cancel), plan.config(),
                  seed=seed)
    rows = []
    for move in moves:
        mine, other, _ = judged_pair(adapter, obs, main, move, plan, cancel, question,
                                     share=share)
        choice = move == main.action
        if mine.own is None or other.own is None:
            continue
        loss, tie, graded = verdict(mine, mine if choice else other)
        low, high = loss_range(mine, other, choice)
        rows.append({"loss": loss, "tie": tie, "grade": _name(graded),
                     "loss_low": low, "loss_high": high,
                     "too_close": len(grades_between(low, high)) > 1,
                     "visits": mine.own.visits,
                     "move": str(move), "value": mine.own.value,
                     "best": str(main.action), "against": str(other.action),
                     "best_value": other.own.value, "best_visits": other.own.visits})
    return rows


def measure(args: argparse.Namespace) -> None:
    """Judge the positions and append one JSON line per judged move to `args.out`."""
    done: set[str] = set()
    if args.resume and args.out.exists():
        done = {json.loads(line)["position"] for line in args.out.read_text().splitlines()}
    game = load_game(args.game).game
    adapter = searched_with(args.game, args.value)
    with args.out.open("a") as out:
        for number, (label, stage, state) in enumerate(
                positions(args.game, args.bot, args.positions, args.seed), start=1):
            if label in done:
                continue
            obs = game.observe(state, game.current_player(state))
            moves = drawn_moves(adapter, obs, args.iterations, args.seed)
            small = judge(adapter, obs, moves, args.iterations, args.seed, args.share)
            large = judge(adapter, obs, moves, args.iterations * args.factor, args.seed,
                          args.share)
            for kind, a, b in zip(KINDS, small, large, strict=False):
                out.write(json.dumps({
                    "position": label, "stage": stage, "kind": kind,
                    "iterations": args.iterations,
                    "factor": args.factor, "share": args.share, "small": a, "large": b,
                }) + "\n")
            out.flush()
            print(f"{number}/{args.positions} {label}", file=sys.stderr, flush=True)


def report(path: Path, reference: Path | None = None) -> str:
    """The calibration table of a file `measure` wrote (and its agreement with `reference`'s
    larger-budget grades, when given)."""
    rows = _read(path)
    if not rows:
        return f"{path}: nothing measured yet"
    first = rows[0]
    lines = [
        f"{path}: {len({r['position'] for r in rows})} positions, {len(rows)} judged moves; "
        f"{first['iterations']} against {first['iterations'] * first['factor']} iterations, "
        f"own-search share {first['share']}",
        "",
        "| grade at 10x | moves | bias | mean abs. error | grades agree |",
        "|---|---|---|---|---|",
    ]
    for band_name in (*GRADES, "all"):
        band = [r for r in rows if band_name in ("all", _graded(r["large"]))]
        if not band:
            continue
        errors = [r["small"]["loss"] - r["large"]["loss"] for r in band]
        agree = sum(_graded(r["small"]) == _graded(r["large"]) for r in band) / len(band)
        lines.append(f"| {band_name} | {len(band)} | {statistics.fmean(errors):+.3f} | "
                     f"{statistics.fmean(abs(e) for e in errors):.3f} | {agree:.1%} |")
    within = sum(_near(_graded(r["small"]), _graded(r["large"])) for r in rows) / len(rows)
    agree = sum(_graded(r["small"]) == _graded(r["large"]) for r in rows) / len(rows)
    low, high = _agreement_interval(rows, _graded)
    lines.append("")
    lines.append(f"All grades agree: {agree:.1%} ({low:.1%}-{high:.1%}, 95% interval over "
                 f"positions, {BOOTSTRAP_DRAWS} bootstrap draws)")
    if all("too_close" in r["small"] for r in rows):
        sure = [r for r in rows if not r["small"]["too_close"]]
        if sure:
            agreed = sum(_graded(r["small"]) == _graded(r["large"]) for r in sure) / len(sure)
            sure_low, sure_high = _agreement_interval(sure, _graded)
            lines.append(f"Confident grades agree (not too close to call at 1x, {len(sure)} of "
                         f"{len(rows)}): {agreed:.1%} ({sure_low:.1%}-{sure_high:.1%})")
        lines += ["", "| grade at 1x | moves | too close to call |", "|---|---|---|"]
        for name in GRADES:
            at = [r for r in rows if _graded(r["small"]) == name]
            if at:
                close = sum(r["small"]["too_close"] for r in at) / len(at)
                lines.append(f"| {name} | {len(at)} | {close:.1%} |")
    lines.append(f"Grades within one band of the 10x grade: {within:.1%}")
    lines += ["", *_disagreements(rows)]
    if reference is not None:
        lines += ["", against(rows, reference)]
    return "\n".join(lines)


def against(rows: Sequence[dict[str, Any]], path: Path) -> str:
    """How often the grades of `rows` agree with the larger-budget grades of the file at
    `path`, on the judged moves (position, kind, move) both hold."""
    reference = {_key(r): r["large"] for r in _read(path)}
    shared = [r for r in rows if _key(r) in reference]
    if not shared:
        return f"no judged move in common with {path}"
    lines = [f"Against {path}'s grades at 10x, on the {len(shared)} judged moves both files "
             "hold:", "", "| grades of this file | grades agree | within one band |",
             "|---|---|---|"]
    for budget_name, side in (("at 1x", "small"), ("at 10x", "large")):
        agree = sum(_graded(r[side]) == _graded(reference[_key(r)]) for r in shared)
        near = sum(_near(_graded(r[side]), _graded(reference[_key(r)])) for r in shared)
        lines.append(f"| {budget_name} | {agree / len(shared):.1%} | {near / len(shared):.1%} |")
    return "\n".join(lines)


def _key(row: dict[str, Any]) -> tuple[str, str, str]:
    return row["position"], row["kind"], row["small"]["move"]


def _read(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def _disagreements(rows: Sequence[dict[str, Any]]) -> list[str]:
    """Where the grades disagree: the pairs of grades, and (in files that record them) whether
    the main search chose the same move at both budgets, and the stage of the game."""
    apart = [r for r in rows if _graded(r["small"]) != _graded(r["large"])]
    pairs = Counter((_graded(r["small"]), _graded(r["large"])) for r in apart)
    lines = ["| grade at 1x | grade at 10x | moves |", "|---|---|---|"]
    lines += [f"| {a} | {b} | {n} |" for (a, b), n in pairs.most_common()]
    if all("best" in r["small"] for r in rows):
        moved = sum(r["small"]["best"] != r["large"]["best"] for r in apart)
        everywhere = sum(r["small"]["best"] != r["large"]["best"] for r in rows)
        lines.append("")
        lines.append(f"The main search chose another move at 10x in {moved} of the {len(apart)} "
                     f"disagreements ({everywhere} of all {len(rows)} judged moves).")
    if all("best_value" in r["small"] for r in rows):
        lines += ["", *_value_errors(rows)]
    lines += ["", "| drawn as | moves | grades agree |", "|---|---|---|"]
    for kind in sorted({r["kind"] for r in rows}):
        at = [r for r in rows if r["kind"] == kind]
        agree = sum(_graded(r["small"]) == _graded(r["large"]) for r in at) / len(at)
        lines.append(f"| {kind} | {len(at)} | {agree:.1%} |")
    if all("stage" in r for r in rows):
        lines += ["", "| stage | moves | grades agree |", "|---|---|---|"]
        for stage in sorted({r["stage"] for r in rows}):
            at = [r for r in rows if r["stage"] == stage]
            agree = sum(_graded(r["small"]) == _graded(r["large"]) for r in at) / len(at)
            lines.append(f"| {stage:.0%} | {len(at)} | {agree:.1%} |")
    return lines


def _value_errors(rows: Sequence[dict[str, Any]]) -> list[str]:
    """How the two own values behind a loss err at 1x against 10x, on the judged moves (not
    the choice) whose main search chose the same move at both budgets: errors the two share
    (a correlation near 1) cancel in the loss, as common random numbers would make them."""
    same = [r for r in rows if r["small"]["best"] == r["large"]["best"]
            and r["small"]["move"] != r["small"]["best"]]
    if len(same) < 2:
        return []
    mine = [r["small"]["value"] - r["large"]["value"] for r in same]
    best = [r["small"]["best_value"] - r["large"]["best_value"] for r in same]
    loss = [r["small"]["loss"] - r["large"]["loss"] for r in same]
    together = (f"correlation {statistics.correlation(mine, best):+.2f}"
                if statistics.pstdev(mine) and statistics.pstdev(best) else "no correlation")
    return [f"On the {len(same)} judged moves (not the choice) whose main search chose the same "
            f"move at both budgets, the standard deviation of the error at 1x: the move's own "
            f"value {statistics.pstdev(mine):.3f}, the choice's {statistics.pstdev(best):.3f} "
            f"({together}), the loss {statistics.pstdev(loss):.3f}."]


def _agreement_interval(rows: Sequence[dict[str, Any]],
                        named: Callable[[dict[str, Any]], str]) -> tuple[float, float]:
    """A 95% interval on the share of grades (or bands: `named`) that agree, resampling whole
    positions (their three moves share a main search, so they are not independent)."""
    by_position: dict[str, list[bool]] = {}
    for r in rows:
        by_position.setdefault(r["position"], []).append(
            named(r["small"]) == named(r["large"]))
    groups = list(by_position.values())
    rng = random.Random(0)
    shares = []
    for _ in range(BOOTSTRAP_DRAWS):
        drawn = [agree for _ in groups for agree in rng.choice(groups)]
        shares.append(sum(drawn) / len(drawn))
    shares.sort()
    return shares[int(0.025 * BOOTSTRAP_DRAWS)], shares[int(0.975 * BOOTSTRAP_DRAWS) - 1]


def _graded(judged: dict[str, Any]) -> str:
    """The grade the current rule gives a recorded judgement: its loss's band."""
    return _name(grade(judged["loss"]))


def _near(a: str, b: str) -> bool:
    """Within one band of each other."""
    return abs(GRADES.index(a) - GRADES.index(b)) <= 1


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default=DEFAULT_GAME, choices=list(SERVED))
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--iterations", type=int, default=1000,
                        help="the default budget (the server's --default-iterations)")
    parser.add_argument("--factor", type=int, default=10)
    parser.add_argument("--share", type=float, default=JUDGE_SHARE,
                        help="each own search's share of the budget")
    parser.add_argument("--bot", default="ismcts:iters=100", help="self-play bot spec")
    parser.add_argument("--value", default="default", choices=evaluator_ids(),
                        help="judge with this evaluator of the game (the arena's value=, e.g. "
                             "logistic)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path("calibration.jsonl"))
    parser.add_argument("--resume", action="store_true")
    parser.add_argument("--report", type=Path, help="only print the table of this file")
    parser.add_argument("--against", type=Path,
                        help="also compare the grades with this file's grades at 10x")
    args = parser.parse_args(argv)
    if args.report is None:
        measure(args)
    print(report(args.report or args.out, args.against))
    return 0


if __name__ == "__main__":
    sys.exit(main())
