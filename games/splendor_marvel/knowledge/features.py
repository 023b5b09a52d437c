"""Per-seat features of a position, the inputs of the learned static evaluation.

The evaluation is a conditional logit: seat s wins with probability proportional to
exp(w · features(state, s)). The weights are fitted from self-play by
`scripts/fit_splendor_evaluation.py` and shipped in `evaluation.json`.
"""

from __future__ import annotations

from games.splendor_marvel.catalogue import GAUNTLET_POINTS, GREEN, GREY
from games.splendor_marvel.state import SplendorState

FEATURES = (
    "points",  # Infinity Points / 16, capped at 1.25
    "bonuses",  # all bonuses / 10
    "colours",  # colours with a bonus / 5
    "green",  # holds the green token
    "tokens",  # coloured tokens / 10
    "grey",  # grey tokens / 5
    "reserved",  # reserved cards / 3
    "gauntlet",  # meets the Infinity Gauntlet condition now
    "to_move",  # it is this seat's turn
    "tags",  # Avengers tags / 5, capped at 1
)


def features(state: SplendorState, seat: int) -> tuple[float, ...]:
    """The feature vector of one seat, in the order of `FEATURES`."""
    tokens = state.tokens[seat]
    bonuses = state.bonuses[seat]
    points = state.points(seat)
    colours = (bonuses[0] > 0) + (bonuses[1] > 0) + (bonuses[2] > 0) + (bonuses[3] > 0)
    colours += bonuses[4] > 0
    has_green = tokens[GREEN] > 0
    return (
        min(points / GAUNTLET_POINTS, 1.25),
        sum(bonuses) / 10,
        colours / 5,
        1.0 if has_green else 0.0,
        (tokens[0] + tokens[1] + tokens[2] + tokens[3] + tokens[4]) / 10,
        tokens[GREY] / 5,
        len(state.reserved[seat]) / 3,
        1.0 if has_green and colours == 5 and points >= GAUNTLET_POINTS else 0.0,
        1.0 if state.current == seat else 0.0,
        min(state.tags[seat] / 5, 1.0),
    )
