"""The compiled search heuristics: the playout policy, the priors and the static evaluation.

The twin of `heuristics` and `features`: the same scores, the same softmax, the same fitted
conditional logit (weights and pile means frozen from the Python engine's tables).
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from kernels.rng import below, uniform

from . import heuristics
from . import kernel_codes as kc
from . import kernel_flow as kf
from . import kernel_layout as L
from . import kernel_match as km
from . import kernel_tables as T
from .catalogue import FAN_LEAD, LEVEL_S, OPTIONAL_SETS, ROUNDS
from .effects import K_SIREN
from .features import FEATURES, pile_means
from .state import D_EXTRA, D_OPTION, D_PICK, DECK, MATCH, OVER

NT = T.NT
EPSILON = 0.1
"""`heuristics.rollout_action`'s chance of a uniform move."""
TEMPERATURE = heuristics.PRIOR_TEMPERATURE
NUM_FEATURES = len(FEATURES)
WEIGHTS = np.array([heuristics.weights_for(n) for n in range(9)], dtype=np.float64)
"""`WEIGHTS[num_players]`: the evaluation's fitted weights."""
PILE_MEANS = np.array(
    [pile_means(tuple(name for i, name in enumerate(OPTIONAL_SETS) if mask >> i & 1))
     for mask in range(1 << len(OPTIONAL_SETS))], dtype=np.float64)
"""`PILE_MEANS[sets mask]`: the mean printed power of the A, B and C pile cards."""
VALUE = np.array([(p if p >= 0 else 4) + (0.5 if a else 0.0)
                  for p, a in zip(T.POWER, T.AURA, strict=True)], dtype=np.float64)
"""`heuristics._value` per card type."""


@njit(nogil=True)
def score(w: np.ndarray, code: int) -> float:
    """Higher is better for the player playing `code` (`heuristics._score`)."""
    if code < kc.REDRAW_CODE:
        arg = code - kc.OPTION_CODE
        return (arg >> 3) * 2.0 + (arg & 7) * (1.0 if w[L.ROUND] < 6 else 0.4)
    if code == kc.REDRAW_CODE:
        best = 0.0
        for i in range(w[L.OFFER]):
            value = VALUE[w[L.OFFER + 1 + i]]
            if i == 0 or value > best:
                best = value
        floor = 2.0 + w[L.OPTION_PILE] * 2.0
        return floor if best < floor else -1.0
    if code == kc.PASS_CODE:
        return 0.5
    if code == kc.DONE_CODE:
        return 0.0
    if code < kc.PAY_ONE_CODE:
        return VALUE[code - kc.PICK_CODE]
    if code < kc.PAY_TWO_CODE:
        card, paid = divmod(code - kc.PAY_ONE_CODE, NT)
        return VALUE[card] + 0.5 * (0 + (4.5 - VALUE[paid]))
    if code < kc.TRIM_CODE:
        rest, second = divmod(code - kc.PAY_TWO_CODE, NT)
        index, first = divmod(rest, NT)
        card = kc.TWO_COST_CARDS[index]
        return VALUE[card] + 0.5 * (0 + (4.5 - VALUE[first]) + (4.5 - VALUE[second]))
    if code < kc.EXHAUST_CODE:
        card = code - kc.TRIM_CODE
        weak = T.NEWCOMER[card] == 1 or (T.LEVEL[card] == LEVEL_S and w[L.ROUND] >= 4)
        return 1.0 if weak and w[L.block(kf.drafter(w)) + L.DECK] > 8 else -2.0
    if code < kc.TOP_CODE:
        return _exhaust_score(w, code - kc.EXHAUST_CODE)
    if code < kc.BOTTOM_CODE:
        return VALUE[(code - kc.TOP_CODE) % NT]
    if code < kc.ORDER_TWO_CODE:
        return -VALUE[(code - kc.BOTTOM_CODE) % NT]
    if code < kc.ORDER_THREE_CODE:
        rest = code - kc.ORDER_TWO_CODE
        return 0 + VALUE[rest // NT] * 4 + VALUE[rest % NT] * 2
    rest = code - kc.ORDER_THREE_CODE
    return 0 + VALUE[rest // NT // NT] * 4 + VALUE[rest // NT % NT] * 2 + VALUE[rest % NT] * 1


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
def rollout_action(w: np.ndarray, rng: np.ndarray, buffer: np.ndarray) -> int:
    """Mostly the best-scored legal code, sometimes a uniform one."""
    count = kf.legal(w, buffer)
    if count == 1 or uniform(rng) < EPSILON:
        return buffer[below(rng, count)]
    best, best_score = buffer[0], score(w, buffer[0])
    for i in range(1, count):
        value = score(w, buffer[i])
        if value > best_score:
            best, best_score = buffer[i], value
    return best


@njit(nogil=True)
def priors(w: np.ndarray, actions: np.ndarray, count: int, out: np.ndarray) -> None:
    """`out[:count]`: a softmax of the scores of `actions[:count]`."""
    if count == 0:
        return
    top = -math.inf
    for i in range(count):
        out[i] = score(w, actions[i])
        top = max(top, out[i])
    total = 0.0
    for i in range(count):
        out[i] = math.exp((out[i] - top) / TEMPERATURE)
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
def _card_stats(w: np.ndarray, p: int, at: int, mask: int, rnd: int, stats: np.ndarray,
                names: np.ndarray) -> None:
    """Add the cards of the list at `at` (types under `mask`) to p's deck statistics."""
    for i in range(w[at]):
        c = w[at + 1 + i] & mask
        power = T.POWER[c] if T.POWER[c] >= 0 else rnd
        stats[0] += 1
        stats[1] += power
        stats[2] += power >= 5
        stats[3] += power <= 1
        stats[4] += T.LEVEL[c] == LEVEL_S
        stats[5] += T.AURA[c] != 0
        names[T.NAME_ID[c]] = True


@njit(nogil=True)
def features(w: np.ndarray, p: int, out: np.ndarray) -> None:
    """p's feature vector (`features.features`) into `out`."""
    b = L.block(p)
    fans = kf.fan_total(w, p)
    rnd = min(w[L.ROUND], ROUNDS)
    stats = np.zeros(6, dtype=np.int64)
    names = np.zeros(NT, dtype=np.bool_)
    _card_stats(w, p, b + L.DECK, 127, rnd, stats, names)
    _card_stats(w, p, b + L.DRAWS, 127, rnd, stats, names)
    for seat in range(km.bench_seats(w, p)):
        _card_stats(w, p, L.seat_list(p, seat), 127, rnd, stats, names)
    _card_stats(w, p, b + L.EXHAUSTED, 127, rnd, stats, names)
    _card_stats(w, p, b + L.IN_PLAY, 127, rnd, stats, names)
    size = stats[0]
    mean = stats[1] / size if size else 0.0
    left = ROUNDS - rnd + (1 if w[L.PHASE] == DECK else 0)
    bench = stake = draw_left = 0.0
    if w[L.PHASE] == MATCH and (p == w[L.SIDE_A] or p == w[L.SIDE_B]):
        bench = km.bench_seats(w, p) / 6
        park = w[L.PARK]
        if not w[L.FINALIST_COUNT] and w[L.ROUND] <= ROUNDS and 0 <= park < 4:
            stake = bench * w[L.TROPHY_FANS + (w[L.ROUND] - 1) * 4 + park] / FAN_LEAD
        draw_left = w[b + L.DRAWS] / 10
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
    out[0] = fans / FAN_LEAD
    out[1] = fans / FAN_LEAD * rnd / ROUNDS
    out[2] = w[b + L.TROPHIES] / ROUNDS
    out[3] = mean / 5
    out[4] = mean / 5 * left / ROUNDS
    out[5] = size / 15
    out[6] = stats[2] / 5
    out[7] = stats[3] / 5
    out[8] = stats[4] / 6
    out[9] = names.sum() / 6
    out[10] = stats[5] / 3
    out[11] = _to_draft(w, p) / 10
    out[12] = 1.0 if own == best_trophy and best_trophy > 0 else 0.0
    out[13] = bench
    out[14] = stake
    out[15] = draw_left
    out[16] = clinch
    out[17] = safe


@njit(nogil=True)
def evaluate(w: np.ndarray, out: np.ndarray) -> None:
    """`out[:num_players]`: each seat's chance to win (`heuristics.evaluate`)."""
    n = w[L.NUM_PLAYERS]
    if w[L.PHASE] == OVER and w[L.OVER]:
        for p in range(n):
            out[p] = w[L.RESULT + p] / 2
        return
    rivals = n + 1 if n == 1 else n
    weights = WEIGHTS[n]
    values = np.empty(NUM_FEATURES)
    scores = np.empty(rivals)
    for i in range(rivals):
        p = i if i < n else w[L.ROBOT]
        features(w, p, values)
        x = 0.0
        for j in range(NUM_FEATURES):
            x += weights[j] * values[j]
        if w[L.FINALIST_COUNT] and p != w[L.FINALISTS] and p != w[L.FINALISTS + 1]:
            x = -1e9
        scores[i] = x
    top = scores.max()
    total = 0.0
    for i in range(rivals):
        scores[i] = math.exp(scores[i] - top)
        total += scores[i]
    for p in range(n):
        out[p] = scores[p] / total
