"""The compiled tournament: the deck phase, rounds, pairings, trophies, the end and the final.

The twin of `draft` and `flow`: `legal` lists the current player's codes in the engine's order,
`play` carries one out and runs the game on to the next decision (`advance`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

import numpy as np
from numba import njit
from numba.cpython.unsafe.numbers import trailing_zeros

from kernels.rng import uniform

from ..catalogue import FAN_LEAD, LEVEL_S, OFFER_SIZE, ROUNDS
from ..state import (
    D_EXTRA,
    D_OPTION,
    D_PICK,
    D_TRIM,
    DECK,
    FINAL_TRIM,
    MATCH,
    OVER,
    PH_BOXED,
    PH_FANS,
    PH_PAID,
    PH_PICK,
    PH_SIZE,
    PH_TRIM,
    TAG_PUBLIC,
    TAG_TRIM,
)
from . import actions as kc
from . import catalogue as T
from . import layout as L
from . import match as km

NT = T.NT
PICKED_FAN = 1

# --- the deck phase --------------------------------------------------------------------------


@njit(nogil=True)
def drafter(w: np.ndarray) -> int:
    """The seat taking its deck phase (or trimming before the final)."""
    return w[L.FINALISTS + w[L.TURN]] if w[L.FINALIST_COUNT] else w[L.TURN]


@njit(nogil=True)
def begin_turn(w: np.ndarray) -> None:
    """Reset the per-player deck-phase fields for the next player."""
    w[L.DRAFT_STEP] = D_TRIM if w[L.FINALIST_COUNT] else D_OPTION
    w[L.OPTION_PILE], w[L.PICKS_LEFT], w[L.REDRAW_USED] = -1, 0, 0
    L.clear(w, L.OFFER)


@njit(nogil=True)
def _draw_offer(w: np.ndarray, count: int, rng: np.ndarray) -> None:
    for _ in range(count):
        card = km.draw_from_pile(w, w[L.OPTION_PILE], rng)
        if card < 0:
            break
        L.push(w, L.OFFER, card)


@njit(nogil=True)
def _discard_offer(w: np.ndarray) -> None:
    p = drafter(w)
    for i in range(w[L.OFFER]):
        km.discard(w, w[L.OPTION_PILE], w[L.OFFER + 1 + i], p)
    L.clear(w, L.OFFER)


@njit(nogil=True)
def choose_option(w: np.ndarray, pile: int, picks: int, rng: np.ndarray) -> None:
    """Take the round's option `picks` cards from `pile` and draw the first offer."""
    w[L.OPTION_PILE], w[L.PICKS_LEFT] = pile, picks
    _draw_offer(w, OFFER_SIZE, rng)
    w[L.DRAFT_STEP] = D_PICK if w[L.OFFER] else D_TRIM


assert NT <= 128, "a list's card types are a bit set of two 64-bit words"


@njit(nogil=True)
def _type_bits(w: np.ndarray, at: int) -> tuple[int, int]:
    """The card types the list at `at` holds, as a bit set (types 0-63, types 64-127): no
    array to allocate on every legal-move call."""
    low = high = 0
    for i in range(w[at]):
        t = w[at + 1 + i]
        if t < 64:
            low |= 1 << t
        else:
            high |= 1 << (t - 64)
    return low, high


_lowest_bit = cast(Callable[[int], int], trailing_zeros)
"""`_lowest_bit(word)` in jitted code: the index of the lowest set bit of a nonzero word."""


@njit(nogil=True)
def _next_type(bits: tuple[int, int], t: int) -> int:
    """The smallest type >= `t` in `_type_bits`' set; NT when there is none."""
    if t < 64:
        word = bits[0] >> t << t
        if word:
            return _lowest_bit(word)
        t = 64
    if t < NT:
        word = bits[1] >> (t - 64) << (t - 64)
        if word:
            return 64 + _lowest_bit(word)
    return NT


@njit(nogil=True)
def _count(w: np.ndarray, at: int, value: int) -> int:
    """How many cells of the list at `at` equal `value`."""
    count = 0
    for i in range(w[at]):
        count += w[at + 1 + i] == value
    return count


@njit(nogil=True)
def _pick_actions(w: np.ndarray, out: np.ndarray, count: int) -> int:
    """Pick any offered card; one with a cost may also be paid for, while a card is left over.
    Only the deck's types that pay for the card are visited (bit sets, ascending)."""
    offered = _type_bits(w, L.OFFER)
    deck_at = L.block(drafter(w)) + L.DECK
    deck = _type_bits(w, deck_at)
    spare = w[L.OFFER] > 1
    card = _next_type(offered, 0)
    while card < NT:
        out[count] = kc.pick_code(card, 0, 0, 0)
        count += 1
        if spare and T.COST[card]:
            payable = (deck[0] & T.PAYS_BITS[card, 0], deck[1] & T.PAYS_BITS[card, 1])
            a = _next_type(payable, 0)
            while a < NT:
                if T.COST[card] == 1:
                    out[count] = kc.pick_code(card, 1, a, 0)
                    count += 1
                else:
                    b = _next_type(payable, a)
                    while b < NT:
                        if a != b or _count(w, deck_at, a) > 1:
                            out[count] = kc.pick_code(card, 2, a, b)
                            count += 1
                        b = _next_type(payable, b + 1)
                a = _next_type(payable, a + 1)
        card = _next_type(offered, card + 1)
    return count


@njit(nogil=True)
def draft_legal(w: np.ndarray, out: np.ndarray) -> int:
    """Codes of the drafting player at the current deck-phase step (`draft.legal`)."""
    step = w[L.DRAFT_STEP]
    if step == D_OPTION:
        r = w[L.ROUND] - 1
        for i in range(T.SCHEDULE_COUNT[r]):
            out[i] = kc.OPTION_CODE + T.SCHEDULE[r, i, 0] * 8 + T.SCHEDULE[r, i, 1]
        return T.SCHEDULE_COUNT[r]
    if step in (D_PICK, D_EXTRA):
        count = _pick_actions(w, out, 0)
        if step == D_PICK and not w[L.REDRAW_USED]:
            out[count] = kc.REDRAW_CODE
            count += 1
        return count
    deck = _type_bits(w, L.block(drafter(w)) + L.DECK)
    count = 0
    t = _next_type(deck, 0)
    while t < NT:
        out[count] = kc.TRIM_CODE + t
        count += 1
        t = _next_type(deck, t + 1)
    out[count] = kc.DONE_CODE
    return count + 1


@njit(nogil=True)
def _after_pick(w: np.ndarray, rng: np.ndarray) -> None:
    _discard_offer(w)
    if w[L.PICKS_LEFT] > 0:
        _draw_offer(w, OFFER_SIZE - 1, rng)
        w[L.DRAFT_STEP] = D_PICK if w[L.OFFER] else D_TRIM
    else:
        w[L.DRAFT_STEP] = D_TRIM


@njit(nogil=True)
def _pay(w: np.ndarray, p: int, card: int) -> None:
    b = L.block(p)
    L.remove(w, b + L.DECK, card)
    km.to_box(w, card, TAG_TRIM + p)
    w[b + L.PHASE_COUNTERS + PH_PAID] += 1


@njit(nogil=True)
def _pick(w: np.ndarray, code: int, rng: np.ndarray) -> None:
    p = drafter(w)
    b = L.block(p)
    paid = 0
    if code < kc.PAY_ONE_CODE:
        card = code - kc.PICK_CODE
    elif code < kc.PAY_TWO_CODE:
        card, first = divmod(code - kc.PAY_ONE_CODE, NT)
        paid = 1
    else:
        rest, second = divmod(code - kc.PAY_TWO_CODE, NT)
        index, first = divmod(rest, NT)
        card = kc.TWO_COST_CARDS[index]
        paid = 2
    L.remove(w, L.OFFER, card)
    if paid >= 1:
        _pay(w, p, first)
    if paid == 2:
        _pay(w, p, second)
    L.push(w, b + L.DECK, card)
    w[b + L.PHASE_COUNTERS + PH_PICK + T.LEVEL[card] - 1] += 1
    if T.PICKED[card] == PICKED_FAN:
        w[b + L.FANS] += 1
        w[b + L.PHASE_COUNTERS + PH_FANS] += 1
    if paid:
        w[L.DRAFT_STEP] = D_EXTRA
    else:
        _after_pick(w, rng)


@njit(nogil=True)
def draft_apply(w: np.ndarray, code: int, rng: np.ndarray) -> bool:
    """Play a deck-phase code; True when the player's deck phase is over (`draft.apply`)."""
    p = drafter(w)
    if code < kc.REDRAW_CODE:
        choose_option(w, (code - kc.OPTION_CODE) >> 3, (code - kc.OPTION_CODE) & 7, rng)
    elif code == kc.REDRAW_CODE:
        count = w[L.OFFER]
        _discard_offer(w)
        w[L.REDRAW_USED] = 1
        _draw_offer(w, count, rng)
        if not w[L.OFFER]:
            w[L.DRAFT_STEP] = D_TRIM
    elif code == kc.DONE_CODE:
        return True
    elif code < kc.TRIM_CODE:
        if w[L.DRAFT_STEP] == D_PICK:
            w[L.PICKS_LEFT] -= 1
        _pick(w, code, rng)
    else:
        card = code - kc.TRIM_CODE
        b = L.block(p)
        L.remove(w, b + L.DECK, card)
        level = T.LEVEL[card]
        if level == LEVEL_S or level > 3:
            km.to_box(w, card, TAG_TRIM + p)
            w[b + L.PHASE_COUNTERS + PH_BOXED] += 1
        else:
            km.discard(w, level - 1, card, TAG_TRIM + p)
            w[b + L.PHASE_COUNTERS + PH_TRIM + level - 1] += 1
    return False


# --- the tournament --------------------------------------------------------------------------


@njit(nogil=True)
def fan_total(w: np.ndarray, p: int) -> int:
    """Fan tokens plus the fans on p's trophies (hidden or not)."""
    b = L.block(p)
    total = w[b + L.FANS]
    for i in range(w[b + L.TROPHIES]):
        t = w[b + L.TROPHIES + 1 + i]
        total += w[L.TROPHY_FANS + ((t >> 2) - 1) * 4 + (t & 3)]
    return total


@njit(nogil=True)
def ranks_above(w: np.ndarray, p: int, q: int) -> int:
    """1 if p stands above q (fans, trophies, highest trophy), -1 below, 0 level."""
    fans_p, fans_q = fan_total(w, p), fan_total(w, q)
    if fans_p != fans_q:
        return 1 if fans_p > fans_q else -1
    won_p, won_q = w[L.block(p) + L.TROPHIES], w[L.block(q) + L.TROPHIES]
    if won_p != won_q:
        return 1 if won_p > won_q else -1
    high_p, high_q = km.highest_trophy(w, p), km.highest_trophy(w, q)
    if high_p != high_q:
        return 1 if high_p > high_q else -1
    return 0


@njit(nogil=True)
def reveal_decks(w: np.ndarray) -> None:
    """End of a deck phase: every deck, fan count and removed card becomes public."""
    for p in range(w[L.NUM_PARTICIPANTS]):
        b = L.block(p)
        L.copy_sorted(w, b + L.DECK, b + L.PUBLIC_DECK)
        w[b + L.PHASE_COUNTERS : b + L.PHASE_COUNTERS + PH_SIZE] = 0
        for index in range(3):
            at = L.discard_list(index)
            for i in range(w[at]):
                if w[at + 1 + L.PILE_CAP + i] == TAG_TRIM + p:
                    w[at + 1 + L.PILE_CAP + i] = TAG_PUBLIC
        for i in range(w[L.BOX]):
            if w[L.BOX + 1 + L.BOX_CAP + i] == TAG_TRIM + p:
                w[L.BOX + 1 + L.BOX_CAP + i] = TAG_PUBLIC


@njit(nogil=True)
def _start_match(w: np.ndarray, rng: np.ndarray) -> None:
    if w[L.FINALIST_COUNT]:
        km.start(w, w[L.FINALISTS], w[L.FINALISTS + 1], rng)
        return
    half = w[L.NUM_PARTICIPANTS] // 2 - 1
    r = w[L.ROUND] - 1
    a = -1
    for p in range(w[L.NUM_PARTICIPANTS]):
        if T.PAIRINGS[half, p, r] == w[L.PARK]:
            if a < 0:
                a = p
            else:
                km.start(w, a, p, rng)
                return


@njit(nogil=True)
def _finish(w: np.ndarray) -> None:
    w[L.OVER] = 1
    w[L.PHASE] = OVER


@njit(nogil=True)
def _finish_duel(w: np.ndarray) -> None:
    above = ranks_above(w, 0, 1)
    halves = 2 if above > 0 else 0 if above < 0 else 1
    w[L.RESULT] = halves
    if w[L.NUM_PLAYERS] > 1:
        w[L.RESULT + 1] = 2 - halves
    _finish(w)


@njit(nogil=True)
def _start_final(w: np.ndarray, rng: np.ndarray) -> None:
    w[L.REVEALED] = 1
    n = w[L.NUM_PLAYERS]
    draws = np.empty(n)
    for p in range(n):
        draws[p] = uniform(rng)
    best, second = -1, -1
    for p in range(n):
        if best < 0 or _beats(w, p, best, draws):
            best, second = p, best
        elif second < 0 or _beats(w, p, second, draws):
            second = p
    w[L.FINALIST_COUNT] = 2
    w[L.FINALISTS], w[L.FINALISTS + 1] = min(best, second), max(best, second)
    w[L.ROUND] = ROUNDS + 1
    w[L.PHASE], w[L.TURN] = FINAL_TRIM, 0
    begin_turn(w)


@njit(nogil=True)
def _beats(w: np.ndarray, p: int, q: int, draws: np.ndarray) -> bool:
    above = ranks_above(w, p, q)
    return above > 0 or (above == 0 and draws[p] > draws[q])


@njit(nogil=True)
def _end_round(w: np.ndarray, rng: np.ndarray) -> None:
    duel = w[L.NUM_PLAYERS] <= 2
    if duel and abs(fan_total(w, 0) - fan_total(w, 1)) >= FAN_LEAD:
        _finish_duel(w)
    elif w[L.ROUND] == ROUNDS:
        if duel:
            _finish_duel(w)
        else:
            _start_final(w, rng)
    else:
        w[L.ROUND] += 1
        w[L.PHASE], w[L.TURN] = DECK, 0
        begin_turn(w)


@njit(nogil=True)
def _end_match(w: np.ndarray, rng: np.ndarray) -> None:
    a, b = w[L.SIDE_A], w[L.SIDE_B]
    winner = b if w[L.LOSER] == a else a
    final = w[L.FINALIST_COUNT] > 0
    if not final and (winner != w[L.ROBOT] or w[L.NUM_PLAYERS] == 1):
        L.push(w, L.block(winner) + L.TROPHIES, w[L.ROUND] << 2 | w[L.PARK])
    km.gather(w, a)
    km.gather(w, b)
    w[L.LOSER], w[L.PENDING_KIND], w[L.PENDING_PARTICIPANT], w[L.ATTACKER] = -1, 0, -1, -1
    if final:
        w[L.RESULT + winner] = 2
        _finish(w)
        return
    w[L.PARK] += 1
    if w[L.PARK] < w[L.NUM_PARTICIPANTS] // 2:
        _start_match(w, rng)
    else:
        _end_round(w, rng)


@njit(nogil=True)
def current_player(w: np.ndarray) -> int:
    """Seat to decide next (-1 when the tournament is over)."""
    phase = w[L.PHASE]
    if phase == MATCH:
        return w[L.PENDING_PARTICIPANT]
    if phase == OVER:
        return -1
    return drafter(w)


@njit(nogil=True)
def advance(w: np.ndarray, rng: np.ndarray, counts: np.ndarray, buffer: np.ndarray) -> None:
    """Run everything that needs no decision until a player must choose or the game ends."""
    while True:
        phase = w[L.PHASE]
        if phase == MATCH:
            if w[L.PENDING_KIND]:
                if (km.decision_legal(w, buffer) == 1
                        or w[L.PENDING_PARTICIPANT] == w[L.ROBOT]):
                    km.resolve(w, buffer[0])
                    continue
                return
            if w[L.LOSER] >= 0:
                _end_match(w, rng)
                continue
            km.run(w, rng, counts)
        elif phase in (DECK, FINAL_TRIM):
            drafters = w[L.FINALIST_COUNT] if w[L.FINALIST_COUNT] else w[L.NUM_PLAYERS]
            if w[L.TURN] >= drafters:
                reveal_decks(w)
                w[L.PHASE], w[L.PARK] = MATCH, 0
                _start_match(w, rng)
                continue
            r = w[L.ROUND] - 1
            if w[L.DRAFT_STEP] == D_OPTION and T.SCHEDULE_COUNT[r] == 1:
                choose_option(w, T.SCHEDULE[r, 0, 0], T.SCHEDULE[r, 0, 1], rng)
                continue
            if draft_legal(w, buffer) == 1:
                if draft_apply(w, buffer[0], rng):
                    w[L.TURN] += 1
                    begin_turn(w)
                continue
            return
        else:
            return


@njit(nogil=True)
def legal(w: np.ndarray, out: np.ndarray) -> int:
    """The current player's codes (0 when the game is over), in the engine's order."""
    phase = w[L.PHASE]
    if phase == MATCH:
        return km.decision_legal(w, out) if w[L.PENDING_KIND] else 0
    if phase == OVER:
        return 0
    return draft_legal(w, out)


@njit(nogil=True)
def play(w: np.ndarray, code: int, rng: np.ndarray, counts: np.ndarray,
         buffer: np.ndarray) -> None:
    """Play `code` for the current player, then advance to the next decision."""
    if w[L.PHASE] == MATCH:
        km.resolve(w, code)
    elif draft_apply(w, code, rng):
        w[L.TURN] += 1
        begin_turn(w)
    advance(w, rng, counts, buffer)
