"""Challengers!' engines by id: those of the weights manifest (`knowledge`: the default,
`learned`, is `GAME`) and the hand-written worth before them (`logistic`); and its fixed bots
by the arena's spec name. The registry reads `ENGINES` and `BOTS`
(`games.registry.GameEntry.engines`, `.bots`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.challengers import knowledge
from games.challengers.drafters import PowerDrafter
from games.challengers.game import GAME, LOGISTIC_GAME, Challengers


def engines_of(manifest: knowledge.Manifest) -> dict[str, Challengers]:
    """The manifest's engines (its default as `GAME` when it is the one `GAME` reads), then
    the hand-written baseline."""
    return {**{engine_id: GAME if found is GAME.knowledge else Challengers(found)
               for engine_id, found in manifest.engines.items()},
            "logistic": LOGISTIC_GAME}


ENGINES = engines_of(knowledge.manifest())
NETWORKS = knowledge.default().networks
"""The networks `GAME` reads, by their ids in the manifest."""

BOTS: dict[str, Callable[..., Any]] = {"power": PowerDrafter}
"""Bots of this game alone by spec kind: each called with the game and the spec's options."""

__all__ = ["BOTS", "ENGINES", "GAME", "NETWORKS"]
