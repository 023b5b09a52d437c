"""Action codes: where each kind's block starts among the Python engine's codes (`actions`).

The kernel's actions are the engine's codes; a block's start plus the argument (a take's
colour mask, a card id, a level, a token kind, a location side) is one action.
"""

from __future__ import annotations

from games.splendor_marvel.actions import (
    PASS,
    Kind,
    choose_location,
    make,
    recruit,
    recruit_reserved,
    reserve,
    reserve_blind,
    return_token,
    take_two,
)

TAKE_CODE = int(make(Kind.TAKE, 1)) - 1
TAKE_TWO_CODE = int(take_two(0))
RESERVE_CODE = int(reserve(1)) - 1
BLIND_CODE = int(reserve_blind(1)) - 1
RECRUIT_CODE = int(recruit(1)) - 1
RECRUIT_RESERVED_CODE = int(recruit_reserved(1)) - 1
RETURN_CODE = int(return_token(0))
LOCATION_CODE = int(choose_location(0))
PASS_CODE = int(PASS)
NUM_ACTION_CODES = PASS_CODE + 1
MAX_LEGAL = 64
"""More than any state offers: 10 takes, 5 doubles, 12 + 3 reserves, 12 + 3 recruits."""
