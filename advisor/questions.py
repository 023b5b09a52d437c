"""The same question gets the same answer, whichever call asks it.

A hint (SuggestMove), a grade (Evaluate), the play page's grade, the CLI's `last` and a
ReviewGame all judge a move by the same searches: the position's main search (which names the
best move) and each judged move's own search. A question is the request's seed (0 when it
gives none: advisor.budget.DEFAULT_SEED), the position (its canonical encoding) and the budget;
each of its searches is seeded by the request's seed alone, never by a move's number or by the
call, so calls asking the same question search alike and agree on every verdict.

Searches that stopped by their iteration count are deterministic, so a worker remembers the
latest of them by their question (`Remembered`): a review reuses what was judged while the game
was played.
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from advisor.adapters import GameAdapter
from advisor.budget import Budget

T = TypeVar("T")


@dataclass(frozen=True)
class Question:
    """A position asked about with a seed and a budget."""

    key: bytes
    """The request's seed, the position's canonical encoding and the budget, hashed."""

    @classmethod
    def of(cls, adapter: GameAdapter, obs: Any, budget: Budget) -> Question:
        position = adapter.observation_message(obs).SerializeToString(deterministic=True)
        asked = (budget.seed, budget.iterations,
                 None if budget.iterations is not None else budget.time_s, budget.engine,
                 budget.workers, budget.model_opponents, budget.nodes)
        digest = hashlib.blake2b(repr(asked).encode(), digest_size=16)
        digest.update(position)
        return cls(digest.digest())


class Remembered(Generic[T]):
    """The latest `size` answers by their question (one worker process's memory)."""

    def __init__(self, size: int):
        self._size = size
        self._kept: OrderedDict[Hashable, T] = OrderedDict()

    def get(self, key: Hashable, compute: Callable[[], T], keep: Callable[[T], bool]) -> T:
        """The remembered answer to `key`, else `compute()`'s (kept if `keep` says so)."""
        if key in self._kept:
            self._kept.move_to_end(key)
            return self._kept[key]
        answer = compute()
        if keep(answer):
            self._kept[key] = answer
            while len(self._kept) > self._size:
                self._kept.popitem(last=False)
        return answer
