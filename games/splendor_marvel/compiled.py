"""The compiled twin of the engine (`kernel`) and the glue between its arrays and our objects.

`COMPILED` follows `search.compiled_game.CompiledGame` with the logistic evaluation and
hand-written priors (`knowledge.HAND_WRITTEN`'s twin); the learned twins
(`knowledge.LearnedCompiled`, among them `evaluators.EVALUATOR.compiled`) share its encoding,
with `evaluate` and `priors` bound to their networks.
"""

from __future__ import annotations

import numpy as np

from games.splendor_marvel.actions import ALL_ACTIONS, Action
from games.splendor_marvel.catalogue import LEVELS
from games.splendor_marvel.kernel import game as k
from games.splendor_marvel.kernel import layout as L
from games.splendor_marvel.observation import Observation, observe
from games.splendor_marvel.state import Phase, SplendorState, new_game
from kernels.version import source_version


def _write_common(world: np.ndarray, source: SplendorState | Observation) -> None:
    """The cells a state and an observation share (everything but hands and decks)."""
    world[L.NUM_PLAYERS] = source.num_players
    world[L.CURRENT] = source.current
    world[L.PHASE] = int(source.phase)
    world[L.START_SEAT] = source.start_seat
    world[L.ROUND] = source.round
    world[L.PASSES] = source.passes
    world[L.END_TRIGGERED] = source.end_triggered
    world[L.TURN_CAP] = source.turn_cap
    world[L.AVENGERS] = source.avengers
    if source.result is not None:
        world[L.OVER] = 1
        world[L.WINNERS] = sum(1 << seat for seat, share in enumerate(source.result) if share)
    world[L.LOCATIONS_LEFT_COUNT] = len(source.locations_left)
    world[L.LOCATIONS_LEFT : L.LOCATIONS_LEFT + len(source.locations_left)] = (
        source.locations_left
    )
    world[L.SUPPLY : L.SUPPLY + 7] = source.supply
    for seat in range(source.num_players):
        base = L.SEATS + seat * L.SEAT_SIZE
        world[base + L.TOKENS : base + L.TOKENS + 7] = source.tokens[seat]
        world[base + L.BONUSES : base + L.BONUSES + 5] = source.bonuses[seat]
        world[base + L.CARD_POINTS] = source.card_points[seat]
        world[base + L.TAG_COUNT] = source.tags[seat]
        won = source.locations_won[seat]
        world[base + L.LOCATIONS_WON_COUNT] = len(won)
        world[base + L.LOCATIONS_WON : base + L.LOCATIONS_WON + len(won)] = won
        tableau = source.tableau[seat]
        world[base + L.TABLEAU_COUNT] = len(tableau)
        world[base + L.TABLEAU : base + L.TABLEAU + len(tableau)] = tableau
    board = L.BOARD
    world[board : board + len(source.board)] = source.board


def _write_hand(world: np.ndarray, seat: int, cards: list[int], public: list[bool]) -> None:
    base = L.SEATS + seat * L.SEAT_SIZE
    world[base + L.RESERVED_COUNT] = len(cards)
    world[base + L.RESERVED : base + L.RESERVED + len(cards)] = cards
    world[base + L.RESERVED_PUBLIC : base + L.RESERVED_PUBLIC + len(cards)] = public


def _cells(world: np.ndarray, start: int, count: int) -> list[int]:
    return [int(x) for x in world[start : start + count]]


class SplendorMarvelCompiled:
    """Splendor: Marvel's numba kernel behind `search.compiled_game.CompiledGame`."""

    name = "splendor_marvel"
    kernel = k
    kernel_version = source_version("games.splendor_marvel", "kernels")
    state_size = k.STATE_SIZE
    max_legal = k.MAX_LEGAL
    num_action_codes = k.NUM_ACTION_CODES

    def action(self, code: int) -> Action:
        """The engine's action with this code."""
        return ALL_ACTIONS[code]

    def example_observation(self) -> Observation:
        """The first seat's view of a fresh 2-player game."""
        return observe(new_game(2, 0), 0)

    def encode_state(self, state: SplendorState) -> np.ndarray:
        """The world array of a full state."""
        world = np.zeros(L.STATE_SIZE, dtype=np.int32)
        _write_common(world, state)
        for seat in range(state.num_players):
            _write_hand(world, seat, state.reserved[seat], state.reserved_public[seat])
        for level, deck in zip(LEVELS, state.decks, strict=True):
            cell = int(L.DECK_COUNT[level - 1])
            world[cell] = len(deck)
            world[cell + 1 : cell + 1 + len(deck)] = deck
        return world

    def decode_state(self, world: np.ndarray) -> SplendorState:
        """The full state a world array holds (`encode_state`'s inverse)."""
        n = int(world[L.NUM_PLAYERS])
        state = SplendorState.__new__(SplendorState)
        state.num_players = n
        state.current = int(world[L.CURRENT])
        state.phase = Phase(int(world[L.PHASE]))
        state.start_seat = int(world[L.START_SEAT])
        state.round = int(world[L.ROUND])
        state.passes = int(world[L.PASSES])
        state.end_triggered = bool(world[L.END_TRIGGERED])
        state.turn_cap = int(world[L.TURN_CAP])
        state.avengers = int(world[L.AVENGERS])
        state.result = None
        if world[L.OVER]:
            winners = [seat for seat in range(n) if int(world[L.WINNERS]) >> seat & 1]
            state.result = tuple(1.0 / len(winners) if s in winners else 0.0 for s in range(n))
        state.locations_left = _cells(world, L.LOCATIONS_LEFT, int(world[L.LOCATIONS_LEFT_COUNT]))
        state.supply = _cells(world, L.SUPPLY, 7)
        bases = [L.SEATS + seat * L.SEAT_SIZE for seat in range(n)]
        state.tokens = [_cells(world, b + L.TOKENS, 7) for b in bases]
        state.bonuses = [_cells(world, b + L.BONUSES, 5) for b in bases]
        state.card_points = [int(world[b + L.CARD_POINTS]) for b in bases]
        state.tags = [int(world[b + L.TAG_COUNT]) for b in bases]
        held = [int(world[b + L.RESERVED_COUNT]) for b in bases]
        hands = list(zip(bases, held, strict=True))
        state.reserved = [_cells(world, b + L.RESERVED, h) for b, h in hands]
        state.reserved_public = [
            [bool(x) for x in _cells(world, b + L.RESERVED_PUBLIC, h)]
            for b, h in hands
        ]
        state.locations_won = [
            _cells(world, b + L.LOCATIONS_WON, int(world[b + L.LOCATIONS_WON_COUNT]))
            for b in bases
        ]
        state.tableau = [_cells(world, b + L.TABLEAU, int(world[b + L.TABLEAU_COUNT]))
                         for b in bases]
        state.decks = [
            _cells(world, int(L.DECK_COUNT[i]) + 1, int(world[L.DECK_COUNT[i]])) for i in range(3)
        ]
        state.board = _cells(world, L.BOARD, 12)
        state.history = None
        return state

    def encode_observation(self, observation: Observation) -> np.ndarray:
        """The observation array: a template world, the unseen cards of each level, then the
        beliefs' weights if the observation has any.

        Raises ValueError when the unseen cards cannot fill the hidden reserves and decks.
        """
        encoded = np.zeros(L.OBSERVATION_SIZE, dtype=np.int32)
        _write_common(encoded, observation)
        for seat, hand in enumerate(observation.reserved):
            cards = [r.card if r.card else -r.level for r in hand]
            _write_hand(encoded, seat, cards, [r.public for r in hand])
        unseen = observation.unseen_cards()
        for level in LEVELS:
            hidden = sum(1 for hand in observation.reserved for r in hand
                         if not r.card and r.level == level)
            expected = hidden + observation.deck_sizes[level - 1]
            if len(unseen[level]) != expected:
                raise ValueError(
                    f"level {level}: {len(unseen[level])} unseen cards, but hidden reserves and "
                    f"the deck hold {expected}"
                )
            cell = int(L.UNSEEN_COUNT[level - 1])
            encoded[cell] = len(unseen[level])
            encoded[cell + 1 : cell + 1 + len(unseen[level])] = unseen[level]
            encoded[int(L.DECK_COUNT[level - 1])] = observation.deck_sizes[level - 1]
        if observation.beliefs is not None:
            encoded[L.BELIEVED] = 1
            encoded[L.BELIEFS :] = 1
            for (seat, index), weights in observation.beliefs.items():
                base = L.beliefs_base(seat, index)
                for card, weight in weights.items():
                    encoded[base + card] = weight
        return encoded


COMPILED = SplendorMarvelCompiled()
