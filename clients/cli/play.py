"""A game in the terminal: humans and bots at one table, refereed by the server.

Every rule question goes to the server (NewGame, LegalMoves, ApplyMove, Observe), so this works
against any advisor server; bots ask SuggestMove, a human's `hint` asks SuggestMove and
Evaluate, `last` Evaluate. The game's record (its first state and every move) is saved at the
end, and a human is offered a review of it (ReviewGame).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TextIO

import grpc

from clients.cli import records, reviewing
from clients.cli.board import draw, standing
from clients.cli.tables import assessment_lines, move_text, per_seat
from clients.client import AdvisorClient, AdvisorError, Applied, Limits, SeatSummary
from contract.v1 import advisor_pb2, common_pb2
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
    record_path: Path | None = None
    """Where the game's record is saved at the end (None: not saved)."""
    record: advisor_pb2.GameRecord = field(default_factory=advisor_pb2.GameRecord, init=False)
    """The first state and every move played so far."""
    before: dict[int, tuple[common_pb2.Observation, str]] = field(default_factory=dict,
                                                                   init=False)
    """Each seat's last move, with the observation it was chosen from."""

    def say(self, text: str = "") -> None:
        """Write one line (or several) to the player."""
        print(text, file=self.stdout, flush=True)

    def run(self, seed: int | None, turn_cap: int) -> None:
        """Play to the end or until a human quits."""
        state = self.client.new_game(
            len(self.seats), seed=seed, turn_cap=turn_cap, game=self.game.name
        )
        self.record.initial_state.CopyFrom(state)
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
                self.save()
                self.say("Game left.")
                return
            self.report(answer)
            if self.game.results_between_moves:
                self.standings(answer.state)
            state = answer.state
            if answer.game_over:
                self.save()
                self.finish(answer.summaries)
                self.offer_review()
                return

    def bot_turn(
        self, state: common_pb2.GameState, seat: int
    ) -> Applied:
        """The advisor's move for `seat`, played."""
        observation = self.client.observe(state, seat).observation
        move = self.client.suggest_move(observation, self.limits, skip_follow_ups=True).best_move
        answer = self.client.apply_move(state, move.notation)
        self.played(seat, observation, move.notation)
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
            elif command == "last":
                self.last(seat)
            elif command == "board":
                self.say(draw(observation))
            elif command == "help":
                self.say(HELP.format(examples=self.game.examples))
            elif command:
                try:
                    answer = self.client.apply_move(state, command)
                except AdvisorError as error:
                    self.say(rejection(command, error))
                    continue
                self.played(seat, observation, command)
                return answer

    def list_moves(self, observation: common_pb2.Observation) -> None:
        """Every legal move, notation then words."""
        for move in self.client.legal_moves(observation).moves:
            self.say(f"  {move_text(move)}")

    def hint(self, observation: common_pb2.Observation) -> None:
        """The advisor's top moves, each with its win chance and the coach's reasons."""
        limits = replace(self.limits, candidates=self.hints)
        answer = self.client.suggest_move(observation, limits, skip_follow_ups=True)
        for candidate in answer.candidates[: self.hints]:
            win = candidate.win_probability[answer.seat]
            tie = ", as good as the best" if candidate.tied_with_best and candidate.rank > 1 else ""
            self.say(f"  {candidate.rank}. {move_text(candidate.move)} ({win:.0%} to win, "
                     f"{candidate.lcb:.0%}-{candidate.ucb:.0%}{tie})")
            judged = self.client.evaluate(observation, candidate.move, self.limits)
            for reason in judged.assessment.reasons if judged.assessment else ():
                self.say(f"       - {reason}")

    def played(self, seat: int, observation: common_pb2.Observation, notation: str) -> None:
        """Add a move to the record, and remember it for `last`."""
        self.record.moves.add(notation=notation)
        self.before[seat] = (observation, notation)

    def last(self, seat: int) -> None:
        """What the seat's last move cost, judged from the observation it was chosen from."""
        if seat not in self.before:
            self.say("  You have not moved yet.")
            return
        observation, notation = self.before[seat]
        judged = self.client.evaluate(observation, notation, self.limits).assessment
        if judged is not None:
            for line in assessment_lines(judged):
                self.say(f"  {line}")

    def save(self) -> None:
        """Write the record, and say where and how to review it."""
        if self.record_path is None:
            return
        try:
            records.save(self.record_path, self.record)
        except OSError as error:
            self.say(f"Could not save the game record to {self.record_path}: {error.strerror}")
            return
        self.say(f"Game record saved to {self.record_path} "
                 f"(review it: python -m clients.cli review {self.record_path})")

    def offer_review(self) -> None:
        """Ask a human whether to review their moves now, and do it."""
        humans = [seat for seat, kind in enumerate(self.seats) if kind == "human"]
        if not humans:
            return
        self.stdout.write("Review your moves now? [y/N] ")
        self.stdout.flush()
        if self.stdin.readline().strip().lower() not in ("y", "yes"):
            return
        timeout = reviewing.deadline(self.client.timeout, self.record)
        review = self.client.review_game(self.record, humans, self.limits, timeout=timeout)
        reviewing.show(review, self.say)

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
