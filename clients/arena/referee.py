"""The referee: plays one game task on the true state, each bot seeing only its own seat."""

from __future__ import annotations

import random
import time

from clients.arena.record import GameRecord, GameTask, Status
from clients.arena.registry import is_capped, load_game
from clients.arena.specs import build_bot, parse_spec


def play(task: GameTask) -> GameRecord:
    """Play `task` to the end; never raises (a failure is recorded as an `error` game).

    Each bot gets `game.observe(state, seat)` and a fresh decision seed from its own stream; the
    referee applies the move to the true state with its own chance rng. A game longer than
    `task.max_plies` is stopped and scored as a draw (`capped`), as is one the engine ends by its
    own turn cap.
    """
    start = time.perf_counter()
    moves: list[str] = []
    seat = -1
    try:
        entry = load_game(task.game)
        game = entry.game
        players = [build_bot(parse_spec(spec), game) for spec in task.bots]
        streams = [random.Random(seed) for seed in task.bot_seeds]
        chance = random.Random(task.chance_seed)
        state = entry.new_game(len(task.bots), task.setup_seed)
        while not game.is_terminal(state):
            if len(moves) >= task.max_plies:
                share = 1.0 / len(task.bots)
                return _record(task, "capped", moves, (share,) * len(task.bots), start)
            seat = game.current_player(state)
            bot, limits = players[seat]
            action = bot.choose(game.observe(state, seat), limits, streams[seat].getrandbits(63))
            if action not in game.legal_actions(state):
                raise ValueError(f"illegal move {action}")
            moves.append(str(action))
            game.apply(state, action, chance)
            seat = -1
        status: Status = "capped" if is_capped(state) else "finished"
        return _record(task, status, moves, tuple(game.returns(state)), start)
    except Exception as err:  # a crashing bot or engine must not stop the run
        who = f"seat {seat} ({task.bots[seat]}) " if seat >= 0 else ""
        error = f"{who}after {len(moves)} plies: {type(err).__name__}: {err}"
        return GameRecord(task, "error", tuple(moves), (), error, time.perf_counter() - start)


def _record(
    task: GameTask, status: Status, moves: list[str], returns: tuple[float, ...], start: float
) -> GameRecord:
    return GameRecord(task, status, tuple(moves), returns, "", time.perf_counter() - start)
