"""An `observation.Observation` as the kernel's observation array (`kernel.sample` reads it).

The array is a template world (what the observation shows, as `observation.sample` starts
from it; a hidden card is `HIDDEN` in the offer, the discards, the box, the draw piles and the
trophy fans) followed by what the sampler needs that a world does not hold: the seat, whether
hidden picks are modelled, the level piles' sizes, the unseen copies of each level card once
the cards the observation places are taken out (`observation._mark_known`), the other drafters
whose deck-phase moves are hidden, the match's participants with the cards each has shown,
and per level pile its cards with a "when picked" cost.
"""

from __future__ import annotations

from collections import Counter

import numpy as np

from .. import observation as obs
from ..catalogue import NUM_TYPES, pile_cards
from ..effects import COST
from ..observation import HIDDEN, Observation
from ..state import PUBLIC_CODE
from . import layout as L
from .state import encode_state

NT = NUM_TYPES
SEAT = L.STATE_SIZE
MODELLED = SEAT + 1
PILE_SIZES = MODELLED + 1
UNSEEN = PILE_SIZES + 3
"""`UNSEEN + level * NT + card`: unseen copies (may be negative: a trim seen elsewhere)."""
DRAFTERS = UNSEEN + 3 * NT
"""A list: the other drafters whose picks, payments and trims are hidden, in seat order."""
IN_MATCH = DRAFTERS + 1 + L.MAX_PARTICIPANTS
"""A list: the match's participants in order."""
SEEN = IN_MATCH + 3
"""`SEEN + index * NT + card`: cards the index-th match participant has shown (in its draw
pile, on its bench, exhausted or in play)."""
COSTLY = SEEN + 2 * NT
"""`COSTLY + pile * (1 + NT)`: a list of the pile's card types with a cost, ascending."""
OBSERVATION_SIZE = COSTLY + 3 * (1 + NT)


def _cards(w: np.ndarray, at: int, cells: list[int]) -> None:
    w[at] = len(cells)
    w[at + 1 : at + 1 + len(cells)] = cells


def encode_observation(o: Observation) -> np.ndarray:
    """The `int32` observation array of `o`."""
    template = obs._shown(o)
    template.offer = list(o.offer)
    encoded = np.zeros(OBSERVATION_SIZE, dtype=np.int32)
    encoded[: L.STATE_SIZE] = encode_state(template)
    for pile, entries in enumerate(o.discards):
        at = L.discard_list(pile)
        _cards(encoded, at, [card for _, card in entries])
        encoded[at + 1 + L.PILE_CAP : at + 1 + L.PILE_CAP + len(entries)] = [
            tag for tag, _ in entries]
    _cards(encoded, L.BOX, [card for _, card in o.box])
    encoded[L.BOX + 1 + L.BOX_CAP : L.BOX + 1 + L.BOX_CAP + len(o.box)] = [
        tag for tag, _ in o.box]
    for r, row in enumerate(o.trophy_fans):
        encoded[L.TROPHY_FANS + 4 * r : L.TROPHY_FANS + 4 * r + 4] = row
    for p in range(o.num_participants):
        bits = obs._known_bits(o.side_a, o.side_b, o.seat, p)
        codes = [HIDDEN if card == HIDDEN else card | (PUBLIC_CODE if public else bits)
                 for card, public in o.draws[p]]
        _cards(encoded, L.block(p) + L.DRAWS, codes)
    encoded[SEAT], encoded[MODELLED] = o.seat, o.modelled
    encoded[PILE_SIZES : PILE_SIZES + 3] = o.pile_sizes
    drafters = obs._hidden_drafters(o)
    unseen = obs._Unseen(o.sets)
    in_match = obs._mark_known(o, drafters, unseen)
    for level, counts in enumerate(unseen.counts):
        for card, count in counts.items():
            encoded[UNSEEN + level * NT + card] = count
    _cards(encoded, DRAFTERS, drafters)
    _cards(encoded, IN_MATCH, in_match)
    for index, p in enumerate(in_match):
        seen = Counter(c for c, _ in o.draws[p] if c != HIDDEN)
        for seat_cards in o.benches[p]:
            seen.update(seat_cards)
        seen.update(o.exhausted[p])
        seen.update(o.in_play[p])
        for card, count in seen.items():
            encoded[SEEN + index * NT + card] = count
    for pile, cards in enumerate(pile_cards(o.sets)):
        _cards(encoded, COSTLY + pile * (1 + NT), sorted({c for c in cards if COST[c]}))
    return encoded
