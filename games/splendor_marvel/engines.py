"""Splendor: Marvel's engines by id: those of the weights manifest (`knowledge`: the default,
`learned`, is `GAME`) and the hand-written baseline (`logistic`). The registry reads `ENGINES`
(`games.registry.GameEntry.engines`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.splendor_marvel import knowledge
from games.splendor_marvel.game import GAME, LOGISTIC_GAME, SplendorMarvel


def engines_of(manifest: knowledge.Manifest) -> dict[str, SplendorMarvel]:
    """The manifest's engines (its default as `GAME` when it is the one `GAME` reads), then
    the logistic baseline."""
    return {**{engine_id: GAME if found is GAME.knowledge else SplendorMarvel(found)
               for engine_id, found in manifest.engines.items()},
            "logistic": LOGISTIC_GAME}


ENGINES = engines_of(knowledge.manifest())
NETWORKS = knowledge.default().networks
"""The networks `GAME` reads, by their ids in the manifest."""

BOTS: dict[str, Callable[..., Any]] = {}
"""Bots of this game alone by the arena's spec kind: none."""

__all__ = ["BOTS", "ENGINES", "GAME", "NETWORKS"]
