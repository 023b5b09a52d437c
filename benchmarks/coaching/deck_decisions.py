"""Challengers!: the coaching's grades of deck decisions, against playing them out.

A labelled set of seeded two-seat positions (`labelled`), where seat 0 trims its deck at a
given round, each with a labelled move M and its alternative A (`KINDS`):

- `thin-2`, `thin-1`, `thin-0`: seat 0 has trimmed whenever it could since that round (as a
  player following the hints did); M trims to 2, 1 or 0 cards, A stops (`done`);
- `trim-strong`: the playout policy's game, at seat 0's first trim with a card of power >= 5;
  M trims its strongest card, A stops;
- `keep-weak`: at seat 0's first trim with a card of power <= 1 and 6 cards or more; M stops,
  A trims its weakest card.

For each, M and A are judged as Evaluate judges a move (`calibration.judge`: the main search,
then own searches, settled) at `--iterations` and at `--factor` times it, and then each is
played out: the game played to its end `--games` times, the compiled search at
`--play-iterations` in both seats, the same seeds for M and A. The report gives the win
chances, the played-out loss of M against A, and whether the coaching's own values put M and
A in the played-out order (where the played-out intervals separate them) and give their
difference the played-out loss's band.

Each position is one JSON line of `--out` as soon as measured (`--resume` skips the positions
a file holds; `--report FILE` prints the tables of a file again).

    python -m benchmarks.coaching.deck_decisions --rounds 2 3 4 --positions 2 --out dd.jsonl
    python -m benchmarks.coaching.deck_decisions --report dd.jsonl
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, cast

from advisor.adapters import adapter_by_name
from advisor.coaching import grade
from advisor.judging import JUDGE_SHARE
from benchmarks.coaching.calibration import _name, judge
from clients.arena.stats import wilson
from games.challengers import GAME, State, new_game, observe
from games.challengers.actions import DONE, TRIM, Action
from games.challengers.catalogue import POWER
from games.challengers.evaluators import EVALUATOR
from search import Limits, SearchConfig, ismcts

KINDS = ("thin-2", "thin-1", "thin-0", "trim-strong", "keep-weak")
STRONG = 5
WEAK = 1
"""A strong card's power (at least) and a weak one's (at most), as `knowledge.features`."""
KEEP_WEAK_DECK = 6
"""`keep-weak` positions hold at least this many cards."""
MAX_PLIES = 5000
"""A game longer than this is cut (none is)."""
MAX_SEEDS = 2000
"""Seeds tried for a kind and round before giving up."""

Position = tuple[State, Action, Action]
"""A position (seat 0 to trim), its labelled move M and the alternative A."""


def power(card: int, round_: int) -> int:
    """A card's printed power (the Cyborg's counts the round, as `knowledge.features`)."""
    return POWER[card] if POWER[card] >= 0 else round_


def _walk(seed: int, stop: Callable[[State, list[Action]], Position | None],
          trim_from: int | None = None) -> Position | None:
    """The playout policy's game from `seed` until `stop` names a position at one of seat 0's
    trims; from round `trim_from` seat 0 trims whenever `stop` does not. None if it ends."""
    state = new_game(2, seed)
    rng = random.Random(seed)
    for _ in range(MAX_PLIES):
        if GAME.is_terminal(state):
            return None
        legal = GAME.legal_actions(state)
        trims = [a for a in legal if a.kind == TRIM]
        if trims and GAME.current_player(state) == 0:
            found = stop(state, legal)
            if found is not None:
                return found
            if trim_from is not None and state.round >= trim_from:
                GAME.apply(state, trims[0], rng)
                continue
        GAME.apply(state, EVALUATOR.rollout_action(state, rng), rng)
    return None


def _done(legal: Sequence[Action]) -> Action:
    return next(a for a in legal if a.kind == DONE)


def _thin(left: int, start: int) -> Callable[[State, list[Action]], Position | None]:
    """Stop at a trim from round `start` that leaves `left` cards: (state, that trim, done)."""
    def stop(state: State, legal: list[Action]) -> Position | None:
        if state.round >= start and len(state.decks[0]) - 1 == left:
            return state, next(a for a in legal if a.kind == TRIM), _done(legal)
        return None
    return stop


def thinned(left: int, seed: int) -> tuple[State, Action] | None:
    """A position where seat 0, trimming whenever it could from round 2, has a trim that
    leaves `left` cards, with that trim; None if the game ends first."""
    found = _walk(seed, _thin(left, 2), trim_from=2)
    return None if found is None else found[:2]


def labelled(kind: str, round_: int, seed: int) -> Position | None:
    """The `kind` position of `seed` at round `round_` with its M and A, or None."""
    if kind.startswith("thin-"):
        found = _walk(seed, _thin(int(kind.removeprefix("thin-")), round_), trim_from=round_)
    elif kind in ("trim-strong", "keep-weak"):
        found = _walk(seed, lambda state, legal: _by_power(kind, state, legal)
                      if state.round == round_ else None)
    else:
        raise ValueError(f"unknown kind {kind!r}; kinds: {', '.join(KINDS)}")
    return found if found is not None and found[0].round == round_ else None


def _by_power(kind: str, state: State, legal: list[Action]) -> Position | None:
    """`trim-strong`: (state, trim of the strongest card, done) when seat 0 holds a strong
    card; `keep-weak`: (state, done, trim of the weakest) when it holds a weak one and enough
    cards; else None."""
    trims = sorted((a for a in legal if a.kind == TRIM), key=lambda a: power(a.card, state.round))
    if kind == "trim-strong" and power(trims[-1].card, state.round) >= STRONG:
        return state, trims[-1], _done(legal)
    if (kind == "keep-weak" and power(trims[0].card, state.round) <= WEAK
            and len(state.decks[0]) >= KEEP_WEAK_DECK):
        return state, _done(legal), trims[0]
    return None


def positions(kind: str, round_: int, count: int) -> Iterator[tuple[int, Position]]:
    """The first `count` (seed, position) of `kind` at `round_`, by seed."""
    found = 0
    for seed in range(MAX_SEEDS):
        position = labelled(kind, round_, seed)
        if position is not None:
            yield seed, position
            found += 1
            if found == count:
                return


def played_out(state: State, move: Action, games: int, iterations: int, seed: int
               ) -> list[float]:
    """Seat 0's result in each of `games` games played from `state` after `move`: the
    compiled search at `iterations` in both seats, from each one's own observation."""
    config = SearchConfig(engine="compiled")
    results = []
    for index in range(games):
        game_seed = seed * 10_000 + index
        rng = random.Random(game_seed)
        world = GAME.clone(state)
        GAME.apply(world, move, rng)
        for ply in range(MAX_PLIES):
            if GAME.is_terminal(world):
                break
            seat = GAME.current_player(world)
            result = ismcts(GAME, EVALUATOR, observe(world, seat), Limits(iterations=iterations),
                            config, seed=game_seed * 1000 + ply)
            GAME.apply(world, cast(Action, result.action), rng)
        results.append(GAME.returns(world)[0])
    return results


def measure(args: argparse.Namespace) -> None:
    """Measure the labelled positions, one JSON line of `args.out` each."""
    done: set[tuple[str, int, int]] = set()
    if args.resume and args.out.exists():
        done = {(r["kind"], r["round"], r["seed"]) for r in _read(args.out)}
    adapter = adapter_by_name("challengers")
    budgets = {"1x": args.iterations, f"{args.factor}x": args.iterations * args.factor}
    with args.out.open("a") as out:
        for kind in args.kinds:
            for round_ in args.rounds:
                for seed, (state, move, other) in positions(kind, round_, args.positions):
                    if (kind, round_, seed) in done:
                        continue
                    obs = observe(state, 0)
                    coach = {}
                    for name, iterations in budgets.items():
                        rows = {r["move"]: r for r in judge(adapter, obs, [move, other],
                                                            iterations, seed, JUDGE_SHARE)}
                        coach[name] = {"M": rows[str(move)], "A": rows[str(other)]}
                    played = {label: played_out(state, a, args.games, args.play_iterations, seed)
                              for label, a in (("M", move), ("A", other))}
                    out.write(json.dumps({
                        "kind": kind, "round": round_, "seed": seed, "M": str(move),
                        "A": str(other), "deck": len(state.decks[0]),
                        "iterations": args.iterations, "factor": args.factor,
                        "play_iterations": args.play_iterations, "coach": coach,
                        "played": played}) + "\n")
                    out.flush()
                    print(f"{kind} round {round_} seed {seed}: M {move} "
                          f"{statistics.fmean(played['M']):.0%}, A {other} "
                          f"{statistics.fmean(played['A']):.0%}", file=sys.stderr, flush=True)


def _read(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def _played(row: dict[str, Any], label: str) -> tuple[float, float, float]:
    """The played-out win rate of M or A, with its 95% Wilson interval."""
    results = row["played"][label]
    mean = statistics.fmean(results)
    return (mean, *wilson(mean, len(results)))


def agreement(row: dict[str, Any], budget: str) -> dict[str, Any]:
    """The played-out loss of M against A, whether its intervals separate them, and whether
    the coaching's own values at `budget` put them the same way round (None where playing
    out does not separate them) and give their difference the same band."""
    m, m_low, m_high = _played(row, "M")
    a, a_low, a_high = _played(row, "A")
    separated = m_low > a_high or a_low > m_high
    coach_m, coach_a = (row["coach"][budget][label]["value"] for label in ("M", "A"))
    loss = max(0.0, a - m)
    return {"loss": loss, "separated": separated,
            "order": (coach_m > coach_a) == (m > a) if separated else None,
            "band": grade(max(0.0, coach_a - coach_m)) == grade(loss),
            "band_name": _name(grade(loss))}


def report(path: Path) -> str:
    """The tables of a file `measure` wrote."""
    rows = _read(path)
    if not rows:
        return f"{path}: nothing measured yet"
    budgets = list(rows[0]["coach"])
    small, large = budgets
    first = rows[0]
    lines = [f"{path}: {len(rows)} positions; judged at {first['iterations']} ({small}) and "
             f"{first['iterations'] * first['factor']} iterations ({large}); played out "
             f"{len(first['played']['M'])} games a move, {first['play_iterations']} iterations "
             "a decision", "",
             f"| kind | seed | round | M | A | M {small} | M {large} | M played out | "
             f"A played out | played-out loss | grade of M {small} | grade of M {large} |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        m, m_low, m_high = _played(r, "M")
        a, a_low, a_high = _played(r, "A")
        agree = agreement(r, small)
        lines.append(
            f"| {r['kind']} | {r['seed']} | {r['round']} | {r['M']} | {r['A']} | "
            f"{r['coach'][small]['M']['value']:.1%} | {r['coach'][large]['M']['value']:.1%} | "
            f"{m:.0%} ({m_low:.0%}-{m_high:.0%}) | {a:.0%} ({a_low:.0%}-{a_high:.0%}) | "
            f"{agree['loss']:.2f} {agree['band_name']}{'' if agree['separated'] else ' ~'} | "
            f"{r['coach'][small]['M']['grade']} | {r['coach'][large]['M']['grade']} |")
    lines += ["", "~: the played-out intervals overlap.", "",
              f"| kind | positions | M {small} | M {large} | M played out | A {small} | "
              f"A {large} | A played out | separated | order agrees {small} / {large} | "
              f"band agrees {small} / {large} |",
              "|---|---|---|---|---|---|---|---|---|---|---|"]
    for kind in (*[k for k in KINDS if any(r["kind"] == k for r in rows)], "all"):
        at = [r for r in rows if kind in ("all", r["kind"])]
        cells = []
        for label in ("M", "A"):
            cells += [f"{statistics.fmean(r['coach'][b][label]['value'] for r in at):.1%}"
                      for b in budgets]
            cells.append(f"{statistics.fmean(_played(r, label)[0] for r in at):.1%}")
        orders, bands = [], []
        for b in budgets:
            judged = [agreement(r, b) for r in at]
            sides = [j["order"] for j in judged if j["order"] is not None]
            orders.append(f"{sum(sides)}/{len(sides)}")
            bands.append(f"{sum(j['band'] for j in judged)}/{len(judged)}")
        separated = sum(agreement(r, small)["separated"] for r in at)
        lines.append(f"| {kind} | {len(at)} | " + " | ".join(cells)
                     + f" | {separated} | {' / '.join(orders)} | {' / '.join(bands)} |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=2, help="positions per kind and round")
    parser.add_argument("--rounds", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--kinds", nargs="+", choices=KINDS, default=list(KINDS))
    parser.add_argument("--iterations", type=int, default=1000, help="the default budget")
    parser.add_argument("--factor", type=int, default=10)
    parser.add_argument("--games", type=int, default=40, help="games played out per move")
    parser.add_argument("--play-iterations", type=int, default=200,
                        help="each seat's search iterations a decision when playing out")
    parser.add_argument("--out", type=Path, default=Path("deck_decisions.jsonl"))
    parser.add_argument("--resume", action="store_true")
    parser.add_argument("--report", type=Path, help="only print the tables of this file")
    args = parser.parse_args(argv)
    if args.report is None:
        measure(args)
    print(report(args.report or args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
