"""A game in the terminal: humans and bots at one table, refereed by the server.

Every rule question goes to the server (NewGame, LegalMoves, ApplyMove, Observe), so this works
against any advisor server; bots ask SuggestMove, a human's `hint` asks one SuggestMove that
judges its candidates.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import TextIO

import grpc

from clients.cli.board import draw, standing
from clients.cli.tables import move_text, per_seat
from clients.client import AdvisorClient, AdvisorError, Applied, Limits, SeatSummary
from contract.v1 import common_pb2
from games.registry import GameEntry

SEAT_KINDS = ("human", "bot")
HELP = (
    "Type a move in notation (e.g. {examples}), or:\n"
    "  moves, ?   list the legal moves\n"
    "  hint       the advisor's top moves and why\n"
    "  board      show the table again\n"
    "  quit       leave the game"
)


def parse_seats(text: str, game: GameEntry) -> list[str]:
    """"human,bot" → ["human", "bot"]; ValueError unless the game's number of known kinds."""
    seats = [part.strip().lower() for part in text.split(",")]
    unknown = [s for s in seats if s not in SEAT_KINDS]
    if unknown:
        raise ValueError(f"unknown seat kind {unknown[0]!r}: use human or bot")
    if len(seats) not in game.player_counts:
        raise ValueError(
            f"{game.name} has {game.player_counts[0]} to {game.player_counts[-1]} seats, "
            f"not {len(seats)}"
        )
    return seats


@dataclass
class Table:
    """One game: who sits where, how bots search, and where the terminal is."""

    client: AdvisorClient
    game: GameEntry
    seats: Sequence[str]
    limits: Limits
    hints: int
    stdin: TextIO
    stdout: TextIO
    shown: str | None = field(default=None, init=False)
    """The standings line last printed."""

    def say(self, text: str = "") -> None:
        """Write one line (or several) to the player."""
        print(text, file=self.stdout, flush=True)

    def run(self, seed: int | None, turn_cap: int) -> None:
        """Play to the end or until a human quits."""
        state = self.client.new_game(
            len(self.seats), seed=seed, turn_cap=turn_cap, game=self.game.name
        )
        self.say(f"New game: {', '.join(f'seat {i} {k}' for i, k in enumerate(self.seats))}")
        if self.game.results_between_moves:
            self.standings(state)
        while True:
            seat = self.client.legal_moves(state).seat
            if self.seats[seat] == "bot":
                answer: Applied | None = self.bot_turn(state, seat)
            else:
                answer = self.human_turn(state, seat)
            if answer is None:
                self.say("Game left.")
                return
            self.report(answer)
            if self.game.results_between_moves:
                self.standings(answer.state)
            state = answer.state
            if answer.game_over:
                self.finish(answer.summaries)
                return

    def bot_turn(
        self, state: common_pb2.GameState, seat: int
    ) -> Applied:
        """The advisor's move for `seat`, played."""
        observation = self.client.observe(state, seat).observation
        move = self.client.suggest_move(observation, self.limits, skip_follow_ups=True).best_move
        answer = self.client.apply_move(state, move.notation)
        if "human" in self.seats and self.game.hides(move.notation):
            kind = move.notation.partition(":")[0]
            self.say(f"Seat {seat} (bot) plays {kind}:? (hidden from the other seats)")
            answer = replace(answer, events=())
        else:
            self.say(f"Seat {seat} (bot) plays {move_text(move)}")
        return answer

    def human_turn(
        self, state: common_pb2.GameState, seat: int
    ) -> Applied | None:
        """Commands until a legal move is entered (None: the player quits)."""
        observation = self.client.observe(state, seat).observation
        self.say()
        self.say(draw(observation))
        while True:
            self.stdout.write(f"seat {seat}> ")
            self.stdout.flush()
            line = self.stdin.readline()
            if not line:
                return None
            command = line.strip()
            if command in ("quit", "exit"):
                return None
            if command in ("moves", "?"):
                self.list_moves(observation)
            elif command == "hint":
                self.hint(observation)
            elif command == "board":
                self.say(draw(observation))
            elif command == "help":
                self.say(HELP.format(examples=self.game.examples))
            elif command:
                try:
                    return self.client.apply_move(state, command)
                except AdvisorError as error:
                    self.say(rejection(command, error))

    def list_moves(self, observation: common_pb2.Observation) -> None:
        """Every legal move, notation then words."""
        for move in self.client.legal_moves(observation).moves:
            self.say(f"  {move_text(move)}")

    def hint(self, observation: common_pb2.Observation) -> None:
        """The advisor's top moves, each judged by a search of its own (one call): best judged
        first, with its win chance, interval, grade and the coach's reasons."""
        limits = replace(self.limits, candidates=self.hints)
        answer = self.client.suggest_move(observation, limits, skip_follow_ups=True,
                                          judge_candidates=True)
        for number, judged in enumerate(answer.judged, start=1):
            choice = ", the search's choice" if judged.rank == 1 else ""
            self.say(f"  {number}. {move_text(judged.move)} ({judged.win_probability:.0%} to "
                     f"win, {judged.lcb:.0%}-{judged.ucb:.0%}, {judged.grade}{choice})")
            for reason in judged.reasons:
                self.say(f"       - {reason}")

    def report(self, answer: Applied) -> None:
        """What the move caused."""
        for event in answer.events:
            self.say(f"    {event.description}")

    def standings(self, state: common_pb2.GameState) -> None:
        """The standings as the first human (or seat 0) sees them, when they changed."""
        viewer = self.seats.index("human") if "human" in self.seats else 0
        line = standing(self.client.observe(state, viewer).observation)
        if line is not None and line != self.shown:
            self.say(f"  Standings: {line}")
            self.shown = line

    def finish(self, summaries: Sequence[SeatSummary]) -> None:
        """The final scores."""
        self.say("Game over. Points: " + per_seat([s.points for s in summaries], "{:d}"))


def rejection(command: str, error: AdvisorError) -> str:
    """Why an entered move was refused, in words, with what to do next."""
    if error.code == grpc.StatusCode.INVALID_ARGUMENT:
        why = "; ".join(v.description for v in error.violations) or error.message
        return f"Not a move: {command!r}: {why}. Type ? for the legal moves, help for commands."
    if error.code == grpc.StatusCode.FAILED_PRECONDITION:
        return f"Refused: {error.message}. Type ? for the legal moves."
    raise error
