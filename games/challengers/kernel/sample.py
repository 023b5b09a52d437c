"""The compiled sampler: a world consistent with an observation array, draw for draw the same
as `observation.sample` (given `kernels.rng.PythonRng`'s shuffle and sample).

Its steps follow the Python sampler's (see its docstring for why each is dealt so): the match's
draw piles' seen cards, other drafters' paid picks, the trims back in a pile, the unseen level
cards shuffled, each hidden drafter's picks, payments, trims and box trims, the offer, the
draw piles, the discards and the box, the level piles, the trophies face down. Python lists
become rows with a count beside them, all carved from one scratch array of rows the caller
allocates (`SCRATCH_ROWS` x `WIDTH` cells): a world costs one allocation, not fifty, and the
rows, views of a borrowed array, take no reference counts when passed on. Each function takes
its working rows from the front of the scratch it is given (`free`) and hands its callees the
rest; carving is slicing rows (a reshape would call into numba's helper library each time).
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from kernels.rng import below, uniform

from ..catalogue import OFFER_SIZE, ROUNDS, TROPHY_FANS
from ..observation import HIDDEN
from ..opponent_model import NOISE, SHARPNESS
from ..state import PH_BOXED, PH_FANS, PH_PAID, PH_PICK, PH_TRIM, TAG_TRIM
from . import catalogue as T
from . import layout as L
from . import observation as O
from .heuristics import TEMPERATURE, TODAY

NT = T.NT
ROW = 160
"""Cells of one working row (a level pile with the cards put back, a deck, a pool)."""
FANS_OF_TROPHIES = np.array(TROPHY_FANS, dtype=np.int64)
PICKED_FAN = 1
WIDTH = 2 * ROW
"""Cells of a scratch row: the widest working row (a level pile with cards put back)."""
SCRATCH_ROWS = 96
"""Rows of `sample`'s scratch: its own 75 and the most any one of its callees takes after them
(13)."""


@njit(nogil=True)
def _rows(free: np.ndarray, rows: int) -> tuple[np.ndarray, np.ndarray]:
    """The first `rows` rows of the scratch `free` (any content), and the rest of it."""
    return free[:rows], free[rows:]


@njit(nogil=True)
def _zeros(free: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray]:
    """`n` cells set to 0 (the first scratch row's), and the rest of the scratch `free`."""
    cells = free[0, :n]
    for i in range(n):
        cells[i] = 0
    return cells, free[1:]


@njit(nogil=True)
def _push(rows: np.ndarray, counts: np.ndarray, r: int, value: int) -> None:
    rows[r, counts[r]] = value
    counts[r] += 1


@njit(nogil=True)
def _pop(rows: np.ndarray, counts: np.ndarray, r: int) -> int:
    counts[r] -= 1
    return rows[r, counts[r]]


@njit(nogil=True)
def _pop_at(rows: np.ndarray, counts: np.ndarray, r: int, index: int) -> int:
    value = rows[r, index]
    for i in range(index, counts[r] - 1):
        rows[r, i] = rows[r, i + 1]
    counts[r] -= 1
    return value


@njit(nogil=True)
def _insert(rows: np.ndarray, counts: np.ndarray, r: int, index: int, value: int) -> None:
    for i in range(counts[r], index, -1):
        rows[r, i] = rows[r, i - 1]
    rows[r, index] = value
    counts[r] += 1


@njit(nogil=True)
def _index(rows: np.ndarray, counts: np.ndarray, r: int, value: int) -> int:
    for i in range(counts[r]):
        if rows[r, i] == value:
            return i
    return -1


@njit(nogil=True)
def _shuffle(rows: np.ndarray, counts: np.ndarray, r: int, rng: np.ndarray) -> None:
    for i in range(counts[r] - 1, 0, -1):
        j = below(rng, i + 1)
        rows[r, i], rows[r, j] = rows[r, j], rows[r, i]


@njit(nogil=True)
def _level(card: int) -> int:
    """The pile index of a level card, -1 for another card."""
    level = T.LEVEL[card]
    return level - 1 if 1 <= level <= 3 else -1


@njit(nogil=True)
def _trim_kind(card: int) -> int:
    """Where `card` goes when trimmed: its level's discard compartment (0-2) or the box (3)."""
    level = T.LEVEL[card]
    return 3 if level == 0 or level > 3 else level - 1


@njit(nogil=True)
def _trims_in_discard(w: np.ndarray, p: int, pile: int) -> int:
    at = L.discard_list(pile)
    count = 0
    for i in range(w[at]):
        if w[at + 1 + L.PILE_CAP + i] == TAG_TRIM + p:
            count += 1
    return count


@njit(nogil=True)
def _elements(order: np.ndarray, order_count: int, have: np.ndarray, rows: np.ndarray,
              counts: np.ndarray, r: int) -> None:
    """Append to row r each type of `order[:order_count]` (first occurrences only), `have`
    copies of it: a Counter's `elements()` in its insertion order. The types done are a bit set
    of two words (types 0-63, 64-127), not an array to allocate."""
    low = high = 0
    for i in range(order_count):
        card = order[i]
        bit = 1 << (card & 63)
        if card < 64:
            if low & bit:
                continue
            low |= bit
        else:
            if high & bit:
                continue
            high |= bit
        for _ in range(have[card]):
            _push(rows, counts, r, card)


@njit(nogil=True)
def _seen_adds(w: np.ndarray, o: np.ndarray, index: int, p: int, unseen: np.ndarray,
               rng: np.ndarray, added: np.ndarray, left: np.ndarray, free: np.ndarray) -> None:
    """`observation._seen_adds`: which seen cards came unseen from a level pile (`added`);
    `left` becomes the adds not placed, per level."""
    b = L.block(p)
    seen = o[O.SEEN + index * NT : O.SEEN + (index + 1) * NT]
    public, free = _zeros(free, NT)
    for i in range(w[b + L.MATCH_PUBLIC]):
        public[w[b + L.MATCH_PUBLIC + 1 + i]] += 1
    for level in range(3):
        left[level] = w[b + L.HIDDEN_ADDS + level]
    for card in range(NT):
        level = _level(card)
        if level >= 0 and seen[card] > public[card]:
            added[card] = seen[card] - public[card]
            left[level] -= added[card]
            unseen[level, card] -= added[card]
    cards, free = _rows(free, 1)
    size, free = _zeros(free, 1)
    for card in range(NT):
        if _level(card) >= 0:
            for _ in range(seen[card] - added[card]):
                _push(cards, size, 0, card)
    _shuffle(cards, size, 0, rng)
    fresh, free = _zeros(free, NT)
    L.copy_cells(public, 0, fresh, 0, NT)
    for i in range(size[0]):
        card = cards[0, i]
        level = _level(card)
        weight = max(left[level], 0) * max(unseen[level, card], 0)
        if weight:
            positive = 0
            for c in range(NT):
                if unseen[level, c] > 0:
                    positive += unseen[level, c]
            if uniform(rng) * (fresh[card] * positive + weight) < weight:
                added[card] += 1
                left[level] -= 1
                unseen[level, card] -= 1
                continue
        fresh[card] -= 1


@njit(nogil=True)
def _paid_picks(w: np.ndarray, o: np.ndarray, p: int, rng: np.ndarray, forced: np.ndarray,
                forced_count: np.ndarray, d: int, free: np.ndarray) -> None:
    """`observation._paid_picks`: cards with a cost p must have picked to pay what p paid."""
    counters = L.block(p) + L.PHASE_COUNTERS
    left = w[counters + PH_PAID]
    pile = 0
    for k in range(3):
        if w[counters + PH_PICK + k]:
            pile = k
            break
    costly = O.COSTLY + pile * (1 + NT)
    fits = free[0]
    while left > 0:
        n = 0
        for i in range(o[costly]):
            card = o[costly + 1 + i]
            if T.COST[card] <= left:
                fits[n] = card
                n += 1
        if n == 0:
            return
        card = fits[below(rng, n)]
        _push(forced, forced_count, d, card)
        left -= T.COST[card]


@njit(nogil=True)
def _pick_index(offer: np.ndarray, size: int, rng: np.ndarray) -> int:
    """`model.choose_pick`: the index of the card the modelled drafter picks (each weight
    computed twice rather than kept in an array: the same numbers)."""
    top = -math.inf
    for i in range(size):
        top = max(top, TODAY[offer[i]])
    total = 0.0
    for i in range(size):
        total += _pick_weight(offer[i], top)
    even = NOISE / size
    x = uniform(rng)
    for i in range(size):
        x -= (1.0 - NOISE) * _pick_weight(offer[i], top) / total + even
        if x < 0:
            return i
    return size - 1


@njit(nogil=True)
def _pick_weight(card: int, top: float) -> float:
    """The model's unnormalized weight of picking `card` from an offer whose best value is
    `top`."""
    return math.exp(SHARPNESS * (TODAY[card] - top) / TODAY[TEMPERATURE])


@njit(nogil=True)
def _put_back(lists: np.ndarray, sizes: np.ndarray, card: int, rng: np.ndarray) -> None:
    pile = T.LEVEL[card] - 1
    _insert(lists, sizes, pile, below(rng, sizes[pile] + 1), card)


@njit(nogil=True)
def _take(cards: np.ndarray, size: np.ndarray, count: int, test: int, value: int,
          out: np.ndarray, out_size: np.ndarray, r: int) -> None:
    """Move up to `count` cards of row 0 of `cards` passing `test` (0: level == value, 1:
    trimmed to the box, 2: any) to row r of `out`, in order."""
    i = 0
    taken = 0
    while i < size[0] and taken < count:
        card = cards[0, i]
        if test == 0:
            ok = T.LEVEL[card] == value
        elif test == 1:
            ok = _trim_kind(card) == 3
        else:
            ok = True
        if ok:
            _pop_at(cards, size, 0, i)
            _push(out, out_size, r, card)
            taken += 1
        else:
            i += 1


@njit(nogil=True)
def sample(o: np.ndarray, w: np.ndarray, rng: np.ndarray, free: np.ndarray) -> None:
    """Write into `w` a world consistent with the observation array `o`, working in the
    scratch `free` (`SCRATCH_ROWS` x `WIDTH` cells, any content)."""
    L.copy_cells(o, 0, w, 0, L.STATE_SIZE)
    unseen, free = _rows(free, 3)
    for level in range(3):
        for card in range(NT):
            unseen[level, card] = o[O.UNSEEN + level * NT + card]
    in_match = o[O.IN_MATCH]
    pools, free = _rows(free, 2)
    pool_sizes, free = _zeros(free, 2)
    adds_left, free = _rows(free, 2)
    adds_left[:, :3] = 0
    added, free = _rows(free, 1)
    have, free = _rows(free, 1)
    for m in range(in_match):
        p = o[O.IN_MATCH + 1 + m]
        added[0] = 0
        _seen_adds(w, o, m, p, unseen, rng, added[0], adds_left[m], free)
        b = L.block(p)
        have[0] = 0
        seen = o[O.SEEN + m * NT : O.SEEN + (m + 1) * NT]
        for i in range(w[b + L.MATCH_PUBLIC]):
            have[0, w[b + L.MATCH_PUBLIC + 1 + i]] += 1
        for card in range(NT):
            have[0, card] = max(have[0, card] - max(seen[card] - added[0, card], 0), 0)
        order = w[b + L.MATCH_PUBLIC + 1 : b + L.MATCH_PUBLIC + 1 + w[b + L.MATCH_PUBLIC]]
        _elements(order, order.shape[0], have[0], pools, pool_sizes, m)
    drafters = o[O.DRAFTERS]
    forced, free = _rows(free, L.MAX_PARTICIPANTS)
    forced_count, free = _zeros(free, L.MAX_PARTICIPANTS)
    for d in range(drafters):
        _paid_picks(w, o, o[O.DRAFTERS + 1 + d], rng, forced, forced_count, d, free)
    shown, free = _rows(free, L.MAX_PARTICIPANTS)
    shown_count, free = _zeros(free, L.MAX_PARTICIPANTS)
    gone, free = _rows(free, L.MAX_PARTICIPANTS)
    gone_count, free = _zeros(free, L.MAX_PARTICIPANTS)
    for d in range(drafters):
        deck = L.block(o[O.DRAFTERS + 1 + d]) + L.DECK
        for i in range(w[deck]):
            _push(shown, shown_count, d, w[deck + 1 + i])
        for i in range(forced_count[d]):
            _push(shown, shown_count, d, forced[d, i])
    _settle_deficits(w, o, unseen, shown, shown_count, gone, gone_count, rng, free)
    lists, free = _rows(free, 3)
    sizes, free = _zeros(free, 3)
    for pile in range(3):
        for card in range(NT):
            for _ in range(unseen[pile, card]):
                _push(lists, sizes, pile, card)
        _shuffle(lists, sizes, pile, rng)
    trimmed, free = _rows(free, L.MAX_PARTICIPANTS * 3)
    trimmed_count, free = _zeros(free, L.MAX_PARTICIPANTS * 3)
    boxed, free = _rows(free, L.MAX_PARTICIPANTS)
    boxed[: w[L.NUM_PARTICIPANTS], :ROW] = 0  # the rows read are the participants'
    boxed_count, free = _zeros(free, L.MAX_PARTICIPANTS)
    for d in range(drafters):
        _redo_hidden_delta(w, o, d, lists, sizes, forced, forced_count, shown, shown_count,
                           gone, gone_count, trimmed, trimmed_count, boxed, boxed_count, rng,
                           free)
    if w[L.OFFER] and w[L.OFFER + 1] == HIDDEN:
        for i in range(w[L.OFFER]):
            w[L.OFFER + 1 + i] = _pop(lists, sizes, w[L.OPTION_PILE])
    for m in range(in_match):
        _deal_draw_pile(w, o[O.IN_MATCH + 1 + m], pools, pool_sizes, m, adds_left[m], lists,
                        sizes, rng)
    _deal_discards(w, o, lists, sizes, trimmed, trimmed_count, boxed, boxed_count, free)
    for pile in range(3):
        at = L.pile(pile)
        w[at] = sizes[pile]
        for i in range(sizes[pile]):
            w[at + 1 + i] = lists[pile, i]
    _sample_trophy_fans(w, rng, free)


@njit(nogil=True)
def _settle_deficits(w: np.ndarray, o: np.ndarray, unseen: np.ndarray, shown: np.ndarray,
                     shown_count: np.ndarray, gone: np.ndarray, gone_count: np.ndarray,
                     rng: np.ndarray, free: np.ndarray) -> None:
    """`observation._settle_deficits`: which trims of this phase are back in their pile."""
    drafters = o[O.DRAFTERS]
    room, free = _rows(free, L.MAX_PARTICIPANTS)
    room[:, :3] = 0
    for d in range(drafters):
        p = o[O.DRAFTERS + 1 + d]
        for k in range(3):
            room[d, k] = (w[L.block(p) + L.PHASE_COUNTERS + PH_TRIM + k]
                          - _trims_in_discard(w, p, k))
    for d in range(drafters):
        for i in range(shown_count[d]):
            level = _level(shown[d, i])
            if level >= 0:
                unseen[level, shown[d, i]] -= 1
    for level in range(3):
        for card in range(NT):
            if unseen[level, card] >= 0:
                continue
            for d in range(drafters):
                have = 0
                for i in range(shown_count[d]):
                    have += shown[d, i] == card
                for i in range(gone_count[d]):
                    have -= gone[d, i] == card
                while unseen[level, card] < 0 and have > 0 and room[d, level] > 0:
                    _push(gone, gone_count, d, card)
                    unseen[level, card] += 1
                    have -= 1
                    room[d, level] -= 1
    mine, free = _rows(free, 1)
    mine_count, free = _zeros(free, 1)
    every, free = _rows(free, 1)
    every_count, free = _zeros(free, 1)
    left, free = _zeros(free, NT)
    for d in range(drafters):
        _left(shown, shown_count, gone, gone_count, d, left)
        for level in range(3):
            mine_count[0] = 0
            every_count[0] = 0
            _elements(shown[d], shown_count[d], left, every, every_count, 0)
            for i in range(every_count[0]):
                if T.LEVEL[every[0, i]] == level + 1:
                    _push(mine, mine_count, 0, every[0, i])
            n = mine_count[0]
            for i in range(min(room[d, level], n)):
                j = below(rng, n - i)
                card = mine[0, j]
                mine[0, j] = mine[0, n - i - 1]
                _push(gone, gone_count, d, card)
                unseen[level, card] += 1


@njit(nogil=True)
def _left(shown: np.ndarray, shown_count: np.ndarray, gone: np.ndarray,
          gone_count: np.ndarray, d: int, left: np.ndarray) -> None:
    """`left[type]`: drafter d's shown copies less the gone ones (a Counter difference)."""
    for t in range(NT):
        left[t] = 0
    for i in range(shown_count[d]):
        left[shown[d, i]] += 1
    for i in range(gone_count[d]):
        left[gone[d, i]] -= 1
    for t in range(NT):
        left[t] = max(left[t], 0)


@njit(nogil=True)
def _redo_hidden_delta(w: np.ndarray, o: np.ndarray, d: int, lists: np.ndarray,
                       sizes: np.ndarray, forced: np.ndarray, forced_count: np.ndarray,
                       shown: np.ndarray, shown_count: np.ndarray, gone: np.ndarray,
                       gone_count: np.ndarray, trimmed: np.ndarray, trimmed_count: np.ndarray,
                       boxed: np.ndarray, boxed_count: np.ndarray, rng: np.ndarray,
                       free: np.ndarray) -> None:
    """`observation._redo_hidden_delta`: drafter d's hidden picks, payments and trims."""
    p = o[O.DRAFTERS + 1 + d]
    b = L.block(p)
    ph = b + L.PHASE_COUNTERS
    implied, free = _zeros(free, 3)
    for i in range(forced_count[d]):
        implied[T.LEVEL[forced[d, i]] - 1] += 1
    dealt, free = _rows(free, 1)
    dealt_count, free = _zeros(free, 1)
    offer, free = _zeros(free, OFFER_SIZE)
    for pile in range(3):
        for k in range(w[ph + PH_PICK + pile] - implied[pile]):
            if not o[O.MODELLED]:
                _push(dealt, dealt_count, 0, _pop(lists, sizes, pile))
                continue
            size = min(OFFER_SIZE - (1 if k else 0), sizes[pile])
            for i in range(size):
                offer[i] = _pop(lists, sizes, pile)
            chosen = _pick_index(offer, size, rng)
            _push(dealt, dealt_count, 0, offer[chosen])
            for i in range(size):
                if i != chosen:
                    _put_back(lists, sizes, offer[i], rng)
    cards, free = _rows(free, 1)
    size, free = _zeros(free, 1)
    left, free = _zeros(free, NT)
    _left(shown, shown_count, gone, gone_count, d, left)
    _elements(shown[d], shown_count[d], left, cards, size, 0)
    for i in range(dealt_count[0]):
        _push(cards, size, 0, dealt[0, i])
    _shuffle(cards, size, 0, rng)
    wants, free = _zeros(free, 3)
    for pile in range(3):
        wants[pile] = w[ph + PH_TRIM + pile]
        for i in range(gone_count[d]):
            wants[pile] -= T.LEVEL[gone[d, i]] == pile + 1
    spare, free = _zeros(free, 4)
    for i in range(size[0]):
        spare[_trim_kind(cards[0, i])] += 1
    for pile in range(3):
        spare[pile] -= wants[pile]
    spare[3] -= w[ph + PH_BOXED]
    for i in range(forced_count[d]):
        _pay(cards, size, forced[d, i], spare, boxed, boxed_count, p, free)
    out, free = _rows(free, 1)
    out_size, free = _zeros(free, 1)
    for pile in range(3):
        out_size[0] = 0
        _take(cards, size, wants[pile], 0, pile + 1, out, out_size, 0)
        in_discard = _trims_in_discard(w, p, pile)
        for i in range(out_size[0]):
            if i < in_discard:
                _push(trimmed, trimmed_count, p * 3 + pile, out[0, i])
            else:
                _put_back(lists, sizes, out[0, i], rng)
    before = boxed_count[p]
    _take(cards, size, w[ph + PH_BOXED], 1, 0, boxed, boxed_count, p)
    _take(cards, size, w[ph + PH_BOXED] - (boxed_count[p] - before), 2, 0, boxed,
          boxed_count, p)
    deck = b + L.DECK
    L.clear(w, deck)
    for i in range(size[0]):
        L.push(w, deck, cards[0, i])
    gained = 0
    for i in range(forced_count[d]):
        gained += T.PICKED[forced[d, i]] == PICKED_FAN
    for i in range(dealt_count[0]):
        gained += T.PICKED[dealt[0, i]] == PICKED_FAN
    w[b + L.FANS] += gained
    w[ph + PH_FANS] = gained


@njit(nogil=True)
def _pay(cards: np.ndarray, size: np.ndarray, card: int, spare: np.ndarray,
         boxed: np.ndarray, boxed_count: np.ndarray, p: int, free: np.ndarray) -> None:
    """`observation._pay`: what paid `card`'s cost, out of row 0 of `cards` into p's box row."""
    pool, free = _rows(free, 1)
    pool_size, free = _zeros(free, 1)
    L.copy_cells(cards[0], 0, pool[0], 0, size[0])
    pool_size[0] = size[0]
    own = _index(pool, pool_size, 0, card)
    if own >= 0:
        _pop_at(pool, pool_size, 0, own)
    for _ in range(T.COST[card]):
        if pool_size[0] == 0:
            break
        best, best_key = 0, 4
        for i in range(pool_size[0]):
            c = pool[0, i]
            key = 2 * (spare[_trim_kind(c)] <= 0) + (T.PAYS[card, c] == 0)
            if key < best_key:
                best, best_key = i, key
        choice = pool[0, best]
        _pop_at(pool, pool_size, 0, _index(pool, pool_size, 0, choice))
        _pop_at(cards, size, 0, _index(cards, size, 0, choice))
        spare[_trim_kind(choice)] -= 1
        _push(boxed, boxed_count, p, choice)


@njit(nogil=True)
def _deal_draw_pile(w: np.ndarray, p: int, pools: np.ndarray, pool_sizes: np.ndarray, m: int,
                    adds: np.ndarray, lists: np.ndarray, sizes: np.ndarray,
                    rng: np.ndarray) -> None:
    """`observation._deal_draw_pile`: the hidden places of p's draw pile."""
    for level in range(3):
        for _ in range(max(adds[level], 0)):
            _push(pools, pool_sizes, m, _pop(lists, sizes, level))
    _shuffle(pools, pool_sizes, m, rng)
    at = L.block(p) + L.DRAWS
    for i in range(w[at]):
        if w[at + 1 + i] == HIDDEN:
            w[at + 1 + i] = _pop(pools, pool_sizes, m)


@njit(nogil=True)
def _deal_discards(w: np.ndarray, o: np.ndarray, lists: np.ndarray, sizes: np.ndarray,
                   trimmed: np.ndarray, trimmed_count: np.ndarray, boxed: np.ndarray,
                   boxed_count: np.ndarray, free: np.ndarray) -> None:
    """`observation._deal_discards`: hidden discard entries and hidden box entries."""
    for pile in range(3):
        at = L.discard_list(pile)
        for i in range(w[at]):
            if w[at + 1 + i] != HIDDEN:
                continue
            tag = w[at + 1 + L.PILE_CAP + i]
            row = (tag - TAG_TRIM) * 3 + pile
            if tag >= TAG_TRIM and trimmed_count[row]:
                w[at + 1 + i] = _pop(trimmed, trimmed_count, row)
            else:
                w[at + 1 + i] = _pop(lists, sizes, pile)
    taken, free = _zeros(free, L.MAX_PARTICIPANTS)
    for i in range(w[L.BOX]):
        if w[L.BOX + 1 + i] == HIDDEN:
            p = w[L.BOX + 1 + L.BOX_CAP + i] - TAG_TRIM
            w[L.BOX + 1 + i] = boxed[p, taken[p]]
            taken[p] += 1


@njit(nogil=True)
def _sample_trophy_fans(w: np.ndarray, rng: np.ndarray, free: np.ndarray) -> None:
    """The trophy fans face down: each round's printed values not shown, shuffled."""
    values, free = _rows(free, 1)
    size, free = _zeros(free, 1)
    for r in range(ROUNDS):
        row = L.TROPHY_FANS + 4 * r
        rest = FANS_OF_TROPHIES[r]
        shown = 0
        for k in range(4):
            if w[row + k] != HIDDEN:
                for j in range(4):
                    if not shown >> j & 1 and rest[j] == w[row + k]:
                        shown |= 1 << j
                        break
        size[0] = 0
        for j in range(4):
            if not shown >> j & 1:
                _push(values, size, 0, rest[j])
        _shuffle(values, size, 0, rng)
        for k in range(4):
            if w[row + k] == HIDDEN:
                w[row + k] = _pop(values, size, 0)
