"""What one seat may know (`observe`), and worlds consistent with it (`sample`).

Hidden from everyone: the order of the three decks. Hidden from all but the reserving seat: the
identity of a blind-reserved card (its level is public). Everything else is public.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from games.fields import freezer, shared, thawer
from games.splendor_marvel.catalogue import CARDS_OF_LEVEL, LEVEL, LEVELS
from games.splendor_marvel.history import History
from games.splendor_marvel.state import Phase, SplendorState


@dataclass(frozen=True, slots=True)
class ReservedCard:
    """A card in a hand as a seat sees it: `card` is 0 when that seat cannot see it."""

    card: int
    level: int
    public: bool  # reserved face up, so every seat knows it


Beliefs = dict[tuple[int, int], dict[int, int]]
"""(seat, index in its hand) of a hidden reserve → {unseen card: integer weight ≥ 1}; a card
left out weighs 1."""


@dataclass(frozen=True, slots=True)
class Observation:
    """Everything `seat` may know; equal observations mean indistinguishable worlds (the
    history and beliefs say how the seat got here and what it makes of it: not compared)."""

    seat: int
    num_players: int
    start_seat: int
    current: int
    phase: Phase
    round: int
    passes: int
    end_triggered: bool
    turn_cap: int
    result: tuple[float, ...] | None
    supply: tuple[int, ...]
    tokens: tuple[tuple[int, ...], ...]
    bonuses: tuple[tuple[int, ...], ...]
    card_points: tuple[int, ...]
    tags: tuple[int, ...]
    tableau: tuple[tuple[int, ...], ...]
    reserved: tuple[tuple[ReservedCard, ...], ...]
    locations_left: tuple[int, ...]
    locations_won: tuple[tuple[int, ...], ...]
    avengers: int
    board: tuple[int, ...]
    deck_sizes: tuple[int, int, int]
    history: History | None = field(default=None, compare=False)
    """The public record as this seat knows it (None when the asker did not send one)."""
    beliefs: Beliefs | None = field(default=None, compare=False)
    """How likely each unseen card is to be each hidden reserve, from an opponent model
    (`games.splendor_marvel.opponent_model.believe`); None draws them uniformly."""

    def unseen_cards(self) -> dict[int, list[int]]:
        """Per level, the cards this seat cannot place: in a deck or in a hidden reserve."""
        seen = {card for card in self.board if card}
        for row in self.tableau:
            seen.update(row)
        for hand in self.reserved:
            seen.update(r.card for r in hand if r.card)
        return {
            level: [card for card in CARDS_OF_LEVEL[level] if card not in seen] for level in LEVELS
        }


SHARED = shared(SplendorState, Observation, shown_otherwise={"reserved", "history"})
"""The fields an observation holds as the state does (every one but the hands and decks)."""
_freeze = freezer(SplendorState, SHARED)
_thaw = thawer(SplendorState, SHARED)


def observe(state: SplendorState, seat: int) -> Observation:
    """The observation of `seat`."""
    reserved = tuple(
        tuple(
            ReservedCard(card if public or owner == seat else 0, LEVEL[card], public)
            for card, public in zip(cards, flags, strict=True)
        )
        for owner, (cards, flags) in enumerate(
            zip(state.reserved, state.reserved_public, strict=True)
        )
    )
    decks = state.decks
    history = state.history
    return Observation(
        seat=seat, reserved=reserved, deck_sizes=(len(decks[0]), len(decks[1]), len(decks[2])),
        history=None if history is None else history.seen_by(state, seat), **_freeze(state),
    )


def sample(observation: Observation, rng: random.Random) -> SplendorState:
    """A world consistent with the observation: unseen cards dealt uniformly at random, or the
    hidden reserves by the observation's beliefs where it has them (`draw_believed`).

    Raises ValueError when the observation leaves too few or too many unseen cards of a level.
    """
    obs = observation
    unseen = obs.unseen_cards()
    for cards in unseen.values():
        cards.sort(key=lambda _: rng.random())  # a uniform shuffle, faster than rng.shuffle
    hidden_needed = {level: 0 for level in LEVELS}
    for hand in obs.reserved:
        for r in hand:
            if not r.card:
                hidden_needed[r.level] += 1
    for level in LEVELS:
        expected = hidden_needed[level] + obs.deck_sizes[level - 1]
        if len(unseen[level]) != expected:
            raise ValueError(
                f"level {level}: {len(unseen[level])} unseen cards, but hidden reserves and "
                f"the deck hold {expected}"
            )

    state = SplendorState.__new__(SplendorState)
    if obs.beliefs is None:
        state.reserved = [[r.card or unseen[r.level].pop() for r in hand] for hand in obs.reserved]
    else:
        state.reserved = _believed_hands(obs, obs.beliefs, unseen, rng)
    state.reserved_public = [[r.public for r in hand] for hand in obs.reserved]
    state.decks = [unseen[level] for level in LEVELS]
    state.history = None
    _thaw(obs, state)
    return state


def _believed_hands(
    obs: Observation, beliefs: Beliefs, unseen: dict[int, list[int]], rng: random.Random
) -> list[list[int]]:
    """The hands with each hidden reserve drawn by its beliefs, level by level, seat by seat."""
    hands = [[r.card for r in hand] for hand in obs.reserved]
    for level in LEVELS:
        for seat, hand in enumerate(obs.reserved):
            for index, r in enumerate(hand):
                if not r.card and r.level == level:
                    weights = beliefs.get((seat, index), {})
                    hands[seat][index] = draw_believed(unseen[level], weights, rng)
    return hands


def draw_believed(cards: list[int], weights: dict[int, int], rng: random.Random) -> int:
    """Remove and return one of `cards`, each as likely as its weight (1 if not listed).

    Integer weights and one `rng.random()` make the compiled sampler's draw the same.
    """
    total = sum(weights.get(card, 1) for card in cards)
    target = int(rng.random() * total)
    for index, card in enumerate(cards):
        target -= weights.get(card, 1)
        if target < 0:
            return cards.pop(index)
    return cards.pop()
