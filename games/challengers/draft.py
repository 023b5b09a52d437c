"""The deck phase of one player: option, offer, redraw, picks, "when picked", trimming.

A card with a "when picked" cost is picked and paid for in one decision (`pick:<card>+pay:...`),
so the table sees a payment as it happens and never a pending choice.

Players take their deck phase one after another in seat order (the robot never drafts). The
same trimming step serves the finalists before the final.
"""

from __future__ import annotations

import random

from .actions import A_DONE, A_REDRAW, DONE, OPT, PICK, REDRAW, TRIM, Action, make, option, pick
from .catalogue import LEVEL, LEVEL_S, OFFER_SIZE, SCHEDULE
from .effects import COST, PICKED, PICKED_FAN, pays_for
from .state import (
    D_EXTRA,
    D_OPTION,
    D_PICK,
    D_TRIM,
    PH_BOXED,
    PH_FANS,
    PH_PAID,
    PH_PICK,
    PH_TRIM,
    TAG_TRIM,
    State,
)
from .zones import discard, draw_from_pile, to_box


def drafter(s: State) -> int:
    """The seat taking its deck phase (or trimming before the final)."""
    return s.finalists[s.turn] if s.finalists else s.turn


def trimmed_to_box(card: int) -> bool:
    """Whether a trimmed `card` goes to the box (starters and other non-pile cards)."""
    return LEVEL[card] == LEVEL_S or LEVEL[card] > 3


def begin_turn(s: State) -> None:
    """Reset the per-player deck-phase fields for the next player."""
    s.draft_step = D_OPTION if not s.finalists else D_TRIM
    s.option_pile, s.picks_left, s.redraw_used = -1, 0, False
    s.offer = []


def _draw_offer(s: State, count: int, rng: random.Random) -> None:
    for _ in range(count):
        card = draw_from_pile(s, s.option_pile, rng)
        if card < 0:
            break
        s.offer.append(card)


def _discard_offer(s: State) -> None:
    for card in s.offer:
        discard(s, s.option_pile, card, drafter(s))
    s.offer = []


def choose_option(s: State, pile: int, picks: int, rng: random.Random) -> None:
    """Take the round's option `picks` cards from `pile` and draw the first offer."""
    s.option_pile, s.picks_left = pile, picks
    _draw_offer(s, OFFER_SIZE, rng)
    s.draft_step = D_PICK
    if not s.offer:  # both pile and discard are empty: nothing to pick
        s.draft_step = D_TRIM


def _payments(deck: list[int], card: int) -> list[tuple[int, ...]]:
    """Ways to pay `card`'s "when picked" cost from `deck` (which does not hold `card` yet)."""
    if not COST[card]:  # most cards: nothing to pay (the search's rollouts ask for every offer)
        return []
    types = [t for t in sorted(set(deck)) if pays_for(card, t)]
    if COST[card] == 1:
        return [(t,) for t in types]
    if COST[card] == 2:
        return [(a, b) for i, a in enumerate(types) for b in types[i:]
                if a != b or deck.count(a) > 1]
    return []


def _pick_actions(s: State) -> list[Action]:
    """Pick any offered card; one with a cost may also be paid for, while a card is left over."""
    deck = s.decks[drafter(s)]
    out: list[Action] = []
    for card in sorted(set(s.offer)):
        out.append(pick(card))
        if len(s.offer) > 1:
            out += [pick(card, *paid) for paid in _payments(deck, card)]
    return out


def _after_pick(s: State, rng: random.Random) -> None:
    _discard_offer(s)
    if s.picks_left > 0:
        _draw_offer(s, OFFER_SIZE - 1, rng)
        s.draft_step = D_PICK if s.offer else D_TRIM
    else:
        s.draft_step = D_TRIM


def _pick(s: State, card: int, paid: tuple[int, ...], rng: random.Random) -> None:
    p = drafter(s)
    s.offer.remove(card)
    for t in paid:
        s.decks[p].remove(t)
        to_box(s, t, TAG_TRIM + p)
        s.phase_counters[p][PH_PAID] += 1
    s.decks[p].append(card)
    s.phase_counters[p][PH_PICK + LEVEL[card] - 1] += 1
    if PICKED[card] == PICKED_FAN:
        s.fans[p] += 1
        s.phase_counters[p][PH_FANS] += 1
    if paid:
        s.draft_step = D_EXTRA
    else:
        _after_pick(s, rng)


def legal(s: State) -> list[Action]:
    """Actions of the drafting player at the current deck-phase step."""
    step = s.draft_step
    if step == D_OPTION:
        return [option(pile, picks) for pile, picks in SCHEDULE[s.round - 1]]
    if step == D_PICK:
        return _pick_actions(s) + ([] if s.redraw_used else [A_REDRAW])
    if step == D_EXTRA:
        return _pick_actions(s)
    return [*(make(TRIM, t) for t in sorted(set(s.decks[drafter(s)]))), A_DONE]


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
            s.draft_step = D_TRIM
    elif kind == PICK:
        if s.draft_step == D_PICK:
            s.picks_left -= 1
        _pick(s, action.card, action.paid(), rng)
    elif kind == TRIM:
        s.decks[p].remove(arg)
        if trimmed_to_box(arg):
            to_box(s, arg, TAG_TRIM + p)
            s.phase_counters[p][PH_BOXED] += 1
        else:
            discard(s, LEVEL[arg] - 1, arg, TAG_TRIM + p)
            s.phase_counters[p][PH_TRIM + LEVEL[arg] - 1] += 1
    elif kind == DONE:
        return True
    else:
        raise ValueError(f"{action} is not a deck-phase action")
    return False
