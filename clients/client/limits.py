"""`Limits`: how long and how well the advisor searches, mapped to the proto `Limits`."""

from __future__ import annotations

from dataclasses import dataclass, fields

from clients.client.answers import Engine
from contract.v1 import common_pb2

ENGINES = {Engine.COMPILED: common_pb2.ENGINE_COMPILED, Engine.PYTHON: common_pb2.ENGINE_PYTHON}
"""The search engines a request may name."""


@dataclass(frozen=True)
class Limits:
    """A search budget; unset fields take the server's defaults.

    >>> Limits(iterations=200, seed=7)
    Limits(iterations=200, seed=7)
    >>> Limits(time_ms=500).to_proto().max_time_ms
    500
    """

    iterations: int | None = None
    """Iterations summed over all workers."""
    time_ms: int | None = None
    """Wall-time budget in milliseconds."""
    seed: int | None = None
    """Seed of all randomness: the same seed and iterations give the same answer."""
    workers: int | None = None
    """Root-parallel worker processes (capped by the server)."""
    candidates: int | None = None
    """How many ranked candidates to return (multi-PV)."""
    strength: int | None = None
    """1 (weakest) .. 10 (full strength)."""
    engine: Engine | str | None = None
    """`Engine.COMPILED` (numba, where the game has a kernel) or `Engine.PYTHON` (or their
    names); unset: the server's."""
    model_opponents: bool | None = None
    """Draw hidden cards by an opponent model playing by the priors (Splendor: Marvel: blind
    reserves, from the observation's history; Challengers!: another drafter's hidden picks)."""

    def __repr__(self) -> str:
        given = ", ".join(
            f"{f.name}={getattr(self, f.name)!r}"
            for f in fields(self)
            if getattr(self, f.name) is not None
        )
        return f"{type(self).__name__}({given})"

    def to_proto(self) -> common_pb2.Limits:
        """The proto message (unset fields stay zero, meaning "the default")."""
        message = common_pb2.Limits(
            max_iterations=self.iterations or 0,
            max_time_ms=self.time_ms or 0,
            workers=self.workers or 0,
            num_candidates=self.candidates or 0,
            strength=self.strength or 0,
            model_opponents=bool(self.model_opponents),
        )
        if self.seed is not None:
            message.seed = self.seed
        if self.engine is not None:
            message.engine = ENGINES[Engine(self.engine)]
        return message
