"""Coaching reasons for Challengers!: what a decision does toward the game's goals.

Every decision (option, redraw, pick, trim, and a match decision: top, bottom, order, exhaust,
pass) is played in one world consistent with the observation, once after the move and once
after the alternative (or not at all: the position before). A pick that pays a "when picked"
cost is measured after its extra card too, taken by the playout policy from the offer the
drafter sees. Features tied to a goal are then measured in both: the deck's power against the
opponent the mover is likely to meet, its mean power and size, fans, and in a match the free
bench seats (the mover's and its opponent's) and the known top and bottom cards. Each one
that differs becomes a sentence saying what the move does for that goal, with both numbers in
the structured fields; the reasons are ordered by how much they matter
(`DeckFeature.weight`, in base power or its equivalent). Each feature knows which direction is
good for the mover (`DeckFeature.good`: more power good, more weak cards bad, a deck's size
only once it is short), so each reason says which move its fact favours. Features use only
what the mover sees: its own deck and match zones as the engine knows them, the other decks as
last revealed, and fans and trophies that are public.

How often the mover wins this round's match and how often a picked card's effect triggers (as
the engine counts them, `State.effect_counts`) are counted in `PLAYOUT_ROUNDS` sampled worlds:
the rest of the round (the other drafts, any second pick and trim, the round's matches) played
by the playout policy after the move and after the alternative, with the same worlds and seeds.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence

from advisor import coaching
from advisor.coaching import BEFORE, Reason, fewer_is_better, more_is_better, side
from games.challengers import GAME, Action, Observation, State, decisions, describe
from games.challengers.actions import PICK, TRIM
from games.challengers.catalogue import (
    BENCH_SEATS,
    LEVEL,
    LEVELS,
    NAME,
    POWER,
    ROUNDS,
    pairings_for,
)
from games.challengers.effects import PICKED, base_power
from games.challengers.evaluators import EVALUATOR
from games.challengers.odds import round_winners
from games.challengers.state import D_EXTRA, DECK, MATCH, OWNER_KNOWS, TYPE_MASK
from games.challengers.texts import EFFECT
from games.challengers.zones import opponent

STRONG_POWER = 5
"""Base power from which a card counts as one of the deck's strong cards."""

PLAYOUT_ROUNDS = 20
"""Sampled worlds whose round is played to count match wins and a picked card's triggers."""

GAME_DECIDING = 30.0
"""The weight of a difference that loses the match on the spot (an empty deck)."""

SHORT_DECK = 4
"""A deck of this many cards or fewer risks running out in a long match."""


Measured = coaching.Measured[State, int]
"""A feature measured in two positions; its `context` is the likely opponent's deck power."""
DeckFeature = coaching.Feature[State, int]


def _powers(deck: Sequence[int], s: State) -> list[int]:
    return [base_power(s, c) for c in deck]


def deck_power(deck: Sequence[int], s: State) -> int:
    """The sum of a deck's base powers (the robot's Cyborg has the round number)."""
    return sum(_powers(deck, s))


def likely_opponent(obs: Observation) -> int:
    """The participant the mover meets in this round's match (or the final)."""
    seat = obs.seat
    if obs.phase == MATCH and seat in (obs.side_a, obs.side_b):
        return obs.side_b if seat == obs.side_a else obs.side_a
    if obs.finalists and seat in obs.finalists:
        return next(f for f in obs.finalists if f != seat)
    plans = pairings_for(obs.num_participants)
    park = plans[seat][min(obs.round, ROUNDS) - 1]
    return next(p for p in range(obs.num_participants) if p != seat and plans[p][
        min(obs.round, ROUNDS) - 1] == park)


def _public_fans(s: State, p: int) -> int:
    """Fan tokens and the fans of trophies whose values are public."""
    shown = s.num_players <= 2 or s.revealed
    return s.fans[p] + (sum(s.trophy_fans[(t >> 2) - 1][t & 3] for t in s.trophies[p])
                        if shown else 0)


def _free_seats(s: State, p: int) -> int:
    return BENCH_SEATS - len(s.benches[p]) if s.phase == MATCH else BENCH_SEATS


def _their_free_seats(s: State, p: int) -> int:
    """Free bench seats of the mover's opponent in the current match."""
    return _free_seats(s, opponent(s, p)) if s.phase == MATCH else BENCH_SEATS


def _known(code: int | None) -> int:
    """The card type of a draw-pile code its owner knows, else -1."""
    return code & TYPE_MASK if code is not None and code & OWNER_KNOWS else -1


def _top(s: State, p: int) -> int:
    pile = s.draws[p] if s.phase == MATCH else []
    return _known(pile[-1] if pile else None)


def _bottom(s: State, p: int) -> int:
    pile = s.draws[p] if s.phase == MATCH else []
    return _known(pile[0] if len(pile) > 1 else None)


def _card(card: int, s: State) -> str:
    if card < 0:
        return "a card you do not know"
    return f"{NAME[card]} (power {base_power(s, card)})"


def _say_gap(m: Measured) -> str:
    return (f"leaves your deck's power {_gap(m.value) or 'level with'} the opponent you are "
            f"likely to meet, whose deck has {m.context} ({_gap(m.baseline) or 'level'} "
            f"{m.against})")


def _gap(gap: float) -> str:
    """"3 above", "2 below", or "" when level: a deck's power against another's."""
    return f"{abs(gap):g} {'above' if gap > 0 else 'below'}" if gap else ""


def _say_mean(m: Measured) -> str:
    up = m.value > m.baseline
    return (f"{'raises' if up else 'lowers'} your deck's mean power to {m.value:g} "
            f"({m.baseline:g} {m.against}): each card you reveal hits "
            f"{'harder' if up else 'softer'}")


def _say_size(m: Measured) -> str:
    left = f"leaves your deck at {coaching.count(m.value, 'card')} ({m.baseline:g} {m.against})"
    if m.value == 0:
        return left + ": with an empty deck you lose the match at once"
    if m.value <= SHORT_DECK:
        return left + ": so short a deck can run out in a long match"
    return left


def _weight_size(m: Measured) -> float:
    if min(m.value, m.baseline) == 0:
        return GAME_DECIDING
    if min(m.value, m.baseline) <= SHORT_DECK:
        return 3.0 * abs(m.value - m.baseline)
    return 0.5 * abs(m.value - m.baseline)


def _good_size(m: Measured) -> int:
    """More cards are good once either deck is short enough to run out; else neither."""
    return 1 if min(m.value, m.baseline) <= SHORT_DECK else 0


def _good_if_known(direction: int) -> Callable[[Measured], int]:
    """`direction` when both positions know the card (a power of -1 is an unknown card)."""
    def good(m: Measured) -> int:
        return direction if min(m.value, m.baseline) >= 0 else 0
    return good


def _say_count(what: str) -> Callable[[Measured], str]:
    """The sentence of a count of `what` (cards of some kind) in the deck."""
    def say(m: Measured) -> str:
        return (f"leaves {coaching.count(m.value, 'card')} {what} in your deck "
                f"({m.baseline:g} {m.against})")
    return say


def _say_fans(m: Measured) -> str:
    delta = m.value - m.baseline
    return (f"{'gains' if delta > 0 else 'forgoes'} {coaching.count(abs(delta), 'fan')}: "
            f"{m.value:g} in all ({m.baseline:g} {m.against})")


def _say_bench(m: Measured) -> str:
    text = (f"leaves {m.value:g} of your {BENCH_SEATS} bench seats free ({m.baseline:g} "
            f"{m.against})")
    return text + (": a card that finds no seat loses the match" if m.value <= 1 else "")


def _say_their_bench(m: Measured) -> str:
    text = (f"leaves your opponent {m.value:g} of their {BENCH_SEATS} bench seats free "
            f"({m.baseline:g} {m.against})")
    return text + (": one more card without a seat and they lose" if m.value <= 1 else "")


def _weight_bench(m: Measured) -> float:
    """A seat matters most when the bench is nearly full: one more card there may lose."""
    return (10.0 if min(m.value, m.baseline) <= 1 else 1.0) * abs(m.value - m.baseline)


def _say_top(m: Measured) -> str:
    mine, other = _top(m.after, m.seat), _top(m.base, m.seat)
    return (f"puts {_card(mine, m.after)} on top of your deck: your next card to reveal "
            f"({_card(other, m.base)} {m.against})")


def _say_bottom(m: Measured) -> str:
    mine, other = _bottom(m.after, m.seat), _bottom(m.base, m.seat)
    return (f"sends {_card(mine, m.after)} to the bottom of your deck, the last card you "
            f"reveal ({_card(other, m.base)} {m.against})")


def _top_power(s: State, p: int, _opp: int) -> float:
    card = _top(s, p)
    return base_power(s, card) if card >= 0 else -1


def _bottom_power(s: State, p: int, _opp: int) -> float:
    card = _bottom(s, p)
    return base_power(s, card) if card >= 0 else -1


def _mean(s: State, p: int, _opp: int) -> float:
    deck = s.decks[p]
    return round(deck_power(deck, s) / len(deck), 2) if deck else 0.0


FEATURES = (
    DeckFeature("deck_size", "deck_size", lambda s, p, o: len(s.decks[p]), _say_size,
                _weight_size, good=_good_size),
    DeckFeature("power_gap", "deck_power", lambda s, p, o: deck_power(s.decks[p], s) - o,
                _say_gap, lambda m: abs(m.value - m.baseline), good=more_is_better),
    DeckFeature("mean_power", "consistency", _mean, _say_mean,
                lambda m: 8.0 * abs(m.value - m.baseline), good=more_is_better),
    DeckFeature("strong_cards", "deck_power",
                lambda s, p, o: sum(1 for x in _powers(s.decks[p], s) if x >= STRONG_POWER),
                _say_count(f"of base power {STRONG_POWER} or more"),
                lambda m: 0.5 * abs(m.value - m.baseline), good=more_is_better),
    DeckFeature("weak_cards", "consistency",
                lambda s, p, o: sum(1 for x in _powers(s.decks[p], s) if x <= 2),
                _say_count("of base power 1 or 2"),
                lambda m: 0.5 * abs(m.value - m.baseline), good=fewer_is_better),
    DeckFeature("fans", "fans", lambda s, p, o: _public_fans(s, p), _say_fans,
                lambda m: 2.0 * abs(m.value - m.baseline), good=more_is_better),
    DeckFeature("bench_seats", "bench", lambda s, p, o: _free_seats(s, p), _say_bench,
                _weight_bench, good=more_is_better),
    DeckFeature("opponent_bench_seats", "bench", lambda s, p, o: _their_free_seats(s, p),
                _say_their_bench, _weight_bench, good=fewer_is_better),
    DeckFeature("top_card", "next_card", _top_power, _say_top,
                lambda m: abs(m.value - m.baseline), good=_good_if_known(1)),
    DeckFeature("bottom_card", "next_card", _bottom_power, _say_bottom,
                lambda m: 0.2 * abs(m.value - m.baseline), good=_good_if_known(-1)),
)


def reasons(
    obs: Observation, action: Action, alternative: Action | None, rng: random.Random
) -> list[Reason]:
    """What `action` does toward the game's goals against `alternative` (or against the
    position before), most important first; a pick or trim ends with the card's own facts.
    When no feature differs from the alternative, the differences from the position before
    are given."""
    world = GAME.sample(obs, rng)
    seat = GAME.current_player(world)
    seed = rng.getrandbits(64)
    after = played(world, action, seed)
    opponent_power = deck_power(obs.decks[likely_opponent(obs)], world)
    weighed: list[tuple[float, Reason]] = []
    if alternative is not None:
        weighed = coaching.differences(FEATURES, after, played(world, alternative, seed),
                                       seat, opponent_power, describe(alternative))
    if not weighed:
        weighed = coaching.differences(FEATURES, after, world, seat, opponent_power, BEFORE)
    if action.paid():
        weighed.append(_extra_pick_cost(action, world, after, seat))
    if alternative is not None:
        weighed += _playouts(obs, action, alternative, rng.getrandbits(64))
    found = coaching.most_important_first(weighed)
    if action.kind in (PICK, TRIM):
        found.append(_card_fact(action, world))
    return found


def _extra_pick_cost(action: Action, world: State, after: State, seat: int
                     ) -> tuple[float, Reason]:
    """The cards a "when picked" cost removes against the extra card it earns."""
    paid = " and ".join(NAME[t] for t in action.paid())
    lost = sum(base_power(world, t) for t in action.paid())
    extra = Counter(after.decks[seat]) - Counter(world.decks[seat]) - Counter([action.card])
    gained = sum(base_power(world, t) for t in extra.elements())
    taken = " and ".join(_card(t, world) for t in sorted(extra.elements())) or "no card"
    net, fewer = gained - lost, len(action.paid()) - 1
    cards = f" and has {fewer} card{'s' if fewer > 1 else ''} fewer" if fewer else ""
    text = (f"pays with {paid} (power {lost}) for an extra card, {taken}: your deck "
            f"{'gains' if net >= 0 else 'loses'} {abs(net)} power{cards}")
    return abs(net), Reason("extra_pick_cost", text, len(action.paid()), 0, BEFORE, "deck_power",
                            side(net))


def _card_fact(action: Action, world: State) -> Reason:
    """The card a pick adds or a trim removes, and what it does; `value` is its power."""
    card = action.card
    power = POWER[card]
    shown = power if power >= 0 else "the round number"
    effect = EFFECT[card]
    what = f"{NAME[card]} (level {LEVELS[LEVEL[card]]}, power {shown})"
    if action.kind == PICK:
        text = f"adds {what}: {effect}" if effect else f"adds {what}, a card without an effect"
        return Reason("card", text, float(max(power, 0)), 0.0, BEFORE,
                      "effect" if effect else "deck_power")
    strength = base_power(world, card)
    role = ("a weak card: your stronger cards come up more often" if strength <= 2 else
            "one of your strong cards: your attacks lose its power"
            if strength >= STRONG_POWER else "a middling card")
    text = f"removes {what}, {role}" + (f"; its effect: {effect}" if effect else "")
    return Reason("card", text, float(max(power, 0)), 0.0, BEFORE, "consistency")


def _playouts(obs: Observation, action: Action, alternative: Action, seed: int
              ) -> list[tuple[float, Reason]]:
    """This round's match won, and a picked card's effect triggers, after `action` and after
    `alternative` in `PLAYOUT_ROUNDS` sampled worlds played to the end of the round."""
    rng, words = random.Random(seed), describe(alternative)
    counted = action.kind == PICK and EFFECT[action.card] and not PICKED[action.card]
    card = action.card if counted else -1
    wins, triggers = [0, 0], [0, 0]
    for _ in range(PLAYOUT_ROUNDS):
        world = GAME.sample(obs, rng)
        round_seed = rng.getrandbits(64)
        for i, move in enumerate((action, alternative)):
            won, count = play_round(world, move, card, round_seed)
            wins[i] += won
            triggers[i] += count
    found = []
    if wins[0] != wins[1]:
        text = (f"wins this round's match in {wins[0]} of {PLAYOUT_ROUNDS} sampled playouts "
                f"({wins[1]} after {coaching.short(words)})")
        found.append((5.0 * abs(wins[0] - wins[1]) / PLAYOUT_ROUNDS, Reason(
            "match_wins", text, wins[0] / PLAYOUT_ROUNDS, wins[1] / PLAYOUT_ROUNDS, words,
            "match", side(wins[0] - wins[1]))))
    if counted:
        value, baseline = triggers[0] / PLAYOUT_ROUNDS, triggers[1] / PLAYOUT_ROUNDS
        times = "once" if triggers[0] == 1 else f"{triggers[0]} times"
        text = (f"{NAME[card]}'s effect triggers {times} in {PLAYOUT_ROUNDS} sampled matches "
                f"({triggers[1]} after {coaching.short(words)})")
        found.append((3.0 * abs(value - baseline), Reason(
            "effect_triggers", text, value, baseline, words, "effect")))
    return found


def play_round(world: State, action: Action, card: int, seed: int) -> tuple[int, int]:
    """(1 if the mover wins this round's match else 0, how many times the mover's `card`
    effects trigger) when a copy of `world` plays `action` and the playout policy plays the
    rest of the round."""
    state = world.clone()
    state.effect_counts = Counter()
    seat, round_, rng = GAME.current_player(state), state.round, random.Random(seed)
    GAME.apply(state, action, rng)
    while state.round == round_ and not GAME.is_terminal(state):
        GAME.apply(state, EVALUATOR.rollout_action(state, rng), rng)
    return int(round_winners(state, round_)[seat]), state.effect_counts[seat, card]


def played(world: State, action: Action, seed: int) -> State:
    """A copy of `world` after `action` and the picks of any extra cards it earned; a match
    decision is measured as soon as it is carried out, before the match goes on."""
    state = world.clone()
    if state.phase == MATCH:
        decisions.resolve(state, action)
        return state
    rng = random.Random(seed)
    seat = GAME.current_player(state)
    GAME.apply(state, action, rng)
    while (state.phase == DECK and state.draft_step == D_EXTRA
           and GAME.current_player(state) == seat):
        GAME.apply(state, EVALUATOR.rollout_action(state, rng), rng)
    return state
