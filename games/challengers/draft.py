"""The deck phase of one player: option, offer, redraw, picks, "when picked", trimming.

Players take their deck phase one after another in seat order (the robot never drafts). The
same trimming step serves the finalists before the final.
"""

from __future__ import annotations

import random

from .actions import (
    A_DONE,
    A_PASS,
    A_REDRAW,
    DONE,
    OPT,
    PASS,
    PAY,
    PICK,
    REDRAW,
    TRIM,
    Action,
    make,
    option,
)
from .catalogue import LEVEL, LEVEL_S, OFFER_SIZE, SCHEDULE, SET_OF
from .effects import PICKED, PICKED_COST_ANY, PICKED_COST_SPACE, PICKED_FAN
from .state import (
    D_COST,
    D_EXTRA,
    D_OPTION,
    D_PICK,
    D_TRIM,
    PH_BOXED,
    PH_FANS,
    PH_PICK,
    PH_TRIM,
    TAG_TRIM,
    State,
)
from .zones import discard, draw_from_pile, to_box


def drafter(s: State) -> int:
    """The seat taking its deck phase (or trimming before the final)."""
    return s.finalists[s.turn] if s.finalists else s.turn


def begin_turn(s: State) -> None:
    """Reset the per-player deck-phase fields for the next player."""
    s.dstep = D_OPTION if not s.finalists else D_TRIM
    s.opt_pile, s.picks_left, s.redraw_used = -1, 0, False
    s.offer, s.pend_card, s.cost_left = [], -1, 0


def _draw_offer(s: State, count: int, rng: random.Random) -> None:
    for _ in range(count):
        card = draw_from_pile(s, s.opt_pile, rng)
        if card < 0:
            break
        s.offer.append(card)


def _discard_offer(s: State) -> None:
    for card in s.offer:
        discard(s, s.opt_pile, card, drafter(s))
    s.offer = []


def choose_option(s: State, pile: int, picks: int, rng: random.Random) -> None:
    """Take the round's option `picks` cards from `pile` and draw the first offer."""
    s.opt_pile, s.picks_left = pile, picks
    _draw_offer(s, OFFER_SIZE, rng)
    s.dstep = D_PICK
    if not s.offer:  # both pile and discard are empty: nothing to pick
        s.dstep = D_TRIM


def _cost_options(s: State) -> list[int]:
    """Card types that may pay the pending "when picked" cost."""
    deck, picked = s.deck[drafter(s)], s.pend_card
    space = PICKED[picked] == PICKED_COST_SPACE
    out: list[int] = []
    for t in sorted(set(deck)):
        if space and SET_OF[t] != "outer_space":
            continue
        if t == picked and deck.count(t) < 2:
            continue
        out.append(t)
    return out


def _payable(s: State) -> bool:
    options = _cost_options(s)
    if PICKED[s.pend_card] == PICKED_COST_ANY or s.cost_left < 2:
        return bool(options)
    deck, picked = s.deck[drafter(s)], s.pend_card
    count = sum(deck.count(t) for t in options) - (1 if picked in options else 0)
    return count >= 2


def _after_pick(s: State, rng: random.Random) -> None:
    _discard_offer(s)
    if s.picks_left > 0:
        _draw_offer(s, OFFER_SIZE - 1, rng)
        s.dstep = D_PICK if s.offer else D_TRIM
    else:
        s.dstep = D_TRIM


def _pick(s: State, card: int, rng: random.Random) -> None:
    p = drafter(s)
    s.offer.remove(card)
    s.deck[p].append(card)
    s.ph[p][PH_PICK + LEVEL[card] - 1] += 1
    kind = PICKED[card]
    if kind == PICKED_FAN:
        s.fans[p] += 1
        s.ph[p][PH_FANS] += 1
    elif kind in (PICKED_COST_ANY, PICKED_COST_SPACE) and s.offer:
        s.pend_card = card
        s.cost_left = 1 if kind == PICKED_COST_ANY else 2
        if _payable(s):
            s.dstep = D_COST
            return
    s.pend_card, s.cost_left = -1, 0
    _after_pick(s, rng)


def legal(s: State) -> list[Action]:
    """Actions of the drafting player at the current deck-phase step."""
    step = s.dstep
    if step == D_OPTION:
        return [option(pile, picks) for pile, picks in SCHEDULE[s.round - 1]]
    if step == D_PICK:
        out = [make(PICK, t) for t in sorted(set(s.offer))]
        if not s.redraw_used:
            out.append(A_REDRAW)
        return out
    if step == D_COST:
        out = [make(PAY, t) for t in _cost_options(s)]
        started = s.cost_left < (1 if PICKED[s.pend_card] == PICKED_COST_ANY else 2)
        return out if started else [*out, A_PASS]
    if step == D_EXTRA:
        return [make(PICK, t) for t in sorted(set(s.offer))]
    return [*(make(TRIM, t) for t in sorted(set(s.deck[drafter(s)]))), A_DONE]


def apply(s: State, action: Action, rng: random.Random) -> bool:
    """Play a deck-phase action; True when the player's deck phase is over."""
    kind, arg = action.kind, action.arg
    p = drafter(s)
    if kind == OPT:
        choose_option(s, arg >> 3, arg & 7, rng)
    elif kind == REDRAW:
        count = len(s.offer)
        _discard_offer(s)
        s.redraw_used = True
        _draw_offer(s, count, rng)
        if not s.offer:
            s.dstep = D_TRIM
    elif kind == PICK:
        if s.dstep == D_PICK:
            s.picks_left -= 1
        _pick(s, arg, rng)
    elif kind == PASS:
        s.pend_card, s.cost_left, s.dstep = -1, 0, D_PICK
        _after_pick(s, rng)
    elif kind == PAY:
        s.deck[p].remove(arg)
        to_box(s, arg, TAG_TRIM + p)
        s.ph[p][PH_BOXED] += 1
        s.cost_left -= 1
        if s.cost_left == 0:
            s.dstep = D_EXTRA
    elif kind == TRIM:
        s.deck[p].remove(arg)
        if LEVEL[arg] == LEVEL_S or LEVEL[arg] > 3:
            to_box(s, arg, TAG_TRIM + p)
            s.ph[p][PH_BOXED] += 1
        else:
            discard(s, LEVEL[arg] - 1, arg, TAG_TRIM + p)
            s.ph[p][PH_TRIM + LEVEL[arg] - 1] += 1
    elif kind == DONE:
        return True
    else:
        raise ValueError(f"{action} is not a deck-phase action")
    return False
