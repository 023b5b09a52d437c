"""A small seeded random generator for compiled kernels: SplitMix64 in a one-word array.

Every compiled kernel draws its chance and noise from one of these, passed as an argument, so a
search is reproducible from its seed and independent of numba's global random state (and so
safe to run in several threads at once). The state is `np.uint64[1]`; `new_rng(seed)` makes one.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_S30 = np.uint64(30)
_S27 = np.uint64(27)
_S31 = np.uint64(31)
_S11 = np.uint64(11)
_TWO_TO_MINUS_53 = 1.0 / 9007199254740992.0


def new_rng(seed: int) -> np.ndarray:
    """A generator state seeded by `seed` (any integer; taken modulo 2**64)."""
    return np.array([seed % (1 << 64)], dtype=np.uint64)


@njit(cache=True, nogil=True)
def next_u64(rng: np.ndarray) -> np.uint64:
    """The next 64 random bits (SplitMix64, Steele, Lea & Flood 2014)."""
    rng[0] += _GOLDEN
    z = rng[0]
    z = (z ^ (z >> _S30)) * _MIX1
    z = (z ^ (z >> _S27)) * _MIX2
    return z ^ (z >> _S31)


@njit(cache=True, nogil=True)
def uniform(rng: np.ndarray) -> float:
    """A float uniform in [0, 1) with 53 random bits."""
    return float(next_u64(rng) >> _S11) * _TWO_TO_MINUS_53


@njit(cache=True, nogil=True)
def below(rng: np.ndarray, n: int) -> int:
    """An integer uniform in [0, n) for n >= 1 (as `int(uniform() * n)`)."""
    return int(uniform(rng) * n)


class PythonRng:
    """The same stream in pure Python, with `random()` and `randrange(n)` as `random.Random`
    names them, so the pure-Python engine can be fed exactly the draws a kernel makes."""

    __slots__ = ("state",)
    _MASK = (1 << 64) - 1

    def __init__(self, seed: int):
        self.state = seed % (1 << 64)

    def next_u64(self) -> int:
        """The next 64 random bits."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & self._MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & self._MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & self._MASK
        return z ^ (z >> 31)

    def random(self) -> float:
        """A float uniform in [0, 1), the kernel's `uniform`."""
        return (self.next_u64() >> 11) * _TWO_TO_MINUS_53

    def randrange(self, n: int) -> int:
        """An integer in [0, n), the kernel's `below`."""
        return int(self.random() * n)

    def shuffle(self, cells: list[Any]) -> None:
        """Shuffle in place as `random.shuffle` does (one `randrange` per swap, last cell
        first), the draws a kernel's Fisher-Yates shuffle makes."""
        for i in range(len(cells) - 1, 0, -1):
            j = self.randrange(i + 1)
            cells[i], cells[j] = cells[j], cells[i]

    def sample(self, population: list[Any], k: int) -> list[Any]:
        """`k` distinct cells of `population` in draw order (one `randrange` each, the pool
        method of `random.sample`), the draws a kernel's partial shuffle makes."""
        pool = list(population)
        n = len(pool)
        out = []
        for i in range(k):
            j = self.randrange(n - i)
            out.append(pool[j])
            pool[j] = pool[n - i - 1]
        return out
