"""The Python engine's tables as numpy arrays for the kernel: per card, per location side, and
the tokens of each table size's supply (`catalogue`)."""

from __future__ import annotations

import numpy as np

from games.splendor_marvel import catalogue
from games.splendor_marvel.catalogue import (
    BONUS,
    COST,
    LEVEL,
    LOCATIONS,
    POINTS,
    TAGS,
    TIME_STONE,
    TOKEN_KINDS,
)

from .layout import MAX_PLAYERS, NUM_COLOURS

CARD_COST = np.array(COST, dtype=np.int64)
CARD_BONUS = np.array(BONUS, dtype=np.int64)
CARD_POINTS_OF = np.array(POINTS, dtype=np.int64)
CARD_TAGS = np.array(TAGS, dtype=np.int64)
CARD_TIME_STONE = np.array(TIME_STONE, dtype=np.bool_)
CARD_LEVEL = np.array(LEVEL, dtype=np.int64)
LOCATION_REQUIRES = np.array([side.requires for side in LOCATIONS], dtype=np.int64)

START_TOKENS = np.zeros((MAX_PLAYERS + 1, TOKEN_KINDS), dtype=np.int64)
for _players, _supply in catalogue.SUPPLY.items():
    START_TOKENS[_players] = [_supply.each_colour] * NUM_COLOURS + [_supply.green, _supply.grey]
