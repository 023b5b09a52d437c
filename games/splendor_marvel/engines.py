"""Splendor: Marvel's engines by id: the default's evaluation and priors (`learned`, which is
`GAME`), the hand-written baseline (`logistic`) and the generations kept beside them
(`learned.py`; their measurements in benchmarks/LEARNING.md). The registry reads `ENGINES`
(`games.registry.GameEntry.engines`)."""

from __future__ import annotations

from games.splendor_marvel import learned
from games.splendor_marvel.game import GAME, SplendorMarvel

ENGINES: dict[str, SplendorMarvel] = {
    "learned": GAME,
    "logistic": learned.LOGISTIC_GAME,
    "learned-value": learned.LEARNED_VALUE_GAME,
    "learned-gen1": learned.LEARNED_GEN1_GAME,
    "learned-gen2": learned.LEARNED_GEN2_GAME,
    "learned-gen3": learned.LEARNED_GEN3_GAME,
    "learned-4p": learned.LEARNED_4P_GAME,
    "learned-race": learned.LEARNED_RACE_GAME,
    "learned-gen4": learned.LEARNED_GEN4_GAME,
    "learned-4p-gen5": learned.LEARNED_4P_GEN5_GAME,
}

__all__ = ["ENGINES", "GAME"]
