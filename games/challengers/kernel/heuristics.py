"""The compiled search heuristics: the playout policy, the priors and the static evaluation.

The twin of `heuristics` and `features`: the same scores, the same softmax, the same fitted
conditional logit (weights and pile means frozen from the Python engine's tables). The scores
read a worth table (`worth_table`: a `heuristics.Worth` as one array; `TODAY`, or a learned
engine's, which `compiled.LearnedCompiled` binds).
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from kernels.rng import below, uniform

from ..catalogue import FAN_LEAD, LEVEL_S, OPTIONAL_SETS, ROUNDS
from ..effects import K_SIREN
from ..knowledge import heuristics
from ..knowledge.features import FEATURES, pile_means
from ..state import D_EXTRA, D_OPTION, D_PICK, DECK, MATCH, OVER
from . import actions as kc
from . import catalogue as T
from . import flow as kf
from . import layout as L
from . import match as km

NT = T.NT
EPSILON = 0.1
"""`heuristics.rollout_action`'s chance of a uniform move."""
NUM_FEATURES = len(FEATURES)
WEIGHTS = np.array([heuristics.weights_for(n) for n in range(9)], dtype=np.float64)
"""`WEIGHTS[num_players]`: the evaluation's fitted weights."""
PILE_MEANS = np.array(
    [pile_means(tuple(name for i, name in enumerate(OPTIONAL_SETS) if mask >> i & 1))
     for mask in range(1 << len(OPTIONAL_SETS))], dtype=np.float64)
"""`PILE_MEANS[sets mask]`: the mean printed power of the A, B and C pile cards."""


def worth_table(worth: heuristics.Worth) -> np.ndarray:
    """`worth` as one array: its pick worth, its trim terms, then the temperature."""
    return np.array([*worth.pick, *worth.trim, worth.temperature], dtype=np.float64)


TODAY = worth_table(heuristics.TODAY)
"""`heuristics.TODAY`: the hand-written worth (`value=logistic`'s, and greedy's)."""
TRIM = NT
"""Where a worth table's trim terms start."""
TEMPERATURE = 2 * NT
"""Where a worth table keeps the priors' temperature."""
BELOW_SIGN = (1 << 63) - 1
"""The 63 bits of a 64-bit integer below its sign bit."""


@njit(nogil=True)
def score(w: np.ndarray, code: int, worth: np.ndarray) -> float:
    """Higher is better for the player playing `code` at a worth table (`heuristics._score`)."""
    if code < kc.REDRAW_CODE:
        arg = code - kc.OPTION_CODE
        return (arg >> 3) * 2.0 + (arg & 7) * (1.0 if w[L.ROUND] < 6 else 0.4)
    if code == kc.REDRAW_CODE:
        best = 0.0
        for i in range(w[L.OFFER]):
            value = worth[w[L.OFFER + 1 + i]]
            if i == 0 or value > best:
                best = value
        floor = 2.0 + w[L.OPTION_PILE] * 2.0
        return floor if best < floor else -1.0
    if code == kc.PASS_CODE:
        return 0.5
    if code == kc.DONE_CODE:
        return 0.0
    if code < kc.PAY_ONE_CODE:
        return worth[code - kc.PICK_CODE]
    if code < kc.PAY_TWO_CODE:
        card, paid = divmod(code - kc.PAY_ONE_CODE, NT)
        return worth[card] + 0.5 * (0 + (4.5 - worth[paid]))
    if code < kc.TRIM_CODE:
        rest, second = divmod(code - kc.PAY_TWO_CODE, NT)
        index, first = divmod(rest, NT)
        card = kc.TWO_COST_CARDS[index]
        return worth[card] + 0.5 * (0 + (4.5 - worth[first]) + (4.5 - worth[second]))
    if code < kc.EXHAUST_CODE:
        card = code - kc.TRIM_CODE
        weak = T.NEWCOMER[card] == 1 or (T.LEVEL[card] == LEVEL_S and w[L.ROUND] >= 4)
        base = 1.0 if weak and w[L.block(kf.drafter(w)) + L.DECK] > 8 else -2.0
        return base + worth[TRIM + card]
    if code < kc.TOP_CODE:
        return _exhaust_score(w, code - kc.EXHAUST_CODE)
    if code < kc.BOTTOM_CODE:
        return worth[(code - kc.TOP_CODE) % NT]
    if code < kc.ORDER_TWO_CODE:
        return -worth[(code - kc.BOTTOM_CODE) % NT]
    if code < kc.ORDER_THREE_CODE:
        rest = code - kc.ORDER_TWO_CODE
        return 0 + worth[rest // NT] * 4 + worth[rest % NT] * 2
    rest = code - kc.ORDER_THREE_CODE
    return 0 + worth[rest // NT // NT] * 4 + worth[rest // NT % NT] * 2 + worth[rest % NT] * 1


@njit(nogil=True)
def _exhaust_score(w: np.ndarray, card: int) -> float:
    aura = T.AURA[card] != 0
    if w[L.PENDING_KIND] == K_SIREN:
        return 3.0 if aura else -1.0
    p = w[L.PENDING_PARTICIPANT]
    size = 0
    for seat in range(km.bench_seats(w, p)):
        at = L.seat_list(p, seat)
        if L.find(w, at, card) >= 0:
            size = w[at]
            break
    return 2.0 - size - (2.0 if aura else 0.0)


@njit(nogil=True)
def rollout_action(w: np.ndarray, rng: np.ndarray, buffer: np.ndarray,
                   worth: np.ndarray) -> int:
    """Mostly the best-scored legal code at a worth table, sometimes a uniform one."""
    count = kf.legal(w, buffer)
    if count == 1 or uniform(rng) < EPSILON:
        return buffer[below(rng, count)]
    best, best_score = buffer[0], score(w, buffer[0], worth)
    for i in range(1, count):
        value = score(w, buffer[i], worth)
        if value > best_score:
            best, best_score = buffer[i], value
    return best


@njit(nogil=True)
def priors(w: np.ndarray, actions: np.ndarray, count: int, out: np.ndarray,
           worth: np.ndarray) -> None:
    """`out[:count]`: a softmax of the scores of `actions[:count]` at a worth table."""
    if count == 0:
        return
    top = -math.inf
    for i in range(count):
        out[i] = score(w, actions[i], worth)
        top = max(top, out[i])
    total = 0.0
    for i in range(count):
        out[i] = math.exp((out[i] - top) / worth[TEMPERATURE])
        total += out[i]
    for i in range(count):
        out[i] /= total


# --- the evaluation --------------------------------------------------------------------------


@njit(nogil=True)
def _to_draft(w: np.ndarray, p: int) -> float:
    """Expected power p still adds in this deck phase (`features._to_draft`)."""
    turn = w[L.TURN]
    if (w[L.PHASE] != DECK or w[L.FINALIST_COUNT] or p >= w[L.NUM_PLAYERS] or p < turn):
        return 0.0
    means = PILE_MEANS[w[L.SETS]]
    r = w[L.ROUND] - 1
    best = 0.0
    for i in range(T.SCHEDULE_COUNT[r]):
        value = T.SCHEDULE[r, i, 1] * means[T.SCHEDULE[r, i, 0]]
        if i == 0 or value > best:
            best = value
    step = w[L.DRAFT_STEP]
    if p > turn or step == D_OPTION:
        return best
    if step in (D_PICK, D_EXTRA) and 0 <= w[L.OPTION_PILE] < 3:
        return (w[L.PICKS_LEFT] + (1 if step == D_EXTRA else 0)) * means[w[L.OPTION_PILE]]
    return 0.0


@njit(nogil=True)
def _card_list(p: int, k: int) -> int:
    """The count cell of p's k-th card list: deck, draw pile, exhausted, in play, then the bench
    seats."""
    if k >= 4:
        return L.seat_list(p, k - 4)
    b = L.block(p)
    if k == 0:
        return b + L.DECK
    if k == 1:
        return b + L.DRAWS
    return b + (L.EXHAUSTED if k == 2 else L.IN_PLAY)


@njit(nogil=True)
def _bits(word: int) -> int:
    """How many bits of the 64-bit `word` are set (the sign bit included)."""
    count = 1 if word < 0 else 0
    word &= BELOW_SIGN
    while word:
        word &= word - 1
        count += 1
    return count


@njit(nogil=True)
def _features(w: np.ndarray, p: int) -> tuple[float, ...]:
    """p's feature vector (`features.features`) as a tuple: its deck statistics in local
    integers and its card names in a bit set of two words (names 0-63, 64-127), so no array
    is allocated per call."""
    fans = kf.fan_total(w, p)
    rnd = min(w[L.ROUND], ROUNDS)
    size = total = strong = weak = level_s = aura = 0
    low = high = 0
    for k in range(4 + km.bench_seats(w, p)):
        at = _card_list(p, k)
        for i in range(w[at]):
            c = w[at + 1 + i] & 127
            power = T.POWER[c] if T.POWER[c] >= 0 else rnd
            size += 1
            total += power
            strong += power >= 5
            weak += power <= 1
            level_s += T.LEVEL[c] == LEVEL_S
            aura += T.AURA[c] != 0
            name = T.NAME_ID[c]
            if name < 64:
                low |= 1 << name
            else:
                high |= 1 << (name & 63)
    mean = total / size if size else 0.0
    left = ROUNDS - rnd + (1 if w[L.PHASE] == DECK else 0)
    bench = stake = draw_left = 0.0
    if w[L.PHASE] == MATCH and (p == w[L.SIDE_A] or p == w[L.SIDE_B]):
        bench = km.bench_seats(w, p) / 6
        park = w[L.PARK]
        if not w[L.FINALIST_COUNT] and w[L.ROUND] <= ROUNDS and 0 <= park < 4:
            stake = bench * w[L.TROPHY_FANS + (w[L.ROUND] - 1) * 4 + park] / FAN_LEAD
        draw_left = w[L.block(p) + L.DRAWS] / 10
    clinch = safe = 0.0
    if (w[L.NUM_PLAYERS] == 2 and p <= 1 and (w[L.PHASE] == DECK or w[L.PHASE] == MATCH)
            and w[L.ROUND] <= ROUNDS):
        lead = fans - kf.fan_total(w, 1 - p)
        stake_fans = w[L.TROPHY_FANS + (w[L.ROUND] - 1) * 4]
        if w[L.ROUND] == ROUNDS:
            clinch = 1.0 if lead + stake_fans > 0 else 0.0
            safe = 1.0 if lead - stake_fans > 0 else 0.0
        else:
            clinch = 1.0 if lead + stake_fans >= FAN_LEAD else 0.0
    best_trophy = 0
    for q in range(w[L.NUM_PARTICIPANTS]):
        best_trophy = max(best_trophy, km.highest_trophy(w, q))
    own = km.highest_trophy(w, p)
    return (
        fans / FAN_LEAD,
        fans / FAN_LEAD * rnd / ROUNDS,
        w[L.block(p) + L.TROPHIES] / ROUNDS,
        mean / 5,
        mean / 5 * left / ROUNDS,
        size / 15,
        strong / 5,
        weak / 5,
        level_s / 6,
        (_bits(low) + _bits(high)) / 6,
        aura / 3,
        _to_draft(w, p) / 10,
        1.0 if own == best_trophy and best_trophy > 0 else 0.0,
        bench,
        stake,
        draw_left,
        clinch,
        safe,
    )


@njit(nogil=True)
def features(w: np.ndarray, p: int, out: np.ndarray) -> None:
    """p's feature vector (`features.features`) into `out`."""
    values = _features(w, p)
    for j in range(NUM_FEATURES):
        out[j] = values[j]


@njit(nogil=True)
def evaluate(w: np.ndarray, out: np.ndarray) -> None:
    """`out[:num_players]`: each seat's chance to win (`heuristics.evaluate`). The seats'
    scores wait in `out` itself and the robot's in a local, so no array is allocated."""
    n = w[L.NUM_PLAYERS]
    if w[L.PHASE] == OVER and w[L.OVER]:
        for p in range(n):
            out[p] = w[L.RESULT + p] / 2
        return
    rivals = n + 1 if n == 1 else n
    weights = WEIGHTS[n]
    robot = 0.0
    top = -math.inf
    for i in range(rivals):
        p = i if i < n else w[L.ROBOT]
        values = _features(w, p)
        x = 0.0
        for j in range(NUM_FEATURES):
            x += weights[j] * values[j]
        if w[L.FINALIST_COUNT] and p != w[L.FINALISTS] and p != w[L.FINALISTS + 1]:
            x = -1e9
        if i < n:
            out[i] = x
        else:
            robot = x
        top = max(top, x)
    total = 0.0
    for i in range(n):
        out[i] = math.exp(out[i] - top)
        total += out[i]
    if rivals > n:
        total += math.exp(robot - top)
    for p in range(n):
        out[p] = out[p] / total
