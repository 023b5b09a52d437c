"""Coaching reasons for Challengers! drafting: what the card does, and how the deck after the
pick (or trim) differs from the deck after the alternative, or from the deck before.

The deck is measured in one world consistent with the observation; a seat always knows its own
deck, so the numbers do not depend on what the world guessed. A pick that pays a "when
picked" cost is measured after its extra card too, taken by the playout policy from the offer
the drafter sees.

How often a picked card's effect triggers is counted by the engine (`State.effect_counts`) in
`TRIGGER_MATCHES` sampled worlds: the rest of the round (the other drafts, any second pick and
trim, the round's matches) played by the playout policy after the pick and after the
alternative, with the same worlds and seeds.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from advisor.coaching import BEFORE, Reason
from games.challengers import GAME, Action, Observation, State, describe
from games.challengers.actions import PICK, TRIM
from games.challengers.catalogue import LEVEL, LEVELS, NAME, POWER
from games.challengers.effects import PICKED
from games.challengers.flow import fan_total
from games.challengers.state import D_EXTRA, DECK
from games.challengers.texts import EFFECT

STRONG_POWER = 5
"""Base power from which a card counts as one of the deck's strong cards."""

TRIGGER_MATCHES = 20
"""Sampled worlds whose round is played to count how often a picked card's effect triggers."""


@dataclass(frozen=True)
class DeckFeature:
    """One number of the mover's deck and fans; `words` names it in a sentence."""

    code: str
    words: str
    measure: Callable[[Sequence[int], State, int], float]
    """(deck card types, state, seat) -> the number."""


def _powers(deck: Sequence[int]) -> list[int]:
    return [POWER[c] for c in deck if POWER[c] >= 0]


FEATURES = (
    DeckFeature("deck_size", "cards in your deck", lambda d, s, p: len(d)),
    DeckFeature("deck_power", "total base power of your deck", lambda d, s, p: sum(_powers(d))),
    DeckFeature("mean_power", "mean base power of your deck",
                lambda d, s, p: round(sum(_powers(d)) / len(d), 2) if d else 0.0),
    DeckFeature("strong_cards", f"cards of base power {STRONG_POWER} or more in your deck",
                lambda d, s, p: sum(1 for x in _powers(d) if x >= STRONG_POWER)),
    DeckFeature("weak_cards", "cards of base power 1 or 2 in your deck",
                lambda d, s, p: sum(1 for x in _powers(d) if x <= 2)),
    DeckFeature("fans", "your fans", lambda d, s, p: fan_total(s, p)),
)


def reasons(
    obs: Observation, action: Action, alternative: Action | None, rng: random.Random
) -> list[Reason]:
    """The card's own facts, then the deck features that differ after `action` and after
    `alternative` (or before the move)."""
    if action.kind not in (PICK, TRIM):
        return []
    found = [_card_fact(action, "card")]
    if alternative is not None and alternative.kind in (PICK, TRIM):
        found.append(_card_fact(alternative, "alternative_card"))
    world = GAME.sample(obs, rng)
    seat = GAME.current_player(world)
    seed = rng.getrandbits(64)
    after = played(world, action, seed)
    if alternative is None:
        base, where, words = world, "before the move", BEFORE
    else:
        base = played(world, alternative, seed)
        words = describe(alternative)
        where = f"after {words}"
        if action.kind == PICK and EFFECT[action.card] and not PICKED[action.card]:
            found.append(_trigger_fact(obs, action, alternative, rng.getrandbits(64)))
    for feature in FEATURES:
        value = float(feature.measure(after.decks[seat], after, seat))
        baseline = float(feature.measure(base.decks[seat], base, seat))
        if value != baseline:
            text = f"{feature.words}: {value:g} ({baseline:g} {where})"
            found.append(Reason(feature.code, text, value, baseline, words))
    if action.paid():
        paid = " and ".join(NAME[t] for t in action.paid())
        extra = Counter(after.decks[seat]) - Counter(world.decks[seat]) - Counter([action.card])
        taken = " and ".join(NAME[t] for t in sorted(extra.elements()))
        text = f"removes {paid} to take an extra card"
        found.append(Reason("extra_pick_cost", text + (
            f"; the deck numbers count {taken} as that card" if taken else ""),
            len(action.paid()), 0))
    return found


def _card_fact(action: Action, code: str) -> Reason:
    """The card an action adds or removes: level, power and effect; `value` is its power."""
    card = action.card
    power = POWER[card]
    effect = EFFECT[card] or "no effect"
    verb = "adds" if action.kind == PICK else "removes"
    if code == "alternative_card":
        verb = f"the move it is compared with {verb}"
    shown = power if power >= 0 else "the round number"
    text = f"{verb} {NAME[card]} (level {LEVELS[LEVEL[card]]}, power {shown}): {effect}"
    return Reason(code, text, float(max(power, 0)), 0.0)


def _trigger_fact(obs: Observation, action: Action, alternative: Action, seed: int) -> Reason:
    """How often the picked card's effects trigger a match, after the pick and after
    `alternative`, in `TRIGGER_MATCHES` sampled worlds."""
    card, rng = action.card, random.Random(seed)
    mine = other = 0
    for _ in range(TRIGGER_MATCHES):
        world = GAME.sample(obs, rng)
        round_seed = rng.getrandbits(64)
        mine += triggers(world, action, card, round_seed)
        other += triggers(world, alternative, card, round_seed)
    value, baseline = mine / TRIGGER_MATCHES, other / TRIGGER_MATCHES
    words = describe(alternative)
    text = (f"{NAME[card]}'s effect triggers {mine} times in {TRIGGER_MATCHES} sampled "
            f"matches of your deck: {value:g} a match ({baseline:g} after {words})")
    return Reason("effect_triggers", text, value, baseline, words)


def triggers(world: State, action: Action, card: int, seed: int) -> int:
    """How many times the mover's `card` effects trigger (as the engine counts them) when a
    copy of `world` plays `action` and the playout policy plays the rest of the round."""
    state = world.clone()
    state.effect_counts = Counter()
    seat, round_, rng = GAME.current_player(state), state.round, random.Random(seed)
    GAME.apply(state, action, rng)
    while state.round == round_ and not GAME.is_terminal(state):
        GAME.apply(state, GAME.rollout_action(state, rng), rng)
    return state.effect_counts[seat, card]


def played(world: State, action: Action, seed: int) -> State:
    """A copy of `world` after `action` and the picks of any extra cards it earned."""
    state = world.clone()
    rng = random.Random(seed)
    seat = GAME.current_player(state)
    GAME.apply(state, action, rng)
    while (state.phase == DECK and state.draft_step == D_EXTRA
           and GAME.current_player(state) == seat):
        GAME.apply(state, GAME.rollout_action(state, rng), rng)
    return state
