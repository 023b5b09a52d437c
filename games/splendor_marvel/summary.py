"""Per-seat score summaries for display and for answers of the service."""

from __future__ import annotations

from dataclasses import dataclass

from games.splendor_marvel.catalogue import GREEN
from games.splendor_marvel.state import SplendorState


@dataclass(frozen=True, slots=True)
class SeatSummary:
    """What a seat has toward the Infinity Gauntlet (all public)."""

    seat: int
    points: int
    bonuses: tuple[int, ...]
    tags: int
    tokens: int
    cards: int
    reserved: int
    locations: int
    has_avengers_tile: bool
    has_green: bool
    meets_gauntlet: bool


def summarize(state: SplendorState) -> list[SeatSummary]:
    """One summary per seat."""
    return [
        SeatSummary(
            seat=seat,
            points=state.points(seat),
            bonuses=tuple(state.bonuses[seat]),
            tags=state.tags[seat],
            tokens=sum(state.tokens[seat]),
            cards=len(state.tableau[seat]),
            reserved=len(state.reserved[seat]),
            locations=len(state.locations_won[seat]),
            has_avengers_tile=state.avengers == seat,
            has_green=state.tokens[seat][GREEN] > 0,
            meets_gauntlet=state.meets_gauntlet(seat),
        )
        for seat in range(state.num_players)
    ]
