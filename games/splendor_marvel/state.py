"""The full state of one game (hidden cards included) and its set-up.

Flat lists of small integers, copied field by field in `clone`; no deep copies. Decks keep
their top card at the end of the list. Board slot `(level - 1) * 4 + i` holds a card id or 0.
"""

from __future__ import annotations

import random
from enum import IntEnum

from games.fields import with_clone
from games.splendor_marvel.catalogue import (
    AVENGERS_TILE_POINTS,
    CARDS_OF_LEVEL,
    GAUNTLET_POINTS,
    GREEN,
    LEVELS,
    LOCATION_POINTS,
    SLOTS_PER_LEVEL,
    SUPPLY,
    TILES,
)
from games.splendor_marvel.history import History

DEFAULT_TURN_CAP = 200  # rounds; a game reaching it is a draw
MAX_TURN_CAP = 10_000
"""The largest turn cap a game may set (rounds: the compiled kernel keeps it in an int32)."""


class Phase(IntEnum):
    """Which decision the current player faces."""

    MAIN = 0  # one of the four actions (or pass)
    RETURN = 1  # above 10 tokens after the action: return one token
    LOCATION = 2  # several locations qualify: choose one


@with_clone
class SplendorState:
    """One world: everything on the table, in the decks and in every hand.

    The annotations are the one list of fields (`games.fields`): `__slots__`, `clone` and
    equality are made from them.
    """

    num_players: int
    supply: list[int]  # 7 token kinds
    tokens: list[list[int]]  # per seat, 7 token kinds
    bonuses: list[list[int]]  # per seat, 5 colours
    card_points: list[int]  # per seat, points printed on recruited cards
    tags: list[int]  # per seat, Avengers tags on recruited cards
    tableau: list[list[int]]  # per seat, recruited card ids in order
    reserved: list[list[int]]  # per seat, reserved card ids in order
    reserved_public: list[list[bool]]  # per seat, parallel to reserved: reserved face up?
    locations_left: list[int]  # location side indices still in the middle
    locations_won: list[list[int]]  # per seat
    avengers: int  # seat holding the Avengers Assemble tile, or -1
    decks: list[list[int]]  # per level 1..3 at index 0..2, top card last
    board: list[int]  # 12 face-up slots, 0 when empty
    current: int
    phase: Phase
    start_seat: int
    round: int  # completed rounds
    passes: int  # passes in the current round
    end_triggered: bool
    turn_cap: int
    result: tuple[float, ...] | None  # set when the game is over
    history: History | None  # the public record (a played game's), None in the search's worlds

    __slots__ = tuple(__annotations__)

    def clone(self) -> SplendorState:
        """An independent copy."""
        raise NotImplementedError  # written by with_clone from the annotations

    def points(self, seat: int) -> int:
        """Infinity Points: cards, locations, and the Avengers Assemble tile."""
        total = self.card_points[seat] + LOCATION_POINTS * len(self.locations_won[seat])
        return total + AVENGERS_TILE_POINTS if self.avengers == seat else total

    def meets_gauntlet(self, seat: int) -> bool:
        """At least 16 points, a bonus of every colour and a green token."""
        return (
            self.tokens[seat][GREEN] > 0
            and min(self.bonuses[seat]) > 0
            and self.points(seat) >= GAUNTLET_POINTS
        )

    def is_over(self) -> bool:
        return self.result is not None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SplendorState):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in POSITION)

    __hash__ = None  # type: ignore[assignment]


    def __repr__(self) -> str:
        return (
            f"<SplendorState players={self.num_players} round={self.round} "
            f"current={self.current} phase={self.phase.name}>"
        )


POSITION = tuple(name for name in SplendorState.__slots__ if name != "history")
"""The fields of a position: equal states are the same position, however they were reached."""


def new_game(
    num_players: int,
    seed: int | None = None,
    *,
    start_seat: int = 0,
    turn_cap: int = DEFAULT_TURN_CAP,
) -> SplendorState:
    """A fresh game: shuffled decks, random location tiles and sides, supply by player count."""
    if num_players not in SUPPLY:
        raise ValueError(f"Splendor: Marvel is for {min(SUPPLY)}-{max(SUPPLY)} players")
    if not 0 <= start_seat < num_players:
        raise ValueError(f"start_seat must be in 0..{num_players - 1}")
    if not 1 <= turn_cap <= MAX_TURN_CAP:
        raise ValueError(f"turn_cap must be in 1..{MAX_TURN_CAP}, got {turn_cap}")
    rng = random.Random(seed)
    tiles = rng.sample(sorted(TILES), SUPPLY[num_players].locations)
    locations = sorted(rng.choice(TILES[tile]) for tile in tiles)
    decks: list[list[int]] = []
    board: list[int] = []
    for level in LEVELS:
        deck = list(CARDS_OF_LEVEL[level])
        rng.shuffle(deck)
        board.extend(deck.pop() for _ in range(SLOTS_PER_LEVEL))
        decks.append(deck)
    state = table(num_players, start_seat, turn_cap, board, locations, decks)
    state.history = History(tuple(board), tuple(locations))
    return state


def table(
    num_players: int, start_seat: int, turn_cap: int, board: list[int], locations: list[int],
    decks: list[list[int]],
) -> SplendorState:
    """The table before the first move, with these face-up cards, location sides and decks
    (no history: `new_game` starts one)."""
    supply = SUPPLY[num_players]
    state = SplendorState.__new__(SplendorState)
    state.num_players = num_players
    state.supply = [supply.each_colour] * 5 + [supply.green, supply.grey]
    state.tokens = [[0] * 7 for _ in range(num_players)]
    state.bonuses = [[0] * 5 for _ in range(num_players)]
    state.card_points = [0] * num_players
    state.tags = [0] * num_players
    state.tableau = [[] for _ in range(num_players)]
    state.reserved = [[] for _ in range(num_players)]
    state.reserved_public = [[] for _ in range(num_players)]
    state.locations_left = locations
    state.locations_won = [[] for _ in range(num_players)]
    state.avengers = -1
    state.decks = decks
    state.board = board
    state.current = start_seat
    state.phase = Phase.MAIN
    state.start_seat = start_seat
    state.round = 0
    state.passes = 0
    state.end_triggered = False
    state.turn_cap = turn_cap
    state.result = None
    state.history = None
    return state
