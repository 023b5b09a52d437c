"""What one seat may know (`observe`) and worlds consistent with it (`sample`).

Hidden from a seat: the order of every draw pile (except positions it has seen), the level
piles, the discard entries it has not seen, another player's offer, what other players picked,
trimmed or paid during the current deck phase (their counts per pile are visible), cards that
came unseen from a level pile into a deck during a match, and trophy fans still face down.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from .catalogue import LEVEL, ROUNDS, TROPHY_FANS, pile_cards
from .draft import trimmed_to_box
from .effects import COST, PICKED, PICKED_FAN, pays_for
from .state import (
    DECK,
    FINAL_TRIM,
    MATCH,
    OPP_KNOWS,
    OWNER_KNOWS,
    PH_BOXED,
    PH_FANS,
    PH_PAID,
    PH_PICK,
    PH_TRIM,
    PUBLIC_CODE,
    TAG_PUBLIC,
    TAG_TRIM,
    TYPE_MASK,
    State,
)

Cards = tuple[int, ...]
HIDDEN = -1


@dataclass(frozen=True, slots=True)
class Observation:
    """Everything `seat` may know; hidden cards are HIDDEN (-1). Hashable and comparable."""

    seat: int
    n: int
    P: int
    robot: int
    sets: tuple[str, ...]
    robot_deck: Cards
    round: int
    phase: int
    # deck phase (the step of the drafting player is visible across the table)
    turn: int
    dstep: int
    opt_pile: int
    picks_left: int
    redraw_used: bool
    offer: Cards  # HIDDEN entries when it is another player's offer
    pile_sizes: tuple[int, int, int]
    discards: tuple[tuple[tuple[int, int], ...], ...]  # per pile: (tag, card or HIDDEN)
    box: tuple[tuple[int, int], ...]
    # participants
    decks: tuple[Cards, ...]  # own deck as it is; the others' as last revealed (sorted)
    own_public_deck: Cards  # the seat's own deck as the others last saw it
    fans: tuple[int, ...]  # fan tokens as visible to the seat
    ph: tuple[Cards, ...]  # deck-phase counters (another player's fan gain is hidden)
    trophies: tuple[Cards, ...]
    trophy_fans: tuple[Cards, ...]  # 7 rounds x 4 parks, HIDDEN when face down
    revealed: bool
    finalists: Cards
    result: tuple[float, ...] | None
    # the match being played
    park: int
    ma: int
    mb: int
    att: int
    mstep: int
    pk: int
    pp: int
    pdata: int
    loser: int
    draws: tuple[tuple[tuple[int, bool], ...], ...]  # (card or HIDDEN, public), bottom first
    benches: tuple[tuple[Cards, ...], ...]
    exhausts: tuple[Cards, ...]
    plays: tuple[Cards, ...]
    rbs: tuple[Cards, ...]
    abs: tuple[Cards, ...]
    nxt: Cards
    mpub: tuple[Cards, ...]
    hadd: tuple[Cards, ...]


def _sees_tag(tag: int, seat: int) -> bool:
    return tag in (TAG_PUBLIC, seat) or tag == TAG_TRIM + seat


def _trophy_visible(s: State, r: int, k: int) -> bool:
    if s.n <= 2:
        return k == 0 and r + 1 <= min(s.round, ROUNDS)
    code = (r + 1) << 2 | k
    return s.revealed and any(code in t for t in s.trophies)


def _knows_bits(s: State, seat: int, p: int) -> int:
    if seat == p:
        return OWNER_KNOWS
    if (seat == s.ma and p == s.mb) or (seat == s.mb and p == s.ma):
        return OPP_KNOWS
    return PUBLIC_CODE


def _draw_view(s: State, seat: int, p: int) -> tuple[tuple[int, bool], ...]:
    bits = _knows_bits(s, seat, p)
    return tuple(
        (c & TYPE_MASK if c & bits == bits else HIDDEN, c & PUBLIC_CODE == PUBLIC_CODE)
        for c in s.draw[p]
    )


def observe(s: State, seat: int) -> Observation:
    """Exactly what `seat` may know of `s`."""
    drafting = s.phase in (DECK, FINAL_TRIM)
    decks, fans, ph = [], [], []
    for p in range(s.P):
        own = p == seat
        decks.append(tuple(sorted(s.deck[p])) if own else tuple(s.pub_deck[p]))
        hidden_fans = s.ph[p][PH_FANS] if drafting and not own else 0
        fans.append(s.fans[p] - hidden_fans)
        ph.append(tuple(s.ph[p]) if own else (*tuple(s.ph[p][:PH_FANS]), 0))
    own_offer = drafting and (s.finalists[s.turn] if s.finalists else s.turn) == seat
    return Observation(
        seat=seat, n=s.n, P=s.P, robot=s.robot, sets=s.sets, robot_deck=s.robot_deck,
        round=s.round, phase=s.phase, turn=s.turn, dstep=s.dstep, opt_pile=s.opt_pile,
        picks_left=s.picks_left, redraw_used=s.redraw_used,
        offer=tuple(sorted(s.offer)) if own_offer else (HIDDEN,) * len(s.offer),
        pile_sizes=(len(s.piles[0]), len(s.piles[1]), len(s.piles[2])),
        discards=tuple(
            tuple((t, c if _sees_tag(t, seat) else HIDDEN) for c, t in zip(d, tags, strict=True))
            for d, tags in zip(s.disc, s.dtag, strict=True)
        ),
        box=tuple((t, c if _sees_tag(t, seat) else HIDDEN)
                  for c, t in zip(s.box, s.btag, strict=True)),
        decks=tuple(decks), own_public_deck=tuple(s.pub_deck[seat]), fans=tuple(fans),
        ph=tuple(ph),
        trophies=tuple(tuple(t) for t in s.trophies),
        trophy_fans=tuple(
            tuple(v if _trophy_visible(s, r, k) else HIDDEN for k, v in enumerate(row))
            for r, row in enumerate(s.tval)
        ),
        revealed=s.revealed, finalists=s.finalists, result=s.result,
        park=s.park, ma=s.ma, mb=s.mb, att=s.att, mstep=s.mstep, pk=s.pk, pp=s.pp,
        pdata=s.pdata, loser=s.loser,
        draws=tuple(_draw_view(s, seat, p) for p in range(s.P)),
        benches=tuple(tuple(tuple(seat_cards) for seat_cards in b) for b in s.bench),
        exhausts=tuple(tuple(x) for x in s.exh),
        plays=tuple(tuple(x) for x in s.play),
        rbs=tuple(tuple(x) for x in s.rb),
        abs=tuple(tuple(x) for x in s.ab),
        nxt=tuple(s.nxt),
        mpub=tuple(tuple(x) for x in s.mpub),
        hadd=tuple(tuple(x) for x in s.hadd),
    )


class _Unseen:
    """Level cards whose place the seat does not know, dealt at random."""

    def __init__(self, sets: tuple[str, ...]) -> None:
        self.counts = [Counter(pile) for pile in pile_cards(sets)]
        self.lists: list[list[int]] = []

    def known(self, card: int) -> None:
        level = LEVEL[card]
        if 1 <= level <= 3:
            self.counts[level - 1][card] -= 1

    def shuffle(self, rng: random.Random) -> None:
        for counts in self.counts:
            cards = [c for c, k in sorted(counts.items()) for _ in range(k)]
            if any(k < 0 for k in counts.values()):
                raise ValueError("observation is inconsistent: a card is seen twice")
            rng.shuffle(cards)
            self.lists.append(cards)

    def deal(self, pile: int) -> int:
        return self.lists[pile].pop()

    def put_back(self, card: int, rng: random.Random) -> None:
        cards = self.lists[LEVEL[card] - 1]
        cards.insert(rng.randrange(len(cards) + 1), card)


def sample(o: Observation, rng: random.Random) -> State:
    """A full state consistent with `o`; what the seat cannot see is dealt uniformly."""
    from .setup import empty_state

    s = empty_state(o.n, o.sets, o.robot_deck)
    seat = o.seat
    s.round, s.phase, s.turn, s.dstep = o.round, o.phase, o.turn, o.dstep
    s.opt_pile, s.picks_left, s.redraw_used = o.opt_pile, o.picks_left, o.redraw_used
    s.trophies = [list(t) for t in o.trophies]
    s.revealed, s.finalists, s.result = o.revealed, o.finalists, o.result
    s.park, s.ma, s.mb, s.att, s.mstep = o.park, o.ma, o.mb, o.att, o.mstep
    s.pk, s.pp, s.pdata, s.loser = o.pk, o.pp, o.pdata, o.loser
    s.bench = [[list(x) for x in b] for b in o.benches]
    s.exh = [list(x) for x in o.exhausts]
    s.play = [list(x) for x in o.plays]
    s.rb = [list(x) for x in o.rbs]
    s.ab = [list(x) for x in o.abs]
    s.nxt = list(o.nxt)
    s.mpub = [list(x) for x in o.mpub]
    s.hadd = [list(x) for x in o.hadd]
    s.fans = list(o.fans)
    s.ph = [list(x) for x in o.ph]
    s.pub_deck = [list(d) for d in o.decks]
    s.deck = [list(d) for d in o.decks]
    s.pub_deck[seat] = list(o.own_public_deck)
    unseen = _Unseen(o.sets)
    in_match = o.phase == MATCH
    drafting = o.phase in (DECK, FINAL_TRIM)
    delta = [p for p in range(o.n) if drafting and p != seat and any(o.ph[p])]
    hidden_adds = [[0, 0, 0] for _ in range(o.P)]
    draw_pools: list[list[int]] = [[] for _ in range(o.P)]
    in_play: dict[int, tuple[Counter[int], Counter[int]]] = {}
    for p in range(o.P):
        if in_match and p in (o.ma, o.mb):
            s.deck[p] = []
            seen = Counter(c for pos in o.draws[p] if (c := pos[0]) != HIDDEN)
            for seat_cards in o.benches[p]:
                seen.update(seat_cards)
            seen.update(o.exhausts[p])
            seen.update(o.plays[p])
            public = Counter(o.mpub[p])
            for card in public.elements():
                unseen.known(card)
            in_play[p] = seen, public
        elif p not in delta:
            for card in o.decks[p]:
                unseen.known(card)
    for card in o.offer:
        if card != HIDDEN:
            unseen.known(card)
    for entries in (*o.discards, o.box):
        for _tag, card in entries:
            if card != HIDDEN:
                unseen.known(card)
    for p, (seen, public) in in_play.items():
        added = _seen_adds(seen, public, o.hadd[p], unseen, rng)
        hidden_adds[p] = [k - sum(n for c, n in added.items() if LEVEL[c] == level + 1)
                          for level, k in enumerate(o.hadd[p])]
        draw_pools[p] = list((public - (seen - added)).elements())
    forced = {p: _paid_picks(o, p, rng) for p in delta}
    shown = {p: list(o.decks[p]) + forced[p] for p in delta}
    gone = _settle_deficits(o, shown, unseen, rng)
    unseen.shuffle(rng)
    trimmed: dict[tuple[int, int], list[int]] = {}
    boxed: dict[int, list[int]] = {}
    for p in delta:
        _redo_hidden_delta(s, o, p, unseen, forced[p], shown[p], gone[p], trimmed, boxed, rng)
    # the offer of another drafting player
    if any(c == HIDDEN for c in o.offer):
        s.offer = [unseen.deal(o.opt_pile) for _ in o.offer]
    else:
        s.offer = list(o.offer)
    # draw piles of the match
    for p in range(o.P):
        if not (in_match and p in (o.ma, o.mb)):
            continue
        pool = draw_pools[p]
        for level, k in enumerate(hidden_adds[p]):
            pool += [unseen.deal(level) for _ in range(max(k, 0))]
        rng.shuffle(pool)
        bits = _view_bits(o, seat, p)
        draw = []
        for card, is_public in o.draws[p]:
            if card == HIDDEN:
                draw.append(pool.pop())
            else:
                draw.append(card | (PUBLIC_CODE if is_public else bits))
        s.draw[p] = draw
    # discard compartments and the box
    for pile in range(3):
        cards, tags = [], []
        for tag, card in o.discards[pile]:
            if card == HIDDEN:
                mine = trimmed.get((tag - TAG_TRIM, pile))
                card = mine.pop() if tag >= TAG_TRIM and mine else unseen.deal(pile)
            cards.append(card)
            tags.append(tag)
        s.disc[pile], s.dtag[pile] = cards, tags
    for tag, card in o.box:
        if card == HIDDEN:
            card = boxed[tag - TAG_TRIM].pop(0)
        s.box.append(card)
        s.btag.append(tag)
    for pile in range(3):
        s.piles[pile] = unseen.lists[pile]
        if len(s.piles[pile]) != o.pile_sizes[pile]:
            raise ValueError("observation is inconsistent: pile sizes do not add up")
    s.tval = _sample_trophy_fans(o, rng)
    return s


def _view_bits(o: Observation, seat: int, p: int) -> int:
    if seat == p:
        return OWNER_KNOWS
    if seat in (o.ma, o.mb):
        return OPP_KNOWS
    return PUBLIC_CODE


def _trims_in_discard(o: Observation, p: int, pile: int) -> int:
    return sum(1 for tag, _ in o.discards[pile] if tag == TAG_TRIM + p)


def _settle_deficits(o: Observation, shown: dict[int, list[int]], unseen: _Unseen,
                     rng: random.Random) -> dict[int, list[int]]:
    """Choose which cards other players trimmed this phase that are back in the pile by now.

    `shown` holds each such player's cards as last revealed plus the picks its payments imply.
    A card among them that the seat has since seen elsewhere must be one of those trims; the
    rest are drawn at random from that player's cards.
    """
    gone: dict[int, list[int]] = {p: [] for p in shown}
    room = {p: [o.ph[p][PH_TRIM + k] - _trims_in_discard(o, p, k) for k in range(3)]
            for p in shown}
    for cards in shown.values():
        for card in cards:
            unseen.known(card)
    for level, counts in enumerate(unseen.counts):
        for card in sorted(c for c, k in counts.items() if k < 0):
            for p, cards in shown.items():
                have = cards.count(card) - gone[p].count(card)
                while counts[card] < 0 and have > 0 and room[p][level] > 0:
                    gone[p].append(card)
                    counts[card] += 1
                    have -= 1
                    room[p][level] -= 1
    for p, cards in shown.items():  # the other trims no longer in the discard: in the pool
        left = Counter(cards) - Counter(gone[p])
        for level in range(3):
            mine = [c for c in left.elements() if LEVEL[c] == level + 1]
            for card in rng.sample(mine, min(room[p][level], len(mine))):
                gone[p].append(card)
                unseen.counts[level][card] += 1
    return gone


def _seen_adds(seen: Counter[int], public: Counter[int], adds: Cards, unseen: _Unseen,
               rng: random.Random) -> Counter[int]:
    """Which seen cards of a match deck came unseen from a level pile, not from the public deck.

    Seen copies beyond the public ones must be added ones. For the others, replays the reveals
    in a random order: a seen card of type t is an added one with probability
    h*u_t / (n_t*u + h*u_t), where h adds of its level are not yet placed, u_t of the u unseen
    cards of its level are copies of t, and n_t public copies are not yet placed.
    Marks the added ones as known to `unseen`.
    """
    out = Counter({c: k for c, k in (seen - public).items() if 1 <= LEVEL[c] <= 3})
    left = list(adds)
    for card, k in out.items():
        left[LEVEL[card] - 1] -= k
        for _ in range(k):
            unseen.known(card)
    fresh = Counter(public)
    cards = [c for c in sorted((seen - out).elements()) if 1 <= LEVEL[c] <= 3]
    rng.shuffle(cards)
    for card in cards:
        level, n = LEVEL[card] - 1, fresh[card]
        counts = unseen.counts[level]
        weight = max(left[level], 0) * max(counts[card], 0)
        if weight and rng.random() * (n * _positive(counts) + weight) < weight:
            out[card] += 1
            left[level] -= 1
            unseen.known(card)
        else:
            fresh[card] -= 1
    return out


def _positive(counts: Counter[int]) -> int:
    return sum(k for k in counts.values() if k > 0)


def _paid_picks(o: Observation, p: int, rng: random.Random) -> list[int]:
    """Cards with a "when picked" cost that p must have picked to pay what p paid this phase."""
    left = o.ph[p][PH_PAID]
    pile = next((k for k in range(3) if o.ph[p][PH_PICK + k]), 0)
    costly = sorted({c for c in pile_cards(o.sets)[pile] if COST[c]})
    out: list[int] = []
    while left > 0:
        fits = [c for c in costly if COST[c] <= left]
        if not fits:
            raise ValueError(f"observation is inconsistent: participant {p}'s phase counters "
                             "show payments that no card's cost explains")
        out.append(fits[rng.randrange(len(fits))])
        left -= COST[out[-1]]
    if len(out) > o.ph[p][PH_PICK + pile]:
        raise ValueError(f"observation is inconsistent: participant {p}'s phase counters "
                         "show payments for more cards than were picked")
    return out


def _of_level(level: int, card: int) -> bool:
    return LEVEL[card] == level


def _take(cards: list[int], count: int, fits: Callable[[int], bool]) -> list[int]:
    """Remove up to `count` cards that `fits` from the shuffled `cards`."""
    out = [c for c in cards if fits(c)][:count]
    for card in out:
        cards.remove(card)
    return out


def _take_preferring(cards: list[int], count: int, fits: Callable[[int], bool]) -> list[int]:
    """Remove `count` cards from the shuffled `cards`, those that `fits` first."""
    out = _take(cards, count, fits)
    return out + _take(cards, count - len(out), lambda _: True)


def _trim_kind(card: int) -> int:
    """Where `card` goes when trimmed: its level's discard compartment (0-2) or the box (3)."""
    return 3 if trimmed_to_box(card) else LEVEL[card] - 1


def _pay(cards: list[int], card: int, spare: Counter[int]) -> list[int]:
    """Remove from the shuffled `cards` what paid `card`'s cost (never that card itself).

    Cards the later trims can spare come first, then cards that may pay (Outer Space for a
    Sci-Fi Geek); `spare` counts, per trim destination, the cards beyond what trims need.
    """
    pool = list(cards)
    if card in pool:
        pool.remove(card)
    out: list[int] = []
    for _ in range(COST[card]):
        if not pool:
            break
        choice = min(pool, key=lambda c: (spare[_trim_kind(c)] <= 0, not pays_for(card, c)))
        pool.remove(choice)
        cards.remove(choice)
        spare[_trim_kind(choice)] -= 1
        out.append(choice)
    return out


def _redo_hidden_delta(s: State, o: Observation, p: int, unseen: _Unseen, paid_picks: list[int],
                       shown: list[int], gone: list[int],
                       trimmed: dict[tuple[int, int], list[int]], boxed: dict[int, list[int]],
                       rng: random.Random) -> None:
    """Deal the cards p picked unseen this phase, then what p paid, trimmed and boxed.

    Payments follow their card's restriction (Outer Space cards for a Sci-Fi Geek) and box
    trims are starter cards whenever p's cards allow it; trims to a discard always match
    its level.
    """
    ph = o.ph[p]
    implied = Counter(LEVEL[c] - 1 for c in paid_picks)
    dealt = [unseen.deal(pile) for pile in range(3)
             for _ in range(ph[PH_PICK + pile] - implied[pile])]
    cards = list((Counter(shown) - Counter(gone)).elements()) + dealt
    rng.shuffle(cards)
    wants = [ph[PH_TRIM + pile] - sum(1 for c in gone if LEVEL[c] == pile + 1)
             for pile in range(3)]
    spare = Counter(_trim_kind(c) for c in cards)
    spare.subtract({0: wants[0], 1: wants[1], 2: wants[2], 3: ph[PH_BOXED]})
    paid = [t for card in paid_picks for t in _pay(cards, card, spare)]  # payments came first
    for pile in range(3):
        out = _take(cards, wants[pile], partial(_of_level, pile + 1))
        in_discard = _trims_in_discard(o, p, pile)
        trimmed[(p, pile)] = out[:in_discard]
        for card in out[in_discard:]:  # trimmed, then shuffled back into the pile
            unseen.put_back(card, rng)
    box_trims = _take_preferring(cards, ph[PH_BOXED], trimmed_to_box)
    boxed[p] = paid + box_trims  # the order they went to the box
    s.deck[p] = cards
    gained = sum(1 for c in paid_picks + dealt if PICKED[c] == PICKED_FAN)
    s.fans[p] += gained
    s.ph[p][PH_FANS] = gained


def _sample_trophy_fans(o: Observation, rng: random.Random) -> list[list[int]]:
    rows = []
    for r, row in enumerate(o.trophy_fans):
        rest = Counter(TROPHY_FANS[r])
        rest.subtract(v for v in row if v != HIDDEN)
        values = list(rest.elements())
        rng.shuffle(values)
        rows.append([v if v != HIDDEN else values.pop() for v in row])
    return rows

