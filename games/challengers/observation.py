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
from dataclasses import dataclass, field, replace
from functools import cache, partial

from games.fields import freezer, shared, thawer

from .catalogue import LEVEL, OFFER_SIZE, ROUNDS, TROPHY_FANS, pile_cards
from .draft import trimmed_to_box
from .effects import COST, PICKED, PICKED_FAN, pays_for
from .opponent_model import choose_pick
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
    DraftStep,
    Phase,
    State,
    draw_code,
)

Cards = tuple[int, ...]
HIDDEN = -1


@dataclass(frozen=True, slots=True)
class Observation:
    """Everything `seat` may know; hidden cards are HIDDEN (-1). Hashable and comparable."""

    seat: int
    num_players: int
    num_participants: int
    robot: int
    sets: tuple[str, ...]
    robot_deck: Cards
    round: int
    phase: Phase
    # deck phase (the step of the drafting player is visible across the table)
    turn: int
    draft_step: DraftStep
    option_pile: int
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
    phase_counters: tuple[Cards, ...]  # deck-phase counters (another player's fan gain is hidden)
    trophies: tuple[Cards, ...]
    trophy_fans: tuple[Cards, ...]  # 7 rounds x 4 parks, HIDDEN when face down
    revealed: bool
    finalists: Cards
    result: tuple[float, ...] | None
    # the match being played
    park: int
    side_a: int
    side_b: int
    attacker: int
    match_step: int
    pending_kind: int
    pending_participant: int
    pending_data: int
    loser: int
    draws: tuple[tuple[tuple[int, bool], ...], ...]  # (card or HIDDEN, public), bottom first
    benches: tuple[tuple[Cards, ...], ...]
    exhausted: tuple[Cards, ...]
    in_play: tuple[Cards, ...]
    play_bonus: tuple[Cards, ...]
    play_attack: tuple[Cards, ...]
    next_attack_bonus: Cards
    match_public: tuple[Cards, ...]
    hidden_adds: tuple[Cards, ...]
    modelled: bool = field(default=False, compare=False)
    """`sample` deals other drafters' hidden picks by the opponent model (`believe`) instead of
    uniformly: what the seat makes of the table, not part of it (not compared)."""


def _sees_tag(tag: int, seat: int) -> bool:
    return tag in (TAG_PUBLIC, seat) or tag == TAG_TRIM + seat


def _trophy_visible(s: State, r: int, k: int) -> bool:
    if s.num_players <= 2:
        return k == 0 and r + 1 <= min(s.round, ROUNDS)
    code = (r + 1) << 2 | k
    return s.revealed and any(code in t for t in s.trophies)


def _known_bits(side_a: int, side_b: int, seat: int, p: int) -> int:
    """The code bits a card of `p`'s draw pile needs for `seat` to know it."""
    if seat == p:
        return OWNER_KNOWS
    if (seat == side_a and p == side_b) or (seat == side_b and p == side_a):
        return OPP_KNOWS
    return PUBLIC_CODE


def _draw_view(s: State, seat: int, p: int) -> tuple[tuple[int, bool], ...]:
    bits = _known_bits(s.side_a, s.side_b, seat, p)
    return tuple(  # the bits inline: this runs for every card of every draw pile observed
        (c & TYPE_MASK if c & bits == bits else HIDDEN, c & PUBLIC_CODE == PUBLIC_CODE)
        for c in s.draws[p]
    )


SHARED = shared(State, Observation, shown_otherwise={
    "offer", "discards", "box", "decks", "fans", "phase_counters", "trophy_fans", "draws"})
"""The fields an observation holds as the state does; the others are shown as `observe` says."""
_freeze = freezer(State, SHARED)
_thaw = thawer(State, SHARED)


def _drafting(phase: int) -> bool:
    return phase in (DECK, FINAL_TRIM)


def observe(s: State, seat: int) -> Observation:
    """Exactly what `seat` may know of `s`."""
    drafting = s.phase in (DECK, FINAL_TRIM)
    decks, fans, counters = [], [], []
    for p in range(s.num_participants):
        own = p == seat
        decks.append(tuple(sorted(s.decks[p])) if own else tuple(s.public_deck[p]))
        hidden_fans = s.phase_counters[p][PH_FANS] if drafting and not own else 0
        fans.append(s.fans[p] - hidden_fans)
        mine = tuple(s.phase_counters[p])
        counters.append(mine if own else (*mine[:PH_FANS], 0))
    own_offer = drafting and (s.finalists[s.turn] if s.finalists else s.turn) == seat
    return Observation(
        seat=seat,
        offer=tuple(sorted(s.offer)) if own_offer else (HIDDEN,) * len(s.offer),
        pile_sizes=(len(s.piles[0]), len(s.piles[1]), len(s.piles[2])),
        discards=tuple(
            tuple((t, c if _sees_tag(t, seat) else HIDDEN) for c, t in zip(d, tags, strict=True))
            for d, tags in zip(s.discards, s.discard_tags, strict=True)
        ),
        box=tuple((t, c if _sees_tag(t, seat) else HIDDEN)
                  for c, t in zip(s.box, s.box_tags, strict=True)),
        decks=tuple(decks), own_public_deck=tuple(s.public_deck[seat]), fans=tuple(fans),
        phase_counters=tuple(counters),
        trophy_fans=tuple(
            tuple(v if _trophy_visible(s, r, k) else HIDDEN for k, v in enumerate(row))
            for r, row in enumerate(s.trophy_fans)
        ),
        draws=tuple(_draw_view(s, seat, p) for p in range(s.num_participants)),
        **_freeze(s),
    )


@cache
def _pile_counts(sets: tuple[str, ...]) -> tuple[Counter[int], ...]:
    """The copies of each card in each level pile of a game with `sets` (not to be changed)."""
    return tuple(Counter(pile) for pile in pile_cards(sets))


class _Unseen:
    """Level cards whose place the seat does not know, dealt at random."""

    def __init__(self, sets: tuple[str, ...]) -> None:
        self.counts = [Counter(pile) for pile in _pile_counts(sets)]
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


def believe(o: Observation) -> Observation:
    """`o` whose `sample` deals other drafters' hidden picks by the opponent model
    (`model.choose_pick`), or `o` itself when no hidden pick is there to deal."""
    if any(_picked(o, p) for p in _hidden_drafters(o)):
        return replace(o, modelled=True)
    return o


def sample(o: Observation, rng: random.Random) -> State:
    """A full state consistent with `o`; what the seat cannot see is dealt uniformly (other
    drafters' hidden picks by the opponent model when `o.modelled`).

    One step per hidden zone, in this order (the random draws follow it): the cards of the
    match's draw piles, what other drafters picked, paid and trimmed this phase, the level
    piles, the offer, the draw piles, the discards and the box, the trophies face down.
    """
    s = _shown(o)
    unseen = _Unseen(o.sets)
    drafters = _hidden_drafters(o)
    in_match = _mark_known(o, drafters, unseen)
    pools, hidden_adds = _match_pools(o, in_match, unseen, rng)
    forced = {p: _paid_picks(o, p, rng) for p in drafters}
    shown = {p: list(o.decks[p]) + forced[p] for p in drafters}
    gone = _settle_deficits(o, shown, unseen, rng)
    unseen.shuffle(rng)
    trimmed: dict[tuple[int, int], list[int]] = {}
    boxed: dict[int, list[int]] = {}
    for p in drafters:
        _redo_hidden_delta(s, o, p, unseen, forced[p], shown[p], gone[p], trimmed, boxed, rng)
    _deal_offer(s, o, unseen)
    for p in in_match:
        s.draws[p] = _deal_draw_pile(o, p, pools[p], hidden_adds[p], unseen, rng)
    _deal_discards(s, o, unseen, trimmed, boxed)
    _deal_level_piles(s, o, unseen)
    s.trophy_fans = _sample_trophy_fans(o, rng)
    return s


def _shown(o: Observation) -> State:
    """A state holding what `o` shows as it is (decks as last revealed)."""
    from .setup import empty_state

    s = empty_state(o.num_players, o.sets, o.robot_deck)
    _thaw(o, s)
    s.fans = list(o.fans)
    s.phase_counters = [list(x) for x in o.phase_counters]
    s.public_deck = [list(d) for d in o.decks]
    s.decks = [list(d) for d in o.decks]
    s.public_deck[o.seat] = list(o.own_public_deck)
    for p in _match_sides(o):
        s.decks[p] = []  # in its draw pile, bench, exhaust or play
    return s


def _hidden_drafters(o: Observation) -> list[int]:
    """The other players whose picks, payments and trims of this phase `o` does not show."""
    if not _drafting(o.phase):
        return []
    return [p for p in range(o.num_players) if p != o.seat and any(o.phase_counters[p])]


def _match_sides(o: Observation) -> list[int]:
    """The participants of the match being played, in order."""
    if o.phase != MATCH:
        return []
    return sorted(p for p in (o.side_a, o.side_b) if p >= 0)


def _mark_known(o: Observation, drafters: list[int], unseen: _Unseen) -> list[int]:
    """Take the level cards `o` places out of the unseen ones; the match's participants."""
    in_match = _match_sides(o)
    for p in range(o.num_participants):
        if p in in_match:
            for card in o.match_public[p]:
                unseen.known(card)
        elif p not in drafters:
            for card in o.decks[p]:
                unseen.known(card)
    for card in o.offer:
        if card != HIDDEN:
            unseen.known(card)
    for entries in (*o.discards, o.box):
        for _tag, card in entries:
            if card != HIDDEN:
                unseen.known(card)
    return in_match


def _match_pools(o: Observation, in_match: list[int], unseen: _Unseen, rng: random.Random
                 ) -> tuple[dict[int, list[int]], dict[int, list[int]]]:
    """Per match participant: the revealed deck's cards not seen elsewhere (its draw pile's
    known part), and how many cards it added unseen from each level pile."""
    pools: dict[int, list[int]] = {}
    hidden_adds: dict[int, list[int]] = {}
    for p in in_match:
        seen = Counter(c for c, _ in o.draws[p] if c != HIDDEN)
        for seat_cards in o.benches[p]:
            seen.update(seat_cards)
        seen.update(o.exhausted[p])
        seen.update(o.in_play[p])
        public = Counter(o.match_public[p])
        added = _seen_adds(seen, public, o.hidden_adds[p], unseen, rng)
        hidden_adds[p] = [k - sum(n for c, n in added.items() if LEVEL[c] == level + 1)
                          for level, k in enumerate(o.hidden_adds[p])]
        pools[p] = list((public - (seen - added)).elements())
    return pools, hidden_adds


def _deal_offer(s: State, o: Observation, unseen: _Unseen) -> None:
    """Another drafting player's offer comes from the chosen option's pile."""
    if any(c == HIDDEN for c in o.offer):
        s.offer = [unseen.deal(o.option_pile) for _ in o.offer]
    else:
        s.offer = list(o.offer)


def _deal_draw_pile(o: Observation, p: int, pool: list[int], hidden_adds: list[int],
                    unseen: _Unseen, rng: random.Random) -> list[int]:
    """Match participant `p`'s draw pile: the cards `o` shows where it shows them, the rest
    of its deck and its unseen adds shuffled into the other places."""
    for level, k in enumerate(hidden_adds):
        pool += [unseen.deal(level) for _ in range(max(k, 0))]
    rng.shuffle(pool)
    bits = _known_bits(o.side_a, o.side_b, o.seat, p)
    return [pool.pop() if card == HIDDEN else draw_code(card, True, True) if public
            else card | bits for card, public in o.draws[p]]


def _deal_discards(s: State, o: Observation, unseen: _Unseen,
                   trimmed: dict[tuple[int, int], list[int]], boxed: dict[int, list[int]]) -> None:
    """Hidden discard entries are other drafters' trims or unseen level cards; hidden box
    entries are other drafters' cards trimmed to the box."""
    for pile in range(3):
        cards, tags = [], []
        for tag, card in o.discards[pile]:
            if card == HIDDEN:
                mine = trimmed.get((tag - TAG_TRIM, pile))
                card = mine.pop() if tag >= TAG_TRIM and mine else unseen.deal(pile)
            cards.append(card)
            tags.append(tag)
        s.discards[pile], s.discard_tags[pile] = cards, tags
    for tag, card in o.box:
        s.box.append(boxed[tag - TAG_TRIM].pop(0) if card == HIDDEN else card)
        s.box_tags.append(tag)


def _deal_level_piles(s: State, o: Observation, unseen: _Unseen) -> None:
    """What is left unseen makes the level piles, which must have the sizes `o` shows."""
    for pile in range(3):
        s.piles[pile] = unseen.lists[pile]
        if len(s.piles[pile]) != o.pile_sizes[pile]:
            raise ValueError("observation is inconsistent: pile sizes do not add up")


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
    room = {p: [o.phase_counters[p][PH_TRIM + k] - _trims_in_discard(o, p, k) for k in range(3)]
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
    left = o.phase_counters[p][PH_PAID]
    pile = next((k for k in range(3) if o.phase_counters[p][PH_PICK + k]), 0)
    costly = sorted({c for c in pile_cards(o.sets)[pile] if COST[c]})
    out: list[int] = []
    while left > 0:
        fits = [c for c in costly if COST[c] <= left]
        if not fits:
            raise ValueError(f"observation is inconsistent: participant {p}'s phase counters "
                             "show payments that no card's cost explains")
        out.append(fits[rng.randrange(len(fits))])
        left -= COST[out[-1]]
    if len(out) > o.phase_counters[p][PH_PICK + pile]:
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
    ph = o.phase_counters[p]
    implied = Counter(LEVEL[c] - 1 for c in paid_picks)
    deal = _deal_modelled_picks if o.modelled else _deal_blind_picks
    dealt = [card for pile in range(3)
             for card in deal(pile, ph[PH_PICK + pile] - implied[pile], unseen, rng)]
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
    s.decks[p] = cards
    gained = sum(1 for c in paid_picks + dealt if PICKED[c] == PICKED_FAN)
    s.fans[p] += gained
    s.phase_counters[p][PH_FANS] = gained


def _picked(o: Observation, p: int) -> bool:
    """Whether drafter p has picked a card this phase."""
    return any(o.phase_counters[p][PH_PICK:PH_PICK + 3])


def _deal_blind_picks(pile: int, count: int, unseen: _Unseen, rng: random.Random) -> list[int]:
    """`count` hidden picks from `pile`, dealt uniformly (as if the drafter chose blindly)."""
    return [unseen.deal(pile) for _ in range(count)]


def _deal_modelled_picks(pile: int, count: int, unseen: _Unseen,
                         rng: random.Random) -> list[int]:
    """`count` hidden picks from `pile`, each chosen by the opponent model from an offer dealt
    for it (the first of the phase full, a later one a card smaller); the rest stay unseen."""
    picks = []
    for k in range(count):
        size = min(OFFER_SIZE - (1 if k else 0), len(unseen.lists[pile]))
        offer = [unseen.deal(pile) for _ in range(size)]
        picks.append(offer.pop(choose_pick(offer, rng)))
        for card in offer:
            unseen.put_back(card, rng)
    return picks


def _sample_trophy_fans(o: Observation, rng: random.Random) -> tuple[Cards, ...]:
    rows = []
    for r, row in enumerate(o.trophy_fans):
        rest = Counter(TROPHY_FANS[r])
        rest.subtract(v for v in row if v != HIDDEN)
        values = list(rest.elements())
        rng.shuffle(values)
        rows.append(tuple(v if v != HIDDEN else values.pop() for v in row))
    return tuple(rows)

