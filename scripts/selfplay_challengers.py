"""Seeded self-play of the compiled ISMCTS on Challengers!, data for its static evaluation.

Usage: python scripts/selfplay_challengers.py --out FILE.jsonl [--games 400] [--seed 1]
       [--iterations 300] [--explore-plies 10] [--players 2] [--opponent BOT] [--value V]

By default every seat is the compiled ISMCTS with the search's defaults and `--iterations` a
decision (`--value`: the arena's `value=`, which evaluator searches; `logistic` is the default
before the learned worth, the one the data of `evaluation.json` and `worth.json` came from),
deciding from its own observation (`GAME.observe`), so the data's decks are the ones
the search drafts, not the heuristic's. For the first `--explore-plies` decisions with a choice
the move is drawn in proportion to the root visits (temperature 1), later the most visited move is
played. At every decision of the tournament (forced ones too, as the fit's own self-play
records) the row holds each participant's `features.features` of the true state, the state a
playout of the search evaluates; each seat's own features read its own deck, which it knows
(`tests/challengers/test_selfplay_challengers.py`). One JSON line per tournament with its
result; game i has its own seed, `search.logit.game_seed(--seed, i)`, as the fit's self-play
games do, so `scripts/fit_challengers_evaluation.py --selfplay FILE` holds out the same
games.

With `--opponent BOT` (an arena bot spec: `greedy`, `power`, ...) the search plays one seat
only, `game % players` so the seats rotate, and every other seat is that bot, deciding from its
own observation with its own seed; the data's leaves then hold the target's population of
decks (the search's against the opponent's). The record names the opponent and the search's
seat.

The record also holds every move played (`moves`, in the notation, forced ones too), so
`replay` rebuilds each state, and at each of the search's decisions the root's visit counts
(`visits`: the ply, that is the index of the decision's move in `moves`, and each candidate's
notation and visits): the data `scripts/fit_challengers_worth.py` fits the search's card worth
on.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Hashable, Iterator
from pathlib import Path
from typing import Any

from clients.arena.specs import build_bot, parse_spec
from games.challengers import GAME, new_game
from games.challengers.knowledge.features import features
from games.challengers.state import State
from games.registry import entry
from search import Limits, SearchConfig, ismcts
from search.logit import game_seed


def play_game(num_players: int, seed: int, iterations: int, explore_plies: int,
              opponent: str | None = None, search_seat: int = 0,
              value: str = "default") -> dict[str, Any]:
    """One tournament of `num_players` from `seed`, as a JSON-ready record: self-play, or with
    `opponent` (an arena bot spec) the search in `search_seat` against that bot elsewhere; the
    search with the evaluator `value` names (the arena's `value=`)."""
    evaluator = entry("challengers").evaluator(value)
    rng = random.Random(seed)
    chance = random.Random(rng.getrandbits(62))
    bot = build_bot(parse_spec(opponent), GAME) if opponent else None
    state = new_game(num_players, seed)
    participants = range(state.num_participants)
    rows = []
    moves: list[str] = []
    visits = []
    choices = 0
    while not GAME.is_terminal(state):
        rows.append([[round(v, 6) for v in features(state, p)] for p in participants])
        actions = GAME.legal_actions(state)
        seat = GAME.current_player(state)
        action: Hashable
        if len(actions) == 1:
            action = actions[0]
        elif bot is not None and seat != search_seat:
            player, limits = bot
            action = player.choose(GAME.observe(state, seat), limits, rng.getrandbits(62))
        else:
            result = ismcts(GAME, evaluator, GAME.observe(state, seat),
                            Limits(iterations=iterations), SearchConfig(),
                            seed=rng.getrandbits(62))
            candidates = [c.action for c in result.candidates]
            visits.append({"ply": len(moves), "candidates": [
                [str(c.action), c.visits] for c in result.candidates]})
            if choices < explore_plies:
                action = rng.choices(candidates, weights=[c.visits for c in result.candidates])[0]
            else:
                action = candidates[0]
            choices += 1
        moves.append(str(action))
        GAME.apply(state, action, chance)  # type: ignore[arg-type]
    against = {"opponent": opponent, "search_seat": search_seat} if opponent else {}
    searched = {"value": value} if value != "default" else {}
    return {"seed": seed, "players": num_players, "iterations": iterations, **against, **searched,
            "result": GAME.returns(state), "rows": rows, "moves": moves, "visits": visits}


def replay(record: dict[str, Any]) -> Iterator[State]:
    """Each state of a recorded tournament in turn, before its move (`moves[i]` is played on
    the i-th); the chance draws come from the record's seed as in `play_game`."""
    rng = random.Random(record["seed"])
    chance = random.Random(rng.getrandbits(62))
    state = new_game(record["players"], record["seed"])
    for move in record["moves"]:
        yield state
        GAME.apply(state, GAME.parse(move), chance)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--iterations", type=int, default=300)
    parser.add_argument("--explore-plies", type=int, default=10)
    parser.add_argument("--players", type=int, default=2, choices=range(1, 9))
    parser.add_argument("--opponent", help="an arena bot spec for every seat but the search's"
                        " (default: self-play)")
    parser.add_argument("--value", default="default",
                        choices=list(entry("challengers").evaluators()),
                        help="the evaluator that searches, as the arena's value= (default: "
                             "the game's default)")
    args = parser.parse_args(argv)
    if args.opponent:
        parse_spec(args.opponent)  # a bad spec fails here, before any game
    args.out.parent.mkdir(parents=True, exist_ok=True)
    against = f", against {args.opponent}" if args.opponent else ""
    print(f"playing {args.games} tournaments ({args.iterations} iterations a decision, seed"
          f" {args.seed}{against})", file=sys.stderr)
    start = time.monotonic()
    with args.out.open("w", encoding="utf-8") as out:
        for index in range(args.games):
            record = {"game": index, "base_seed": args.seed, **play_game(
                args.players, game_seed(args.seed, index), args.iterations, args.explore_plies,
                args.opponent, index % args.players, args.value)}
            out.write(json.dumps(record, separators=(",", ":")) + "\n")
            out.flush()
            rate = (index + 1) / (time.monotonic() - start)
            print(f"game {index}: {len(record['rows'])} positions, result {record['result']}"
                  f" ({rate * 3600:.0f} games/h)", file=sys.stderr,
                  flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
