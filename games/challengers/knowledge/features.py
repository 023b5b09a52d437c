"""Per-participant features of a position, the inputs of the learned static evaluation.

The evaluation is a conditional logit: participant p wins with probability proportional to
exp(w · features(state, p)). The weights are fitted from seeded self-play by
`scripts/fit_challengers_evaluation.py` and shipped in `evaluation.json`.

Deck features read the participant's whole deck wherever its cards lie (deck, draw pile,
bench, exhaust pile, cards in play), so they mean the same thing in the deck phase and in a
match. Card powers are printed powers (the robot's Cyborg counts the round number).
"""

from __future__ import annotations

from ..catalogue import FAN_LEAD, LEVEL, LEVEL_S, NAME_ID, POWER, ROUNDS, SCHEDULE, pile_cards
from ..effects import AURA, AURA_NONE
from ..match import highest_trophy
from ..state import D_EXTRA, D_OPTION, D_PICK, DECK, MATCH, TYPE_MASK, State

FEATURES = (
    "fans",  # fans (tokens + trophies) / FAN_LEAD
    "fans_late",  # fans / FAN_LEAD x round / 7: a lead counts more as the rounds run out
    "trophies",  # trophies won / 7
    "mean_power",  # mean card power / 5
    "mean_power_left",  # mean card power / 5 x rounds still to play / 7
    "size",  # cards in the deck / 15
    "strong",  # cards of power >= 5 / 5
    "weak",  # cards of power <= 1 / 5
    "starters",  # starter cards / 6
    "names",  # distinct card names / 6 (bench seats hold one name each)
    "auras",  # cards with a bench aura / 3
    "to_draft",  # expected power still to be drafted this round / 10
    "starts",  # holds the trophy of the highest round (reveals first next match)
    "bench",  # in a match: bench seats taken / 6 (a full bench loses the match)
    "bench_stake",  # in a match: bench seats taken / 6 x the trophy's fans / FAN_LEAD
    "draw_left",  # in a match: cards left in the draw pile / 10 (an empty one loses)
    "clinch",  # 2 players: winning this round's match wins the game (lead reaches 11 / round 7)
    "safe",  # 2 players, round 7: the game is won even if this round's match is lost
)

_PILE_MEANS: dict[tuple[str, ...], tuple[float, ...]] = {}


def pile_means(sets: tuple[str, ...]) -> tuple[float, ...]:
    """Mean printed power of the A, B and C pile cards in a game with `sets` (cached)."""
    means = _PILE_MEANS.get(sets)
    if means is None:
        out = []
        for cards in pile_cards(sets):
            out.append(sum(max(POWER[c], 0) for c in cards) / len(cards) if cards else 0.0)
        means = _PILE_MEANS[sets] = tuple(out)
    return means


def cards_of(s: State, p: int) -> list[int]:
    """Every card type of p's deck, wherever it lies."""
    cards = list(s.decks[p])
    if s.draws[p]:
        cards += [c & TYPE_MASK for c in s.draws[p]]
    for seat in s.benches[p]:
        cards += seat
    cards += s.exhausted[p]
    cards += s.in_play[p]
    return cards


def _to_draft(s: State, p: int) -> float:
    """Expected power p still adds in this deck phase (0 outside a deck phase)."""
    if s.phase != DECK or s.finalists or p >= s.num_players or p < s.turn:
        return 0.0
    means = pile_means(s.sets)
    best = max(picks * means[pile] for pile, picks in SCHEDULE[s.round - 1])
    if p > s.turn or s.draft_step == D_OPTION:
        return best
    if s.draft_step in (D_PICK, D_EXTRA) and 0 <= s.option_pile < 3:
        return (s.picks_left + (s.draft_step == D_EXTRA)) * means[s.option_pile]
    return 0.0


def _duel_stakes(s: State, p: int, fans: int) -> tuple[float, float]:
    """2 players: (winning this round's match wins the game, losing it cannot lose it)."""
    if s.num_players != 2 or p > 1 or s.phase not in (DECK, MATCH) or s.round > ROUNDS:
        return 0.0, 0.0
    q = 1 - p
    other = s.fans[q] + sum(s.trophy_fans[(t >> 2) - 1][t & 3] for t in s.trophies[q])
    lead, stake = fans - other, s.trophy_fans[s.round - 1][0]
    if s.round == ROUNDS:
        return float(lead + stake > 0), float(lead - stake > 0)
    return float(lead + stake >= FAN_LEAD), 0.0


def features(s: State, p: int) -> tuple[float, ...]:
    """The feature vector of participant `p`, in the order of `FEATURES`."""
    fans = s.fans[p] + sum(s.trophy_fans[(t >> 2) - 1][t & 3] for t in s.trophies[p])
    cards = cards_of(s, p)
    size = len(cards)
    rnd = min(s.round, ROUNDS)
    total = strong = weak = starters = auras = 0
    for c in cards:
        power = POWER[c] if POWER[c] >= 0 else rnd
        total += power
        strong += power >= 5
        weak += power <= 1
        starters += LEVEL[c] == LEVEL_S
        auras += AURA[c] != AURA_NONE
    mean = total / size if size else 0.0
    left = ROUNDS - rnd + (1 if s.phase == DECK else 0)
    bench = stake = draw_left = 0.0
    if s.phase == MATCH and p in (s.side_a, s.side_b):
        bench = len(s.benches[p]) / 6
        if not s.finalists and s.round <= ROUNDS and 0 <= s.park < 4:
            stake = bench * s.trophy_fans[s.round - 1][s.park] / FAN_LEAD
        draw_left = len(s.draws[p]) / 10
    clinch, safe = _duel_stakes(s, p, fans)
    best_trophy = max(highest_trophy(s, q) for q in range(s.num_participants))
    return (
        fans / FAN_LEAD,
        fans / FAN_LEAD * rnd / ROUNDS,
        len(s.trophies[p]) / ROUNDS,
        mean / 5,
        mean / 5 * left / ROUNDS,
        size / 15,
        strong / 5,
        weak / 5,
        starters / 6,
        len({NAME_ID[c] for c in cards}) / 6,
        auras / 3,
        _to_draft(s, p) / 10,
        1.0 if highest_trophy(s, p) == best_trophy > 0 else 0.0,
        bench,
        stake,
        draw_left,
        clinch,
        safe,
    )
