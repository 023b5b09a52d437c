"""The public record of a game: its opening and every move since, as the table saw them.

A `History` is what an opponent model reads (`games.splendor_marvel.opponent_model`): with the
opening (the first twelve face-up cards and the location sides) and each move's dealt cards, a
seat can replay the whole game and see every position in which another seat decided. The only
card the record may hide is the one a blind reserve drew: its reserver always knows it, and so
does everybody once that card is recruited.

The state holds a `History`, so this module needs nothing of the rules; replaying a record
(which does) is `games.splendor_marvel.replay`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from games.splendor_marvel.actions import KIND_OF, Action, Kind

if TYPE_CHECKING:  # annotations only: the state holds a History
    from games.splendor_marvel.state import SplendorState


@dataclass(frozen=True, slots=True)
class Play:
    """One move: `dealt` lists the cards it turned face up (a refilled slot), `drawn` the card
    a blind reserve took (0 for any other move, or where the record's reader cannot see it)."""

    action: Action
    dealt: tuple[int, ...] = ()
    drawn: int = 0


def dealt(before: list[int], after: list[int]) -> tuple[int, ...]:
    """The cards turned face up between two boards."""
    return tuple(card for old, card in zip(before, after, strict=True) if card and card != old)


@dataclass(frozen=True, slots=True)
class History:
    """The opening (board slots and location sides, as dealt) and the plays since, oldest first."""

    opening_board: tuple[int, ...]
    opening_locations: tuple[int, ...]
    plays: tuple[Play, ...] = ()

    def played(self, board: list[int], seat: int, action: Action, after: SplendorState
               ) -> History:
        """This history with `action` added: `seat`'s move from a table with `board` face up
        that led to `after`."""
        drawn = after.reserved[seat][-1] if KIND_OF[action] is Kind.RESERVE_BLIND else 0
        return replace(self, plays=(*self.plays, Play(action, dealt(board, after.board), drawn)))

    def seen_by(self, state: SplendorState, seat: int) -> History:
        """The record as `seat` knows it in `state`: other seats' blind draws hidden (0) until
        they are recruited."""
        seen = {card for row in state.tableau for card in row} | set(state.reserved[seat])
        hidden = [i for i, p in enumerate(self.plays) if p.drawn and p.drawn not in seen]
        if not hidden:
            return self
        plays = list(self.plays)
        for i in hidden:
            plays[i] = replace(plays[i], drawn=0)
        return replace(self, plays=tuple(plays))
