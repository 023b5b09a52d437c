"""The subcommands: info, suggest, evaluate, analyze, new, moves, apply, play and review."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from clients.cli import records, review_chart, reviewing, tables
from clients.cli.files import InputError, read_message, read_position, to_json
from clients.cli.play import Table, parse_seats
from clients.cli.progress import ProgressBar
from clients.client import AdvisorClient, Limits
from contract.v1 import common_pb2
from games.registry import SERVED


def limits_of(args: argparse.Namespace) -> Limits:
    """The search budget given on the command line."""
    return Limits(
        iterations=args.iterations,
        time_ms=args.time_ms,
        seed=args.seed,
        workers=args.workers,
        candidates=args.candidates,
        strength=args.strength,
        engine=args.engine,
        model_opponents=args.model_opponents,
    )


def _observation(args: argparse.Namespace) -> common_pb2.Observation:
    return read_message(args.observation, common_pb2.Observation())


def info(client: AdvisorClient, args: argparse.Namespace) -> None:
    """Versions, games and server limits."""
    answer = client.get_info()
    if args.json:
        print(to_json(answer.proto))
        return
    print(f"service {answer.service_version}, engine {answer.engine_version}")
    for game in answer.games:
        counts = ", ".join(str(n) for n in game.player_counts)
        print(f"game {game.game}: {game.title}, {counts} players")
    limits = answer.limits
    print(
        f"limits: {limits.worker_processes} workers, {limits.max_iterations} iterations, "
        f"{limits.max_time_ms} ms, {limits.max_concurrent_rpcs} concurrent calls, "
        f"default {limits.default_iterations} iterations, {limits.max_tree_nodes} tree nodes"
    )


def suggest(client: AdvisorClient, args: argparse.Namespace) -> None:
    """The best move for the observation's seat to decide."""
    answer = client.suggest_move(_observation(args), limits_of(args),
                                 judge_candidates=args.judge)
    print(to_json(answer.proto) if args.json else tables.search_answer(answer))


def evaluate(client: AdvisorClient, args: argparse.Namespace) -> None:
    """Chances per seat, and the judgement of `--move` when given."""
    answer = client.evaluate(_observation(args), args.move, limits_of(args))
    print(to_json(answer.proto) if args.json else tables.evaluation(answer))


def analyze(client: AdvisorClient, args: argparse.Namespace) -> None:
    """A live search with a progress bar on stderr; `--json` prints every answer, one a line."""
    show = sys.stderr.isatty() if args.progress is None else args.progress
    bar = ProgressBar(sys.stderr, args.iterations, args.time_ms) if show else None
    analysis = client.analyze(
        _observation(args), limits_of(args), report_every_ms=args.report_ms
    )
    try:
        for answer in analysis:
            if args.json:
                print(to_json(answer.proto, compact=True), flush=True)
            if bar is not None:
                bar.update(answer.stats, answer.best_move.notation)
    except KeyboardInterrupt:
        analysis.stop()
    finally:
        if bar is not None:
            bar.close()
    if not args.json and analysis.latest is not None:
        print(tables.search_answer(analysis.latest))


def new(client: AdvisorClient, args: argparse.Namespace) -> None:
    """A fresh game's state as JSON, or one seat's observation of it with `--observe`."""
    state = client.new_game(
        args.players, seed=args.seed, start_seat=args.start_seat, turn_cap=args.turn_cap,
        game=args.game,
    )
    if args.observe is None:
        print(to_json(state))
    else:
        print(to_json(client.observe(state, args.observe).observation))


def moves(client: AdvisorClient, args: argparse.Namespace) -> None:
    """The legal moves of a state or an observation."""
    answer = client.legal_moves(read_position(args.position))
    if args.json:
        print(to_json(answer.proto))
        return
    print(f"Seat {answer.seat} to move:")
    for move in answer.moves:
        print(f"  {tables.move_text(move)}")


def apply(client: AdvisorClient, args: argparse.Namespace) -> None:
    """The state after `--move` on stdout (or a seat's observation); the events on stderr."""
    answer = client.apply_move(read_message(args.state, common_pb2.GameState()), args.move)
    for event in answer.events:
        print(f"{event.kind}: {event.description}", file=sys.stderr)
    if args.observe is None:
        print(to_json(answer.state))
    else:
        print(to_json(client.observe(answer.state, args.observe).observation))


def play(client: AdvisorClient, args: argparse.Namespace) -> None:
    """A game in the terminal, humans and bots in the seats `--seats` names."""
    game = SERVED[args.game]
    try:
        seats = parse_seats(args.seats, game)
    except ValueError as exc:
        raise InputError(f"--seats: {exc}") from None
    table = Table(client, game, seats, limits_of(args), args.hints, sys.stdin, sys.stdout)
    table.record_path = Path(args.record) if args.record else records.default_path()
    table.run(args.seed, args.turn_cap)


def _seats(text: str | None) -> list[int]:
    if not text:
        return []
    try:
        return [int(part) for part in text.split(",")]
    except ValueError:
        raise InputError(f"--seats: give seat numbers separated by commas, not {text!r}"
                         ) from None


def review(client: AdvisorClient, args: argparse.Namespace) -> None:
    """A recorded game judged move by move: a table as it streams, then each seat's summary;
    `--chart` draws the win probabilities."""
    record = records.load(args.record, args.index)
    judging = client.review_game(record, _seats(args.seats), limits_of(args),
                                 timeout=reviewing.deadline(args.timeout, record))
    try:
        if args.json:
            moves = []
            for move in judging:
                moves.append(move)
                print(to_json(move.proto, compact=True), flush=True)
            if judging.summary is not None:
                print(to_json(judging.summary.proto, compact=True))
        else:
            moves = reviewing.show(judging, lambda line: print(line, flush=True))
    except KeyboardInterrupt:
        judging.stop()
        raise
    if args.chart:
        review_chart.draw(moves, Path(args.chart), f"Review of {args.record}")
        print(f"Chart written to {args.chart}", file=sys.stderr)
