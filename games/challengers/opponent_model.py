"""The opponent model: another drafter picks from its hidden offer as the move priors would.

Uniform sampling deals another drafter's hidden picks straight from the pile, as if it chose
blindly. The model instead deals each hidden pick an offer of its own from the unseen cards of
the pile (the first pick of a phase sees `OFFER_SIZE` cards, a later one a card fewer, as at the
table) and chooses from it by the priors' preference for plain picks (a softmax of the card's
worth, `heuristics.pick_scores`), sharpened and mixed with some noise: strong cards are more
likely picked, weak ones less, none is ruled out. The offer's other cards stay unseen.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from .knowledge.heuristics import PRIOR_TEMPERATURE, pick_scores

SHARPNESS = 2.0
"""The priors raised to this power (renormalised): a drafter picks its favourite more surely
than the priors' spread (the Splendor: Marvel model's setting)."""
NOISE = 0.1
"""The share of a uniform choice mixed in, so that no card of an offer is ruled out."""


def pick_chances(offer: Sequence[int]) -> list[float]:
    """The model's chance that the drafter picks each card of `offer` (summing to 1)."""
    scores = pick_scores(offer)
    top = max(scores)
    weights = [math.exp(SHARPNESS * (x - top) / PRIOR_TEMPERATURE) for x in scores]
    total = sum(weights)
    even = NOISE / len(offer)
    return [(1.0 - NOISE) * w / total + even for w in weights]


def choose_pick(offer: Sequence[int], rng: random.Random) -> int:
    """The index in `offer` of the card the modelled drafter picks (one random number)."""
    x = rng.random()
    for index, chance in enumerate(pick_chances(offer)):
        x -= chance
        if x < 0:
            return index
    return len(offer) - 1
