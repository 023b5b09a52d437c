"""Small games with known answers, written against `search.game.Game`.

They are plain module-level classes so worker processes can unpickle them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

# Nim (perfect information) is the toy third game, promoted to games/nim; re-exported here.
from games.nim import Nim, NimObservation, NimState  # noqa: F401


class IllegalAction(ValueError):
    """Raised by `apply` when an action is not legal in the state it is applied to."""


# --- Guess the card: strategy fusion --------------------------------------------------------

SAFE = "safe"
GAMBLE = "gamble"
SAFE_REWARD = 0.6
CARDS = (0, 1, 2)


@dataclass
class GuessState:
    card: int
    gambled: bool = False
    outcome: tuple[float, float] | None = None


@dataclass(frozen=True)
class GuessObservation:
    gambled: bool
    card: int | None  # known to seat 1 only


class GuessTheCard:
    """Seat 1 holds one card of three, unseen by seat 0. Seat 0 takes a sure 0.6 (`safe`) or
    `gamble`s: it then names a card, winning if right. Named blind, a guess is right one time
    in three, so `safe` is correct; a searcher who sees the card in each world thinks it can
    always name it (strategy fusion) and gambles."""

    name = "guess-the-card"

    def num_players(self, state: GuessState) -> int:
        return 2

    def current_player(self, state: GuessState) -> int:
        return 0

    def legal_actions(self, state: GuessState) -> Sequence[str]:
        if state.gambled:
            return [f"name{c}" for c in CARDS]
        return [SAFE, GAMBLE]

    def apply(self, state: GuessState, action: str, rng: random.Random) -> None:
        if action not in self.legal_actions(state):
            raise IllegalAction(action)
        if action == SAFE:
            state.outcome = (SAFE_REWARD, 1 - SAFE_REWARD)
        elif action == GAMBLE:
            state.gambled = True
        else:
            state.outcome = (1.0, 0.0) if action == f"name{state.card}" else (0.0, 1.0)

    def clone(self, state: GuessState) -> GuessState:
        return GuessState(state.card, state.gambled, state.outcome)

    def is_terminal(self, state: GuessState) -> bool:
        return state.outcome is not None

    def returns(self, state: GuessState) -> Sequence[float]:
        assert state.outcome is not None
        return state.outcome

    def observe(self, state: GuessState, seat: int) -> GuessObservation:
        return GuessObservation(state.gambled, state.card if seat == 1 else None)

    def sample(self, observation: GuessObservation, rng: random.Random) -> GuessState:
        card = observation.card if observation.card is not None else rng.choice(CARDS)
        return GuessState(card, observation.gambled)

    def rollout_action(self, state: GuessState, rng: random.Random) -> str:
        legal = self.legal_actions(state)
        return legal[rng.randrange(len(legal))]

    def evaluate(self, state: GuessState) -> Sequence[float]:
        return (0.5, 0.5)

    def priors(self, state: GuessState, actions: Sequence[str]) -> Sequence[float]:
        return [1.0 / len(actions)] * len(actions)


# --- Kingmaker: three seats, each chooses for itself ----------------------------------------

KINGMAKER_OUTCOMES = {
    ("a", "x"): (0.0, 0.6, 0.4),
    ("a", "y"): (1.0, 0.0, 0.0),
    ("b", "c"): (0.5, 0.4, 0.1),
    ("b", "d"): (0.2, 0.1, 0.7),
}


@dataclass
class KingmakerState:
    moves: list[str] = field(default_factory=list)


class Kingmaker:
    """Seat 0 plays `a` (seat 1 then picks x or y) or `b` (seat 2 then picks c or d).
    Each picks what is best for itself: a→x gives seat 0 nothing, b→d gives it 0.2, so `b`.
    A search that scored every node from seat 0's view would play `a` hoping for y."""

    name = "kingmaker"

    def num_players(self, state: KingmakerState) -> int:
        return 3

    def current_player(self, state: KingmakerState) -> int:
        if not state.moves:
            return 0
        return 1 if state.moves[0] == "a" else 2

    def legal_actions(self, state: KingmakerState) -> Sequence[str]:
        if not state.moves:
            return ["a", "b"]
        return ["x", "y"] if state.moves[0] == "a" else ["c", "d"]

    def apply(self, state: KingmakerState, action: str, rng: random.Random) -> None:
        if action not in self.legal_actions(state):
            raise IllegalAction(action)
        state.moves.append(action)

    def clone(self, state: KingmakerState) -> KingmakerState:
        return KingmakerState(list(state.moves))

    def is_terminal(self, state: KingmakerState) -> bool:
        return len(state.moves) == 2

    def returns(self, state: KingmakerState) -> Sequence[float]:
        return KINGMAKER_OUTCOMES[(state.moves[0], state.moves[1])]

    def observe(self, state: KingmakerState, seat: int) -> tuple[str, ...]:
        return tuple(state.moves)

    def sample(self, observation: tuple[str, ...], rng: random.Random) -> KingmakerState:
        return KingmakerState(list(observation))

    def rollout_action(self, state: KingmakerState, rng: random.Random) -> str:
        legal = self.legal_actions(state)
        return legal[rng.randrange(len(legal))]

    def evaluate(self, state: KingmakerState) -> Sequence[float]:
        return (1 / 3, 1 / 3, 1 / 3)

    def priors(self, state: KingmakerState, actions: Sequence[str]) -> Sequence[float]:
        return [1.0 / len(actions)] * len(actions)


# --- High card: hidden hands, legal sets differ between worlds ------------------------------


@dataclass
class HighCardState:
    hands: list[list[int]]
    table: list[int] = field(default_factory=list)  # cards played this game, in order
    wins: list[int] = field(default_factory=lambda: [0, 0])
    player: int = 0


@dataclass(frozen=True)
class HighCardObservation:
    seat: int
    hand: tuple[int, ...]
    table: tuple[int, ...]
    wins: tuple[int, int]
    player: int
    deck: int
    hand_size: int


class HighCard:
    """Two seats, hands of `hand_size` cards from 1..`deck`, the rest unseen. Each trick the
    leader plays a card face up, the other answers; the higher card wins the trick and leads
    next. Most tricks wins (a split is half a win each). A seat may play only cards it holds,
    so the opponent's legal moves depend on its hidden hand."""

    name = "high-card"

    def __init__(self, deck: int = 9, hand_size: int = 3):
        self.deck = deck
        self.hand_size = hand_size

    def deal(self, rng: random.Random) -> HighCardState:
        cards = list(range(1, self.deck + 1))
        rng.shuffle(cards)
        n = self.hand_size
        return HighCardState([sorted(cards[:n]), sorted(cards[n : 2 * n])])

    def num_players(self, state: HighCardState) -> int:
        return 2

    def current_player(self, state: HighCardState) -> int:
        return state.player

    def legal_actions(self, state: HighCardState) -> Sequence[int]:
        return state.hands[state.player]

    def apply(self, state: HighCardState, action: int, rng: random.Random) -> None:
        hand = state.hands[state.player]
        if action not in hand:
            raise IllegalAction(action)
        hand.remove(action)
        state.table.append(action)
        if len(state.table) % 2:
            state.player = 1 - state.player
            return
        lead, answer = state.table[-2], state.table[-1]
        leader = 1 - state.player
        winner = leader if lead > answer else state.player
        state.wins[winner] += 1
        state.player = winner

    def clone(self, state: HighCardState) -> HighCardState:
        return HighCardState(
            [list(h) for h in state.hands], list(state.table), list(state.wins), state.player
        )

    def is_terminal(self, state: HighCardState) -> bool:
        return not state.hands[0] and not state.hands[1]

    def returns(self, state: HighCardState) -> Sequence[float]:
        a, b = state.wins
        return (1.0, 0.0) if a > b else (0.0, 1.0) if b > a else (0.5, 0.5)

    def observe(self, state: HighCardState, seat: int) -> HighCardObservation:
        return HighCardObservation(
            seat,
            tuple(state.hands[seat]),
            tuple(state.table),
            (state.wins[0], state.wins[1]),
            state.player,
            self.deck,
            self.hand_size,
        )

    def sample(self, observation: HighCardObservation, rng: random.Random) -> HighCardState:
        seen = set(observation.hand) | set(observation.table)
        unseen = [c for c in range(1, observation.deck + 1) if c not in seen]
        rng.shuffle(unseen)
        other = 1 - observation.seat
        # the opponent holds as many cards as it has not yet played
        played_by_other = self._played_by(observation, other)
        theirs = sorted(unseen[: observation.hand_size - played_by_other])
        hands = [[], []]  # type: list[list[int]]
        hands[observation.seat] = list(observation.hand)
        hands[other] = theirs
        return HighCardState(hands, list(observation.table), list(observation.wins),
                             observation.player)

    @staticmethod
    def _played_by(observation: HighCardObservation, seat: int) -> int:
        mine = observation.hand_size - len(observation.hand)
        return len(observation.table) - mine if seat != observation.seat else mine

    def information_key(self, state: HighCardState, seat: int) -> tuple[int, ...]:
        return tuple(state.hands[seat])

    def rollout_action(self, state: HighCardState, rng: random.Random) -> int:
        hand = state.hands[state.player]
        return hand[rng.randrange(len(hand))]

    def evaluate(self, state: HighCardState) -> Sequence[float]:
        a, b = state.wins
        return (0.5, 0.5) if a == b else (0.75, 0.25) if a > b else (0.25, 0.75)

    def priors(self, state: HighCardState, actions: Sequence[int]) -> Sequence[float]:
        total = sum(actions)
        return [a / total for a in actions]


# --- Raise or check: the opponent's private card decides its answer -----------------------

CHECK_REWARD = 0.4
FOLD_REWARD = 0.6
HIGH, LOW = "high", "low"


@dataclass
class RaiseState:
    card: str  # seat 1's, unseen by seat 0
    moves: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class RaiseObservation:
    moves: tuple[str, ...]
    card: str | None  # known to seat 1 only


class RaiseOrCheck:
    """A one-card Kuhn: seat 1 holds `high` or `low`, unseen by seat 0. Seat 0 `check`s (it
    keeps 0.4) or `raise`s; seat 1 then `fold`s (seat 0 keeps 0.6) or `call`s (the high card
    takes all). Seat 1 knows its card, so it calls high and folds low, and raising earns seat
    0 only (0 + 0.6) / 2 = 0.3: check. An opponent modelled as not knowing its own card calls
    always (1/2 > 0.4 on average), which makes raising look worth 0.5."""

    name = "raise-or-check"

    def num_players(self, state: RaiseState) -> int:
        return 2

    def current_player(self, state: RaiseState) -> int:
        return len(state.moves)

    def legal_actions(self, state: RaiseState) -> Sequence[str]:
        if not state.moves:
            return ["check", "raise"]
        return ["call", "fold"]

    def apply(self, state: RaiseState, action: str, rng: random.Random) -> None:
        if action not in self.legal_actions(state):
            raise IllegalAction(action)
        state.moves.append(action)

    def clone(self, state: RaiseState) -> RaiseState:
        return RaiseState(state.card, list(state.moves))

    def is_terminal(self, state: RaiseState) -> bool:
        return state.moves[-1:] == ["check"] or len(state.moves) == 2

    def returns(self, state: RaiseState) -> Sequence[float]:
        last = state.moves[-1]
        seat0 = (
            CHECK_REWARD if last == "check"
            else FOLD_REWARD if last == "fold"
            else 0.0 if state.card == HIGH
            else 1.0
        )
        return (seat0, 1.0 - seat0)

    def observe(self, state: RaiseState, seat: int) -> RaiseObservation:
        return RaiseObservation(tuple(state.moves), state.card if seat == 1 else None)

    def sample(self, observation: RaiseObservation, rng: random.Random) -> RaiseState:
        card = observation.card or rng.choice((HIGH, LOW))
        return RaiseState(card, list(observation.moves))

    def information_key(self, state: RaiseState, seat: int) -> str | None:
        return state.card if seat == 1 else None

    def rollout_action(self, state: RaiseState, rng: random.Random) -> str:
        legal = self.legal_actions(state)
        return legal[rng.randrange(len(legal))]

    def evaluate(self, state: RaiseState) -> Sequence[float]:
        return (0.5, 0.5)

    def priors(self, state: RaiseState, actions: Sequence[str]) -> Sequence[float]:
        return [1.0 / len(actions)] * len(actions)


# --- Secret pick: a move the other seat cannot see -------------------------------------------

PICKS = (0, 1, 2)
A_PICK = "a pick"
"""How seat 1 sees seat 0's pick."""


@dataclass
class PickState:
    pick: int | None = None
    guess: int | None = None


@dataclass(frozen=True)
class PickObservation:
    picked: bool
    pick: int | None  # known to seat 0 only


class SecretPick:
    """Seat 0 secretly picks 0, 1 or 2; seat 1, who saw only that a pick was made, guesses
    it. A right guess wins for seat 1, a wrong one for seat 0: guessing blind, seat 1 is right
    one time in three, so seat 0's position is worth 2/3. A search that lets seat 1 see the
    pick thinks seat 1 is always right."""

    name = "secret-pick"

    def num_players(self, state: PickState) -> int:
        return 2

    def current_player(self, state: PickState) -> int:
        return 0 if state.pick is None else 1

    def legal_actions(self, state: PickState) -> Sequence[tuple[str, int]]:
        verb = "pick" if state.pick is None else "guess"
        return [(verb, n) for n in PICKS]

    def apply(self, state: PickState, action: tuple[str, int], rng: random.Random) -> None:
        if action not in self.legal_actions(state):
            raise IllegalAction(action)
        if state.pick is None:
            state.pick = action[1]
        else:
            state.guess = action[1]

    def clone(self, state: PickState) -> PickState:
        return PickState(state.pick, state.guess)

    def is_terminal(self, state: PickState) -> bool:
        return state.guess is not None

    def returns(self, state: PickState) -> Sequence[float]:
        return (0.0, 1.0) if state.guess == state.pick else (1.0, 0.0)

    def observe(self, state: PickState, seat: int) -> PickObservation:
        return PickObservation(state.pick is not None, state.pick if seat == 0 else None)

    def sample(self, observation: PickObservation, rng: random.Random) -> PickState:
        if not observation.picked or observation.pick is not None:
            return PickState(observation.pick)
        return PickState(rng.choice(PICKS))

    def information_key(self, state: PickState, seat: int) -> int | None:
        return state.pick if seat == 0 else None

    def observed_action(
        self, state: PickState, action: tuple[str, int], seat: int
    ) -> tuple[str, int] | str:
        return A_PICK if action[0] == "pick" and seat != 0 else action

    def rollout_action(self, state: PickState, rng: random.Random) -> tuple[str, int]:
        legal = self.legal_actions(state)
        return legal[rng.randrange(len(legal))]

    def evaluate(self, state: PickState) -> Sequence[float]:
        return (0.5, 0.5)

    def priors(self, state: PickState, actions: Sequence[tuple[str, int]]) -> Sequence[float]:
        return [1.0 / len(actions)] * len(actions)
