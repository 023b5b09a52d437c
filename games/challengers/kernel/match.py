"""The compiled match: zones, card effects, power, the automatic steps and effect decisions.

The twin of `zones`, `effects`, `power`, `match` and `decisions`, step for step and draw for
draw. `counts` is the effect tally (`state.effect_counts` as `counts[p * NT + card]`), or an
empty array when nothing is measured.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.rng import below, uniform

from ..catalogue import BENCH_SEATS, ICON_CITY, LEVEL_B, ROUNDS
from ..effects import (
    AURA_AI,
    AURA_BAND,
    AURA_BARD,
    AURA_BLACKSMITH,
    AURA_COOK,
    AURA_DIRECTOR,
    AURA_MAKEUP,
    AURA_VENDOR,
    CYBORG,
    ICON_FILM,
    ICON_FUNFAIR,
    ICON_HAUNTED,
    ICON_SHIP,
    ICON_SPACE,
    K_BOTTOM_ANY,
    K_DRONE,
    K_EXH_LE3,
    K_EXH_UPTO,
    K_LOOK2,
    K_NECROMECH,
    K_NEWCOMER_TOP,
    K_ORDER,
    K_SIREN,
    K_TOP_ANY,
    K_TOP_LVLB,
    K_TOP_POW2,
)
from ..match import M_CAPTURE, M_COMPARE, M_FIRST_GAIN, M_REVEAL, M_START
from ..state import OPP_KNOWS, OWNER_KNOWS, PUBLIC_CODE, TAG_PUBLIC, TYPE_MASK
from . import actions as kc
from . import catalogue as T
from . import layout as L

NT = T.NT
NO_CARD = -1

# --- zones -----------------------------------------------------------------------------------


@njit(nogil=True)
def opponent(w: np.ndarray, p: int) -> int:
    """The other participant of the current match."""
    return w[L.SIDE_B] if p == w[L.SIDE_A] else w[L.SIDE_A]


@njit(nogil=True)
def shuffle(w: np.ndarray, at: int, rng: np.ndarray) -> None:
    """Shuffle the list at `at` as `random.shuffle` does, one `below` draw per swap."""
    n = w[at]
    for i in range(n - 1, 0, -1):
        j = below(rng, i + 1)
        a, b = at + 1 + i, at + 1 + j
        w[a], w[b] = w[b], w[a]


@njit(nogil=True)
def draw_from_pile(w: np.ndarray, index: int, rng: np.ndarray) -> int:
    """The top card of a level pile, its discard shuffled in when it is empty (-1: none)."""
    at = L.pile(index)
    if w[at] == 0:
        waste = L.discard_list(index)
        n = w[waste]
        if n == 0:
            return NO_CARD
        L.copy_cells(w, waste + 1, w, at + 1, n)
        w[at] = n
        w[waste : waste + 1 + 2 * L.PILE_CAP] = 0
        shuffle(w, at, rng)
    return L.pop(w, at)


@njit(nogil=True)
def discard(w: np.ndarray, index: int, card: int, tag: int) -> None:
    """Put `card` in pile `index`'s discard compartment, seen by `tag`."""
    at = L.discard_list(index)
    n = w[at]
    w[at + 1 + L.PILE_CAP + n] = tag
    L.push(w, at, card)


@njit(nogil=True)
def to_box(w: np.ndarray, card: int, tag: int) -> None:
    """Remove `card` from the game."""
    n = w[L.BOX]
    w[L.BOX + 1 + L.BOX_CAP + n] = tag
    L.push(w, L.BOX, card)


@njit(nogil=True)
def bench_seats(w: np.ndarray, p: int) -> int:
    """How many seats of p's bench are taken."""
    return w[L.block(p) + L.BENCH]


@njit(nogil=True)
def bench_card(w: np.ndarray, p: int, card: int) -> bool:
    """Seat `card` on p's bench (with its namesakes or in a free seat); False if none fits."""
    seats = bench_seats(w, p)
    name = T.NAME_ID[card]
    for seat in range(seats):
        at = L.seat_list(p, seat)
        if T.NAME_ID[w[at + 1]] == name:
            L.push(w, at, card)
            return True
    if seats >= BENCH_SEATS:
        return False
    L.push(w, L.seat_list(p, seats), card)
    w[L.block(p) + L.BENCH] = seats + 1
    return True


@njit(nogil=True)
def take_from_bench(w: np.ndarray, p: int, card: int) -> None:
    """Take one card of type `card` off p's bench (a seat is freed when emptied)."""
    seats = bench_seats(w, p)
    for seat in range(seats):
        at = L.seat_list(p, seat)
        index = L.find(w, at, card)
        if index >= 0:
            L.pop_at(w, at, index)
            if w[at] == 0:
                last = L.seat_list(p, seats - 1)
                L.copy_cells(w, at + L.SEAT_SIZE, w, at, last - at)
                w[last : last + L.SEAT_SIZE] = 0
                w[L.block(p) + L.BENCH] = seats - 1
            return


@njit(nogil=True)
def append_new(out: np.ndarray, count: int, value: int) -> int:
    """Append `value` to `out[:count]` unless it is there already; the new count."""
    for j in range(count):
        if out[j] == value:
            return count
    out[count] = value
    return count + 1


@njit(nogil=True)
def bench_types(w: np.ndarray, p: int, out: np.ndarray) -> int:
    """Distinct card types on p's bench, in seat order, into `out`; how many."""
    count = 0
    for seat in range(bench_seats(w, p)):
        at = L.seat_list(p, seat)
        for i in range(w[at]):
            count = append_new(out, count, w[at + 1 + i])
    return count


@njit(nogil=True)
def base_power(w: np.ndarray, card: int) -> int:
    """Printed power; the robot's Cyborg has the round number."""
    power = T.POWER[card]
    return power if power >= 0 else min(w[L.ROUND], ROUNDS)


@njit(nogil=True)
def icons(w: np.ndarray, p: int) -> int:
    """Different set icons on p's bench."""
    seen = 0
    for seat in range(bench_seats(w, p)):
        seen |= 1 << T.ICON[w[L.seat_list(p, seat) + 1]]
    count = 0
    while seen:
        count += seen & 1
        seen >>= 1
    return count


@njit(nogil=True)
def bench_count(w: np.ndarray, p: int, test: int, value: int) -> int:
    """Benched cards of p with base power `value` (test 0), level `value` (test 1), type
    `value` (test 2) or a seat icon `value` (test 3)."""
    count = 0
    for seat in range(bench_seats(w, p)):
        at = L.seat_list(p, seat)
        for i in range(w[at]):
            card = w[at + 1 + i]
            if test == 0:
                hit = base_power(w, card) == value
            elif test == 1:
                hit = T.LEVEL[card] == value
            elif test == 2:
                hit = card == value
            else:
                hit = T.ICON[w[at + 1]] == value
            if hit:
                count += 1
    return count


@njit(nogil=True)
def bench_has(w: np.ndarray, p: int, test: int, value: int) -> bool:
    """Whether a benched card of p has base power <= `value` (test 0), == `value` (test 1),
    level `value` (test 2) or the Newcomer name (test 3)."""
    for seat in range(bench_seats(w, p)):
        at = L.seat_list(p, seat)
        for i in range(w[at]):
            card = w[at + 1 + i]
            if test == 0:
                hit = base_power(w, card) <= value
            elif test == 1:
                hit = base_power(w, card) == value
            elif test == 2:
                hit = T.LEVEL[card] == value
            else:
                hit = T.NEWCOMER[card] == 1
            if hit:
                return True
    return False


@njit(nogil=True)
def tally(counts: np.ndarray, p: int, card: int) -> None:
    """Count one triggered effect of p's `card` when a measurement is on."""
    if counts.shape[0]:
        counts[p * NT + card] += 1


# --- effects ---------------------------------------------------------------------------------


@njit(nogil=True)
def pend(w: np.ndarray, kind: int, who: int, data: int) -> None:
    """Leave `who` the decision `kind`."""
    w[L.PENDING_KIND], w[L.PENDING_PARTICIPANT], w[L.PENDING_DATA] = kind, who, data


@njit(nogil=True)
def offer(w: np.ndarray, kind: int, who: int, possible: bool, data: int) -> bool:
    """Leave `who` the decision `kind` when it is `possible`; whether it was left."""
    if possible:
        pend(w, kind, who, data)
    return possible


@njit(nogil=True)
def gain_fans(w: np.ndarray, p: int, fans: int, allowed: bool) -> bool:
    """p gains `fans` fan tokens when `allowed`; whether they did."""
    if allowed:
        w[L.block(p) + L.FANS] += fans
    return allowed


@njit(nogil=True)
def reveal_bonus(w: np.ndarray, p: int, kind: int) -> int:
    """A card's kept reveal bonus (`effects._REVEAL_BONUS`)."""
    b = L.block(p)
    if kind == T.RB_MASCOT:
        return icons(w, p)
    if kind == T.RB_JESTER:
        return 3 if bench_count(w, p, 0, 1) > 0 else 0
    if kind == T.RB_STABLE_BOY:
        return bench_count(w, p, 0, 3)
    if kind == T.RB_HERMIT:
        return 0 if bench_count(w, p, 3, ICON_CITY) > 0 else 2
    if kind == T.RB_MIME:
        return BENCH_SEATS - bench_seats(w, p)
    if kind == T.RB_TEENAGER:
        return bench_count(w, p, 3, ICON_HAUNTED)
    if kind == T.RB_MERMAN:
        return 3 if bench_count(w, p, 3, ICON_SHIP) > 0 else 0
    if kind == T.RB_LIFEGUARD:
        return 2 if w[b + L.DRAWS] <= 1 else 0
    if kind == T.RB_CYBORG_FRIEND:
        return bench_count(w, p, 2, CYBORG)
    if kind == T.RB_MECHANIC:
        return bench_count(w, opponent(w, p), 1, LEVEL_B)
    if kind == T.RB_AUTOCORRECT:
        return -icons(w, opponent(w, p))
    return 0


@njit(nogil=True)
def attack_bonus(w: np.ndarray, p: int, kind: int) -> int:
    """A card's attack-only bonus (`effects._ATTACK_BONUS`)."""
    if kind == T.AB_KNIGHT:
        return w[L.block(opponent(w, p)) + L.TROPHIES]
    if kind == T.AB_GANGSTER:
        return 2
    return 0


@njit(nogil=True)
def flag_bonus(w: np.ndarray, p: int, kind: int) -> int:
    """A card's flag-possession bonus (`effects._FLAG_BONUS`)."""
    if kind == T.FB_SKELETON:
        return 1
    if kind == T.FB_TREASURE:
        return 2
    if kind == T.FB_ILLUSIONIST:
        return BENCH_SEATS - bench_seats(w, p)
    return 0


@njit(nogil=True)
def learn_top(w: np.ndarray, p: int, k: int) -> None:
    """The owner looks at the top `k` cards of their draw pile."""
    at = L.block(p) + L.DRAWS
    n = w[at]
    for i in range(max(0, n - k), n):
        w[at + 1 + i] |= OWNER_KNOWS


@njit(nogil=True)
def learn_all(w: np.ndarray, p: int) -> None:
    """The owner looks through the draw pile; the opponent loses track of its order."""
    at = L.block(p) + L.DRAWS
    for i in range(w[at]):
        w[at + 1 + i] = (w[at + 1 + i] | OWNER_KNOWS) & ~OPP_KNOWS


@njit(nogil=True)
def gain_from_pile(w: np.ndarray, p: int, index: int, rng: np.ndarray, bottom: bool) -> bool:
    """The top card of pile `index` goes unseen into p's draw pile."""
    card = draw_from_pile(w, index, rng)
    if card < 0:
        return False
    b = L.block(p)
    w[b + L.HIDDEN_ADDS + index] += 1
    if bottom:
        L.insert_first(w, b + L.DRAWS, card)
    else:
        L.push(w, b + L.DRAWS, card)
    return True


@njit(nogil=True)
def search_deck(w: np.ndarray, p: int, kind: int) -> bool:
    """p looks through their deck to choose a card for `kind` (not with an empty deck)."""
    if w[L.block(p) + L.DRAWS] == 0:
        return False
    learn_all(w, p)
    pend(w, kind, p, 0)
    return True


@njit(nogil=True)
def look_two(w: np.ndarray, p: int) -> bool:
    """Reporter and Navigator: look at the top two cards."""
    if w[L.block(p) + L.DRAWS] < 2:
        return False
    learn_top(w, p, 2)
    pend(w, K_LOOK2, p, 0)
    return True


@njit(nogil=True)
def exhaust_top(w: np.ndarray, q: int, bottom: bool) -> bool:
    """The top (or bottom) card of q's draw pile goes to q's exhaust pile."""
    at = L.block(q) + L.DRAWS
    if w[at] == 0:
        return False
    code = L.pop_at(w, at, 0) if bottom else L.pop(w, at)
    L.push(w, L.block(q) + L.EXHAUSTED, code & TYPE_MASK)
    return True


@njit(nogil=True)
def on_reveal(w: np.ndarray, p: int, kind: int, rng: np.ndarray) -> bool:
    """A card's effect when revealed (`effects._ON_REVEAL`); whether it did something."""
    b = L.block(p)
    q = opponent(w, p)
    if kind == T.R_LOOK_TWO:
        return look_two(w, p)
    if kind == T.R_LOOK_THREE:
        if w[b + L.DRAWS] < 2:
            return False
        learn_top(w, p, 3)
        pend(w, K_ORDER, p, 0)
        return True
    if kind == T.R_FAN_BUS:
        return gain_fans(w, p, 2, w[b + L.TROPHIES] <= 3)
    if kind == T.R_SORCERER:
        return offer(w, K_EXH_LE3, p, bench_has(w, p, 0, 3), 0)
    if kind == T.R_MOVIE_STAR:
        return offer(w, K_NEWCOMER_TOP, p, bench_has(w, p, 3, 0), 2)
    if kind == T.R_EXHAUST_TWO:
        return offer(w, K_EXH_UPTO, p, bench_seats(w, p) > 0, 2)
    if kind == T.R_PYRO:
        return gain_fans(w, p, 2, w[b + L.DRAWS] <= 1)
    if kind == T.R_GHOST:
        return exhaust_top(w, q, False)
    if kind == T.R_NECROMANCER:
        return offer(w, K_TOP_POW2, p, bench_has(w, p, 1, 2), 0)
    if kind == T.R_VAMPIRE:
        return offer(w, K_TOP_LVLB, p, bench_has(w, p, 2, LEVEL_B), 0)
    if kind == T.R_VILLAIN:
        return gain_from_pile(w, p, 0, rng, False)
    if kind == T.R_UFO:
        first = gain_from_pile(w, p, 0, rng, True)
        second = gain_from_pile(w, p, 0, rng, True)
        return second or first
    if kind == T.R_HOLOGRAM:
        return gain_from_pile(w, q, 1, rng, False)
    if kind == T.R_ROBOGRAM:
        return gain_from_pile(w, q, 0, rng, False)
    if kind == T.R_SAILOR:
        return search_deck(w, p, K_BOTTOM_ANY)
    if kind == T.R_SIREN:
        return offer(w, K_SIREN, p, bench_seats(w, q) > 0, 0)
    if kind == T.R_SUBMARINE:
        return exhaust_top(w, p, True)
    if kind == T.R_DRONE:
        return offer(w, K_DRONE, q, bench_seats(w, q) > 0, 0)
    if kind == T.R_NECROMECH:
        return offer(w, K_NECROMECH, q, bench_has(w, q, 1, 2), 0)
    return False


@njit(nogil=True)
def on_flag_gain(w: np.ndarray, p: int, kind: int, counts: np.ndarray) -> bool:
    """A card's effect when it takes the flag (`effects._ON_FLAG_GAIN`)."""
    if kind == T.G_CLOWN:
        return gain_fans(w, p, 2, True)
    if kind == T.G_HEROINE:
        return gain_fans(w, p, 3, True)
    if kind == T.G_COWBOY:
        q = opponent(w, p)
        at = L.block(q) + L.DRAWS
        if w[at] == 0:
            return False
        code = L.pop(w, at)
        card = code & TYPE_MASK
        if not bench_card(w, q, card):
            L.push(w, at, code)
            w[L.LOSER] = q
        elif T.AURA[card]:
            tally(counts, q, card)
        return True
    return False


@njit(nogil=True)
def leave_play(w: np.ndarray, p: int) -> int:
    """p's flag card leaves play (with its bonuses); the card."""
    b = L.block(p)
    n = w[b + L.IN_PLAY]
    w[b + L.PLAY_BONUS + n] = 0
    w[b + L.PLAY_ATTACK + n] = 0
    return L.pop(w, b + L.IN_PLAY)


@njit(nogil=True)
def on_flag_loss(w: np.ndarray, p: int, kind: int, rng: np.ndarray) -> bool:
    """A card's effect when it loses the flag (`effects._ON_FLAG_LOSS`)."""
    b = L.block(p)
    if kind == T.L_PRINCE:
        L.push(w, b + L.EXHAUSTED, leave_play(w, p))
        return True
    if kind == T.L_COMIC:
        w[b + L.NEXT_ATTACK_BONUS] += 2
        return True
    if kind == T.L_CLAIRVOYANT:
        return search_deck(w, p, K_TOP_ANY)
    if kind == T.L_RESCUE_POD:
        pod = leave_play(w, p)
        to_box(w, pod, TAG_PUBLIC)
        index = L.find(w, b + L.MATCH_PUBLIC, pod)
        if index >= 0:
            L.pop_at(w, b + L.MATCH_PUBLIC, index)
        else:
            w[b + L.HIDDEN_ADDS] -= 1
        card = draw_from_pile(w, 1, rng)
        if card >= 0:
            L.push(w, b + L.EXHAUSTED, card)
            L.push(w, b + L.MATCH_PUBLIC, card)
        return True
    if kind == T.L_LOOK_TWO:
        return look_two(w, p)
    if kind == T.L_CHATBOT:
        return gain_fans(w, opponent(w, p), 1, True)
    return False


# --- power -----------------------------------------------------------------------------------


AURA_BITS = 7
"""Bits per aura kind in `auras`' packed counts (a bench holds at most 6 x 16 cards)."""


@njit(nogil=True)
def auras(w: np.ndarray, p: int) -> int:
    """How many cards of each aura kind sit on p's bench, packed `AURA_BITS` bits a kind
    (read with `aura`): one integer rather than an array, so no allocation per comparison."""
    packed = 0
    for seat in range(bench_seats(w, p)):
        at = L.seat_list(p, seat)
        packed += w[at] << (AURA_BITS * T.AURA[w[at + 1]])
    return packed


@njit(nogil=True)
def aura(packed: int, kind: int) -> int:
    """The count of aura `kind` in `auras`' packed counts (0 for no aura)."""
    if kind == 0:
        return 0
    return (packed >> (AURA_BITS * kind)) & ((1 << AURA_BITS) - 1)


@njit(nogil=True)
def general_bonus(counts: int, card: int, base: int) -> int:
    """Bench bonuses that apply to attacking and defending cards alike."""
    icon = T.ICON[card]
    bonus = 0
    if icon == ICON_CITY:
        bonus += aura(counts, AURA_BLACKSMITH)
    elif icon == ICON_FUNFAIR:
        bonus += aura(counts, AURA_VENDOR)
    elif icon == ICON_SPACE:
        bonus += aura(counts, AURA_BAND)
    if base == 2:
        bonus += aura(counts, AURA_AI)
    return bonus


@njit(nogil=True)
def attack_power(w: np.ndarray, p: int) -> int:
    """Total power of p's current attack."""
    counts = auras(w, p)
    b = L.block(p)
    total = 0
    for i in range(w[b + L.IN_PLAY]):
        card = w[b + L.IN_PLAY + 1 + i]
        base = base_power(w, card)
        v = (base + w[b + L.PLAY_BONUS + 1 + i] + w[b + L.PLAY_ATTACK + 1 + i]
             + general_bonus(counts, card, base) + aura(counts, AURA_BARD))
        if base == 1:
            v += 2 * aura(counts, AURA_MAKEUP)
        if T.ICON[card] == ICON_FILM:
            v += aura(counts, AURA_DIRECTOR)
        total += v if v > 0 else 0
    return total


@njit(nogil=True)
def defence_power(w: np.ndarray, p: int) -> int:
    """Power of p's flag card: itself, its kept reveal bonus, flag and bench bonuses."""
    b = L.block(p)
    n = w[b + L.IN_PLAY]
    if n == 0:
        return 0
    counts = auras(w, p)
    card = w[b + L.IN_PLAY + n]
    base = base_power(w, card)
    v = (base + w[b + L.PLAY_BONUS + n] + general_bonus(counts, card, base)
         + aura(counts, AURA_COOK) + flag_bonus(w, p, T.FLAG_BONUS[card]))
    return v if v > 0 else 0


# --- the match -------------------------------------------------------------------------------


@njit(nogil=True)
def start(w: np.ndarray, a: int, b: int, rng: np.ndarray) -> None:
    """Shuffle both decks and set up a match between `a` and `b`."""
    w[L.SIDE_A], w[L.SIDE_B], w[L.ATTACKER], w[L.MATCH_STEP], w[L.LOSER] = a, b, -1, M_START, -1
    w[L.PENDING_KIND], w[L.PENDING_PARTICIPANT], w[L.PENDING_DATA] = 0, -1, 0
    _start_side(w, a, rng)
    _start_side(w, b, rng)


@njit(nogil=True)
def _start_side(w: np.ndarray, p: int, rng: np.ndarray) -> None:
    """p's shuffled deck becomes their draw pile; the other match zones empty."""
    base = L.block(p)
    shuffle(w, base + L.DECK, rng)
    n = w[base + L.DECK]
    L.copy_cells(w, base + L.DECK, w, base + L.DRAWS, 1 + n)
    L.clear(w, base + L.DECK)
    L.copy_sorted(w, base + L.DRAWS, base + L.MATCH_PUBLIC)
    w[base + L.HIDDEN_ADDS : base + L.HIDDEN_ADDS + 3] = 0
    w[base + L.BENCH : base + L.BLOCK_SIZE] = 0
    for at in (L.EXHAUSTED, L.IN_PLAY, L.PLAY_BONUS, L.PLAY_ATTACK):
        w[base + at : base + at + L.LIST_SIZE] = 0
    w[base + L.NEXT_ATTACK_BONUS] = 0


@njit(nogil=True)
def highest_trophy(w: np.ndarray, p: int) -> int:
    """Round of p's highest trophy (0 without trophies)."""
    at = L.block(p) + L.TROPHIES
    best = 0
    for i in range(w[at]):
        best = max(best, w[at + 1 + i] >> 2)
    return best


@njit(nogil=True)
def reveal(w: np.ndarray, p: int, rng: np.ndarray, counts: np.ndarray) -> None:
    """p reveals the top card of their draw pile into play; its reveal effect happens."""
    b = L.block(p)
    card = L.pop(w, b + L.DRAWS) & TYPE_MASK
    L.push(w, b + L.IN_PLAY, card)
    n = w[b + L.IN_PLAY]
    kept = reveal_bonus(w, p, T.REVEAL_BONUS[card])
    w[b + L.PLAY_BONUS + n] = kept
    extra = attack_bonus(w, p, T.ATTACK_BONUS[card])
    w[b + L.PLAY_ATTACK + n] = extra + w[b + L.NEXT_ATTACK_BONUS]
    w[b + L.NEXT_ATTACK_BONUS] = 0
    if on_reveal(w, p, T.ON_REVEAL[card], rng) or kept or extra:
        tally(counts, p, card)


@njit(nogil=True)
def flag_gain(w: np.ndarray, p: int, counts: np.ndarray) -> None:
    """p's flag card takes the flag: its flag-gain effect."""
    b = L.block(p)
    card = w[b + L.IN_PLAY + w[b + L.IN_PLAY]]
    holding = T.FLAG_BONUS[card]
    if on_flag_gain(w, p, T.ON_FLAG_GAIN[card], counts) or (
            counts.shape[0] and holding and flag_bonus(w, p, holding)):
        tally(counts, p, card)


@njit(nogil=True)
def starter(w: np.ndarray, rng: np.ndarray) -> int:
    """Who reveals first: the holder of the trophy of the highest round, else a random one."""
    a, b = w[L.SIDE_A], w[L.SIDE_B]
    ha, hb = highest_trophy(w, a), highest_trophy(w, b)
    if ha != hb:
        return a if ha > hb else b
    return a if uniform(rng) < 0.5 else b


@njit(nogil=True)
def run(w: np.ndarray, rng: np.ndarray, counts: np.ndarray) -> None:
    """Play the match's automatic steps until a decision is pending or a side has lost.

    One call for the whole stretch rather than one per step: every call of a jitted function
    with array arguments takes and drops an atomic reference count on each, and a call per
    step was the largest share of that cost (a third of the search's time in all)."""
    while not w[L.PENDING_KIND] and w[L.LOSER] < 0:
        m = w[L.MATCH_STEP]
        if m == M_START:
            w[L.ATTACKER] = starter(w, rng)
            _reveal_or_lose(w, M_FIRST_GAIN, rng, counts)
        elif m == M_FIRST_GAIN:
            flag_gain(w, w[L.ATTACKER], counts)
            w[L.ATTACKER] = opponent(w, w[L.ATTACKER])
            w[L.MATCH_STEP] = M_REVEAL
        elif m == M_REVEAL:
            _reveal_or_lose(w, M_COMPARE, rng, counts)
        elif m == M_COMPARE:
            a = w[L.ATTACKER]
            d = opponent(w, a)
            if attack_power(w, a) >= defence_power(w, d):
                w[L.MATCH_STEP] = M_CAPTURE
                b = L.block(d)
                card = w[b + L.IN_PLAY + w[b + L.IN_PLAY]]
                if on_flag_loss(w, d, T.ON_FLAG_LOSS[card], rng):
                    tally(counts, d, card)
            else:
                w[L.MATCH_STEP] = M_REVEAL
        else:
            capture(w, counts)


@njit(nogil=True)
def _reveal_or_lose(w: np.ndarray, then: int, rng: np.ndarray, counts: np.ndarray) -> None:
    """The attacker reveals and the match goes on to step `then`; with an empty draw pile the
    attacker loses instead."""
    a = w[L.ATTACKER]
    if w[L.block(a) + L.DRAWS] == 0:
        w[L.LOSER] = a
        return
    w[L.MATCH_STEP] = then
    reveal(w, a, rng, counts)


@njit(nogil=True)
def capture(w: np.ndarray, counts: np.ndarray) -> None:
    """The attacker takes the flag; the defender's cards go to their bench."""
    a = w[L.ATTACKER]
    d = opponent(w, a)
    flag_gain(w, a, counts)
    if w[L.LOSER] >= 0:
        return
    b = L.block(d)
    at = b + L.IN_PLAY
    n = w[at]
    for zone in (L.PLAY_BONUS, L.PLAY_ATTACK):
        w[b + zone : b + zone + L.LIST_SIZE] = 0
    for i in range(n):
        card = w[at + 1 + i]
        if not bench_card(w, d, card):  # the cards from this one on stay in play
            L.copy_cells(w, at + 1 + i, w, at + 1, n - i)
            w[at + 1 + n - i : at + L.LIST_SIZE] = 0
            w[at] = n - i
            w[L.LOSER] = d
            return
        if counts.shape[0] and T.AURA[card]:
            tally(counts, d, card)
    w[at : at + L.LIST_SIZE] = 0
    w[L.ATTACKER] = d
    w[L.MATCH_STEP] = M_REVEAL


@njit(nogil=True)
def gather(w: np.ndarray, p: int) -> None:
    """After the match every card of p returns to p's deck, which is public again."""
    b = L.block(p)
    deck = b + L.DECK
    L.clear(w, deck)
    draws = b + L.DRAWS
    for i in range(w[draws]):
        L.push(w, deck, w[draws + 1 + i] & TYPE_MASK)
    for seat in range(bench_seats(w, p)):
        at = L.seat_list(p, seat)
        for i in range(w[at]):
            L.push(w, deck, w[at + 1 + i])
    for zone in (L.EXHAUSTED, L.IN_PLAY):
        for i in range(w[b + zone]):
            L.push(w, deck, w[b + zone + 1 + i])
    L.copy_sorted(w, deck, b + L.PUBLIC_DECK)
    w[b + L.DRAWS : b + L.MATCH_PUBLIC + L.LIST_SIZE] = 0
    w[b + L.BENCH : b + L.BLOCK_SIZE] = 0
    w[b + L.HIDDEN_ADDS : b + L.HIDDEN_ADDS + 3] = 0
    w[b + L.NEXT_ATTACK_BONUS] = 0


# --- effect decisions ------------------------------------------------------------------------


@njit(nogil=True)
def _one_card_moved(w: np.ndarray, p: int, top: bool, out: np.ndarray) -> int:
    """One move per distinct order that moving one card of p's draw pile to the top (or the
    bottom) gives: card types ascending, each type's copies from the top down, a copy skipped
    when the copy just above it is of the same type (it gives the same order)."""
    at = L.block(p) + L.DRAWS
    n = w[at]
    present = np.zeros(NT, dtype=np.bool_)
    for i in range(n):
        present[w[at + 1 + i] & TYPE_MASK] = True
    count = 0
    for card in range(NT):
        if not present[card]:
            continue
        copy = 0
        for i in range(n - 1, -1, -1):
            if w[at + 1 + i] & TYPE_MASK != card:
                continue
            copy += 1
            if i < n - 1 and w[at + 2 + i] & TYPE_MASK == card:
                continue
            out[count] = kc.moved_code(top, card, copy)
            count += 1
    return count


@njit(nogil=True)
def _bench_choices(w: np.ndarray, p: int, code: int, test: int, value: int,
                   out: np.ndarray, start: int) -> int:
    """`code + t` for each distinct benched type t of p passing `test` (0: base power <= value,
    1: base power == value, 2: level == value, 3: a Newcomer, 4: any) after `out[:start]`."""
    types = np.empty(NT, dtype=np.int64)
    found = bench_types(w, p, types)
    count = start
    for i in range(found):
        t = types[i]
        if test == 0:
            ok = base_power(w, t) <= value
        elif test == 1:
            ok = base_power(w, t) == value
        elif test == 2:
            ok = T.LEVEL[t] == value
        elif test == 3:
            ok = T.NEWCOMER[t] == 1
        else:
            ok = True
        if ok:
            out[count] = code + t
            count += 1
    return count


@njit(nogil=True)
def _orders(w: np.ndarray, p: int, out: np.ndarray) -> int:
    """Every distinct order of p's top three (or two) cards, as `decisions.legal` lists them."""
    at = L.block(p) + L.DRAWS
    n = w[at]
    k = min(3, n)
    tops = np.empty(3, dtype=np.int64)
    for i in range(k):
        tops[i] = w[at + n - i] & TYPE_MASK
    count = 0
    perms = ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))
    for index in range(6 if k == 3 else 2):
        x, y, z = perms[index] if k == 3 else ((0, 1, 2), (1, 0, 2))[index]
        if k == 3:
            code = kc.ORDER_THREE_CODE + (tops[x] * NT + tops[y]) * NT + tops[z]
        else:
            code = kc.ORDER_TWO_CODE + tops[x] * NT + tops[y]
        count = append_new(out, count, code)
    return count


@njit(nogil=True)
def decision_legal(w: np.ndarray, out: np.ndarray) -> int:
    """Codes settling the pending effect decision (`decisions.legal`); how many."""
    k, p = w[L.PENDING_KIND], w[L.PENDING_PARTICIPANT]
    if k == K_LOOK2:
        at = L.block(p) + L.DRAWS
        n = w[at]
        first, second = w[at + n] & TYPE_MASK, w[at + n - 1] & TYPE_MASK
        out[0] = kc.TOP_CODE + first
        if second == first:
            return 1
        out[1] = kc.TOP_CODE + second
        return 2
    if k == K_ORDER:
        return _orders(w, p, out)
    if k in (K_TOP_ANY, K_BOTTOM_ANY):
        return _one_card_moved(w, p, k == K_TOP_ANY, out)
    count = 0
    if k == K_EXH_LE3:
        count = _bench_choices(w, p, kc.EXHAUST_CODE, 0, 3, out, 0)
    elif k in (K_EXH_UPTO, K_DRONE):
        count = _bench_choices(w, p, kc.EXHAUST_CODE, 4, 0, out, 0)
        if k == K_DRONE:
            return count
    elif k == K_NEWCOMER_TOP:
        count = _bench_choices(w, p, kc.TOP_CODE, 3, 0, out, 0)
    elif k in (K_TOP_POW2, K_NECROMECH):
        count = _bench_choices(w, p, kc.TOP_CODE, 1, 2, out, 0)
        if k == K_TOP_POW2:
            return count
    elif k == K_TOP_LVLB:
        return _bench_choices(w, p, kc.TOP_CODE, 2, LEVEL_B, out, 0)
    elif k == K_SIREN:
        count = _bench_choices(w, opponent(w, p), kc.EXHAUST_CODE, 4, 0, out, 0)
    out[count] = kc.PASS_CODE
    return count + 1


@njit(nogil=True)
def _done(w: np.ndarray) -> None:
    w[L.PENDING_KIND], w[L.PENDING_PARTICIPANT], w[L.PENDING_DATA] = 0, -1, 0


@njit(nogil=True)
def _pull_from_draw(w: np.ndarray, p: int, card: int, copy: int) -> int:
    """Remove the `copy`-th card of type `card` from the top of p's draw pile; its code."""
    at = L.block(p) + L.DRAWS
    for i in range(w[at] - 1, -1, -1):
        if w[at + 1 + i] & TYPE_MASK == card:
            copy -= 1
            if copy == 0:
                return L.pop_at(w, at, i)
    return NO_CARD


@njit(nogil=True)
def resolve(w: np.ndarray, code: int) -> None:
    """Carry out the decision `code` (assumed legal) for the pending effect."""
    k, p = w[L.PENDING_KIND], w[L.PENDING_PARTICIPANT]
    draws = L.block(p) + L.DRAWS
    if code == kc.PASS_CODE:
        _done(w)
    elif k == K_LOOK2:
        first, second = L.pop(w, draws), L.pop(w, draws)
        if first & TYPE_MASK != code - kc.TOP_CODE:
            first, second = second, first
        L.insert_first(w, draws, (second | OWNER_KNOWS) & ~OPP_KNOWS)
        L.push(w, draws, (first | OWNER_KNOWS) & ~OPP_KNOWS)
        _done(w)
    elif k == K_ORDER:
        if code >= kc.ORDER_THREE_CODE:
            rest = code - kc.ORDER_THREE_CODE
            cards = ((rest // NT) // NT, (rest // NT) % NT, rest % NT)
            k3 = 3
        else:
            rest = code - kc.ORDER_TWO_CODE
            cards = (rest // NT, rest % NT, 0)
            k3 = 2
        for _ in range(k3):
            L.pop(w, draws)
        for i in range(k3 - 1, -1, -1):
            L.push(w, draws, cards[i] | OWNER_KNOWS)
        _done(w)
    elif code >= kc.TOP_CODE and code < kc.ORDER_TWO_CODE and k in (K_TOP_ANY, K_BOTTOM_ANY):
        rest = (code - kc.TOP_CODE) % (kc.BOTTOM_CODE - kc.TOP_CODE)
        pulled = _pull_from_draw(w, p, rest % NT, rest // NT + 1)
        if code < kc.BOTTOM_CODE:
            L.push(w, draws, pulled)
        else:
            L.insert_first(w, draws, pulled)
        _done(w)
    elif code >= kc.EXHAUST_CODE and code < kc.TOP_CODE:
        card = code - kc.EXHAUST_CODE
        target = opponent(w, p) if k == K_SIREN else p
        take_from_bench(w, target, card)
        L.push(w, L.block(target) + L.EXHAUSTED, card)
        w[L.PENDING_DATA] -= 1
        if k != K_EXH_UPTO or w[L.PENDING_DATA] <= 0 or bench_seats(w, p) == 0:
            _done(w)
    else:  # a benched card back onto the deck
        card = code - kc.TOP_CODE
        take_from_bench(w, p, card)
        L.push(w, draws, card | PUBLIC_CODE)
        w[L.PENDING_DATA] -= 1
        more = bench_has(w, p, 3, 0)
        if k != K_NEWCOMER_TOP or w[L.PENDING_DATA] <= 0 or not more:
            _done(w)
