"""A bot that asks an advisor server for its moves over gRPC (`remote:HOST:PORT`)."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from contract.codecs import action_of, observation_message
from search import Limits
from search.game import AnyGame
from search.levels import FULL_STRENGTH


class RemoteBot:
    """SuggestMove on a remote advisor; the observation travels as the server's message.

    The connection opens on first use, so the bot can be built in one process and play in
    another. The per-move seed and iteration budget go with every request, so a remote match
    is as reproducible as a local one (for the same server version).
    """

    def __init__(self, game: AnyGame, address: str, strength: int = FULL_STRENGTH):
        self.name = f"remote:{address}"
        self.address = address
        self.strength = strength
        self.game = game.name
        self._client: Any = None

    def choose(self, observation: Any, limits: Limits, seed: int) -> Hashable:
        """The server's move for the seat to move (at `strength`: the level's choice)."""
        from clients.client import AdvisorClient
        from clients.client import Limits as RemoteLimits

        if self._client is None:
            self._client = AdvisorClient(self.address)
        time_ms = None if limits.time is None else max(1, round(limits.time * 1000))
        answer = self._client.suggest_move(
            observation_message(self.game, observation),
            RemoteLimits(
                iterations=limits.iterations, time_ms=time_ms, seed=seed, strength=self.strength
            ),
            skip_follow_ups=True,
        )
        action: Hashable = action_of(self.game, answer.best_move.proto)
        return action
