"""The Python engine's tables as numpy arrays for the kernel: per card type, and its effects.

Every table is built from the engine's (`catalogue`, `effects`): an effect is numbered by the
name of the engine function that carries it out, so an effect the kernel does not know fails
at import instead of being skipped.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from .. import catalogue as cat
from .. import effects as fx

NT = cat.NUM_TYPES


def _ints(values: Sequence[int]) -> np.ndarray:
    return np.array(values, dtype=np.int64)


POWER = _ints(cat.POWER)
LEVEL = _ints(cat.LEVEL)
ICON = _ints(cat.ICON)
NAME_ID = _ints(cat.NAME_ID)
AURA = _ints(fx.AURA)
PICKED = _ints(fx.PICKED)
COST = _ints(fx.COST)
NEWCOMER = _ints([name == fx.NEWCOMER_NAME for name in cat.NAME])
PAYS = np.array([[fx.pays_for(card, t) for t in range(NT)] for card in range(NT)],
                dtype=np.int64)
"""`PAYS[card, t]`: t may be removed to pay card's "when picked" cost."""
PAYS_BITS = np.array(
    [[sum(1 << (t - 64 * word) for t in range(64 * word, min(64 * word + 64, NT)) if PAYS[card, t])
      for word in range(2)] for card in range(NT)], dtype=np.uint64).view(np.int64)
"""`PAYS_BITS[card]`: the types of `PAYS[card]` as a two-word bit set (types 0-63, 64-127)."""

SCHEDULE_COUNT = _ints([len(options) for options in cat.SCHEDULE])
SCHEDULE = np.zeros((cat.ROUNDS, 2, 2), dtype=np.int64)
"""`SCHEDULE[round - 1, i]` = (pile, picks) of the round's i-th option."""
for _r, _options in enumerate(cat.SCHEDULE):
    for _i, _option in enumerate(_options):
        SCHEDULE[_r, _i] = _option
PAIRINGS = np.zeros((4, 8, cat.ROUNDS), dtype=np.int64)
"""`PAIRINGS[participants // 2 - 1, plan, round - 1]`: the plan's park that round."""
for _half in range(4):
    for _plan, _row in enumerate(cat.pairings_for(2 * (_half + 1))):
        PAIRINGS[_half, _plan, : len(_row)] = _row


def _numbered(table: Sequence[Callable[..., Any] | None], names: Sequence[str]) -> np.ndarray:
    """Per card type: 1 + the index in `names` of its engine function, 0 without one."""
    return _ints([0 if f is None else names.index(f.__name__) + 1 for f in table])


(RB_MASCOT, RB_JESTER, RB_STABLE_BOY, RB_HERMIT, RB_MIME, RB_TEENAGER, RB_MERMAN, RB_LIFEGUARD,
 RB_CYBORG_FRIEND, RB_MECHANIC, RB_AUTOCORRECT) = range(1, 12)
REVEAL_BONUS = _numbered(fx.REVEAL_BONUS, (
    "_mascot", "_jester", "_stable_boy", "_hermit", "_mime", "_teenager", "_merman",
    "_lifeguard", "_cyborg_friend", "_mechanic", "_autocorrect"))
AB_KNIGHT, AB_GANGSTER = 1, 2
ATTACK_BONUS = _numbered(fx.ATTACK_BONUS, ("_knight", "_gangster"))
FB_SKELETON, FB_TREASURE, FB_ILLUSIONIST = 1, 2, 3
FLAG_BONUS = _numbered(fx.FLAG_BONUS, ("_skeleton", "_treasure", "_illusionist"))
(R_LOOK_TWO, R_LOOK_THREE, R_FAN_BUS, R_SORCERER, R_MOVIE_STAR, R_EXHAUST_TWO, R_PYRO, R_GHOST,
 R_NECROMANCER, R_VAMPIRE, R_VILLAIN, R_UFO, R_HOLOGRAM, R_ROBOGRAM, R_SAILOR, R_SIREN,
 R_SUBMARINE, R_DRONE, R_NECROMECH) = range(1, 20)
ON_REVEAL = _numbered(fx.ON_REVEAL, (
    "_look_two", "_look_three", "_fan_bus", "_sorcerer", "_movie_star", "_exhaust_two",
    "_pyrotechnician", "_ghost", "_necromancer", "_vampire", "_villain", "_ufo", "_hologram",
    "_robogram", "_sailor", "_siren", "_submarine", "_drone", "_necromech"))
G_CLOWN, G_HEROINE, G_COWBOY = 1, 2, 3
ON_FLAG_GAIN = _numbered(fx.ON_FLAG_GAIN, ("_clown", "_heroine", "_cowboy"))
(L_PRINCE, L_COMIC, L_CLAIRVOYANT, L_RESCUE_POD, L_LOOK_TWO, L_CHATBOT) = range(1, 7)
ON_FLAG_LOSS = _numbered(fx.ON_FLAG_LOSS, (
    "_prince", "_comic", "_clairvoyant", "_rescue_pod", "_look_two", "_chatbot"))
