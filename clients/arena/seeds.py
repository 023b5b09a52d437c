"""Deterministic, independent seed streams derived from one run seed.

Every stream is a 63-bit integer hashed (BLAKE2b) from the run seed and a path of labels, so
streams never overlap by accident and do not depend on scheduling or on the number of workers.
"""

from __future__ import annotations

import hashlib


def derive_seed(run_seed: int, *path: object) -> int:
    """A 63-bit seed for the stream named by `path` under `run_seed`.

    >>> derive_seed(1, "setup", 0) == derive_seed(1, "setup", 0) != derive_seed(1, "setup", 1)
    True
    """
    text = "/".join([str(run_seed), *map(str, path)]).encode()
    digest = hashlib.blake2b(text, digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def setup_seed(run_seed: int, deal: int) -> int:
    """The deal's set-up seed: shared by every seat rotation and every pairing of a run."""
    return derive_seed(run_seed, "setup", deal)


def chance_seed(run_seed: int, deal: int) -> int:
    """The referee's chance stream for a deal: shared like the set-up (duplicate style)."""
    return derive_seed(run_seed, "chance", deal)


def bot_seed(run_seed: int, pairing: str, deal: int, rotation: int, seat: int) -> int:
    """The stream of the bot in `seat` of one game; each decision draws its seed from it."""
    return derive_seed(run_seed, pairing, "bot", deal, rotation, seat)
