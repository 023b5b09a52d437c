"""Dense action codes: the Python engine's actions numbered `0 .. NUM_ACTION_CODES - 1`.

An `actions.Action` packs its kind and cards into 24 bits, too sparse for the search's per-code
tables; the kernel numbers the same moves densely (each code names one action, the same in
every determinization): the options, redraw, pass and done, then per kind a block indexed by
the card types it names. `action_of` and `code_of` convert both ways.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .. import actions as act
from ..actions import Action
from ..catalogue import NUM_TYPES, PILE_LEVELS
from ..effects import COST

NT = NUM_TYPES
OPTION_CODE = 0
"""`OPTION_CODE + pile * 8 + picks`."""
REDRAW_CODE = OPTION_CODE + len(PILE_LEVELS) * 8
PASS_CODE = REDRAW_CODE + 1
DONE_CODE = PASS_CODE + 1
PICK_CODE = DONE_CODE + 1
"""`+ card`: a pick paying nothing."""
PAY_ONE_CODE = PICK_CODE + NT
"""`+ card * NT + paid`: a pick paying one card."""
COST_TWO = np.full(NT, -1, dtype=np.int64)
"""Per card type, its index among the cards whose "when picked" cost is two cards (else -1)."""
_TWO = [card for card in range(NT) if COST[card] == 2]
COST_TWO[_TWO] = np.arange(len(_TWO))
TWO_COST_CARDS = np.array(_TWO, dtype=np.int64)
"""The cards whose cost is two cards, by their `COST_TWO` index."""
PAY_TWO_CODE = PAY_ONE_CODE + NT * NT
"""`+ (COST_TWO[card] * NT + first) * NT + second`: a pick paying two cards."""
TRIM_CODE = PAY_TWO_CODE + len(_TWO) * NT * NT
EXHAUST_CODE = TRIM_CODE + NT
TOP_CODE = EXHAUST_CODE + NT
"""`+ (copy - 1) * NT + card`."""
BOTTOM_CODE = TOP_CODE + act.MAX_COPY * NT
ORDER_TWO_CODE = BOTTOM_CODE + act.MAX_COPY * NT
"""`+ top * NT + second`."""
ORDER_THREE_CODE = ORDER_TWO_CODE + NT * NT
"""`+ (top * NT + second) * NT + third`."""
NUM_ACTION_CODES = ORDER_THREE_CODE + NT * NT * NT


@njit(nogil=True)
def pick_code(card: int, paid: int, first: int, second: int) -> int:
    """The code of picking `card` paying `paid` (0-2) cards `first`, `second`."""
    if paid == 0:
        return PICK_CODE + card
    if paid == 1:
        return PAY_ONE_CODE + card * NT + first
    return PAY_TWO_CODE + (COST_TWO[card] * NT + first) * NT + second


@njit(nogil=True)
def moved_code(top: bool, card: int, copy: int) -> int:
    """The code of moving the `copy`-th card of type `card` to the top (or the bottom)."""
    return (TOP_CODE if top else BOTTOM_CODE) + (copy - 1) * NT + card


def action_of(code: int) -> Action:
    """The Python engine's action with this code; ValueError outside the codes."""
    if not 0 <= code < NUM_ACTION_CODES:
        raise ValueError(f"no action has the code {code}")
    if code < REDRAW_CODE:
        return act.option((code - OPTION_CODE) >> 3, (code - OPTION_CODE) & 7)
    if code < PICK_CODE:
        return (act.A_REDRAW, act.A_PASS, act.A_DONE)[code - REDRAW_CODE]
    if code < PAY_ONE_CODE:
        return act.pick(code - PICK_CODE)
    if code < PAY_TWO_CODE:
        card, paid = divmod(code - PAY_ONE_CODE, NT)
        return act.pick(card, paid)
    if code < TRIM_CODE:
        rest, second = divmod(code - PAY_TWO_CODE, NT)
        index, first = divmod(rest, NT)
        return act.pick(_TWO[index], first, second)
    if code < TOP_CODE:
        kind = act.TRIM if code < EXHAUST_CODE else act.EXHAUST
        return act.make(kind, (code - TRIM_CODE) % NT)
    if code < ORDER_TWO_CODE:
        kind = act.TOP if code < BOTTOM_CODE else act.BOTTOM
        copy, card = divmod((code - TOP_CODE) % (act.MAX_COPY * NT), NT)
        return act.moved(kind, card, copy + 1)
    if code < ORDER_THREE_CODE:
        return act.order(*divmod(code - ORDER_TWO_CODE, NT))
    rest, third = divmod(code - ORDER_THREE_CODE, NT)
    return act.order(*divmod(rest, NT), third)


def code_of(action: Action) -> int:
    """The dense code of one of the Python engine's actions."""
    kind = action.kind
    if kind == act.OPT:
        return OPTION_CODE + action.arg
    if kind in (act.REDRAW, act.PASS, act.DONE):
        return REDRAW_CODE + (act.REDRAW, act.PASS, act.DONE).index(kind)
    if kind == act.PICK:
        paid = action.paid()
        first, second = (*paid, 0, 0)[:2]
        return int(pick_code(action.card, len(paid), first, second))
    if kind in (act.TRIM, act.EXHAUST):
        return (TRIM_CODE if kind == act.TRIM else EXHAUST_CODE) + action.card
    if kind in (act.TOP, act.BOTTOM):
        return int(moved_code(kind == act.TOP, action.card, action.copy))
    cards = action.cards()
    if len(cards) == 2:
        return ORDER_TWO_CODE + cards[0] * NT + cards[1]
    return ORDER_THREE_CODE + (cards[0] * NT + cards[1]) * NT + cards[2]
