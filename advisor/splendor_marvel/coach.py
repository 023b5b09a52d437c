"""Coaching reasons for Splendor: Marvel: measured differences between two positions.

The mover's turn is played to its end (token returns and a location choice by the heuristic
policy) in one world consistent with the observation, once after the move and once after the
alternative (or not at all: the position before). Each feature is then measured in both, and
every feature that differs becomes a reason carrying both numbers. Features count only cards
the mover can see now, so they do not depend on the hidden cards of the sampled world.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from advisor.coaching import BEFORE, Reason
from games.splendor_marvel import Action, Observation, Phase, SplendorState, sample
from games.splendor_marvel.actions import describe
from games.splendor_marvel.catalogue import (
    AVENGERS_TAGS_NEEDED,
    GAUNTLET_POINTS,
    GREEN,
    GREY,
    LOCATIONS,
    MAX_RESERVED,
    MAX_TOKENS,
)
from games.splendor_marvel.heuristics import rollout_action
from games.splendor_marvel.rules import apply, shortfall

FOLLOW_UP_LIMIT = 8


@dataclass(frozen=True)
class Feature:
    """One number of a position, from the mover's side; `words` names it in a sentence."""

    code: str
    words: str
    measure: Callable[[SplendorState, int, frozenset[int]], float]
    """(state, mover, cards visible now) -> the number."""


def _affordable(state: SplendorState, seat: int, visible: frozenset[int]) -> float:
    """Visible cards on the board or in the seat's reserve it could recruit on its next turn."""
    cards = [c for c in state.board if c in visible] + [
        c for c in state.reserved[seat] if c in visible
    ]
    return sum(1 for c in cards if shortfall(state, seat, c) <= state.tokens[seat][GREY])


def _location_gap(state: SplendorState, seat: int, _visible: frozenset[int]) -> float:
    """Bonuses still missing for the nearest location left in the middle (0: one qualifies)."""
    bonuses = state.bonuses[seat]
    gaps = [
        sum(max(0, need - have) for need, have in zip(LOCATIONS[i].requires, bonuses, strict=True))
        for i in state.locations_left
    ]
    return min(gaps, default=0)


def _tags_behind(state: SplendorState, seat: int, _visible: frozenset[int]) -> float:
    """Avengers tags the mover lacks to take the tile (0: it holds it)."""
    if state.avengers == seat:
        return 0
    holder = state.tags[state.avengers] if state.avengers >= 0 else AVENGERS_TAGS_NEEDED - 1
    return max(0, holder + 1 - state.tags[seat])


def _tags_ahead(state: SplendorState, seat: int, _visible: frozenset[int]) -> float:
    """Avengers tags the mover holds beyond the most any opponent holds (negative: behind);
    an opponent needs more tags than the holder to take the tile."""
    return state.tags[seat] - max(state.tags[o] for o in range(state.num_players) if o != seat)


def _opponents_affordable(state: SplendorState, seat: int, visible: frozenset[int]) -> float:
    """Visible cards the opponents could recruit on their next turns (summed over them)."""
    return sum(_affordable(state, other, visible) for other in range(state.num_players)
               if other != seat)


FEATURES = (
    Feature("points", "Infinity Points", lambda s, p, v: s.points(p)),
    Feature("gauntlet_points_missing", f"points still missing for the Gauntlet's {GAUNTLET_POINTS}",
            lambda s, p, v: max(0, GAUNTLET_POINTS - s.points(p))),
    Feature("gauntlet_colours_missing", "bonus colours still missing for the Gauntlet",
            lambda s, p, v: sum(1 for b in s.bonuses[p] if b == 0)),
    Feature("green_token", "Time Stone (green) tokens, which the Gauntlet needs",
            lambda s, p, v: s.tokens[p][GREEN]),
    Feature("location_gap", "bonuses missing for the nearest location", _location_gap),
    Feature("avengers_tags_missing", "Avengers tags missing to take the Avengers tile",
            _tags_behind),
    Feature("avengers_tags_ahead", "Avengers tags ahead of the nearest opponent", _tags_ahead),
    Feature("affordable_next_turn", "visible cards you can afford next turn", _affordable),
    Feature("opponents_affordable", "visible cards the opponents can afford next turn",
            _opponents_affordable),
    Feature("grey_tokens", "grey (S.H.I.E.L.D.) tokens", lambda s, p, v: s.tokens[p][GREY]),
    Feature("tokens", f"tokens held (the limit is {MAX_TOKENS})", lambda s, p, v: sum(s.tokens[p])),
    Feature("reserved", f"reserved cards (at most {MAX_RESERVED})",
            lambda s, p, v: len(s.reserved[p])),
)


def reasons(
    obs: Observation, action: Action, alternative: Action | None, rng: random.Random
) -> list[Reason]:
    """The features in which the position after `action` differs from the one after
    `alternative` (or from the position before), in the order of `FEATURES`. When nothing
    differs from the alternative, the differences from the position before are given."""
    world = sample(obs, rng)
    seed = rng.getrandbits(64)
    after = played(world, action, random.Random(seed))
    visible = visible_cards(obs)
    found = []
    if alternative is not None:
        base = played(world, alternative, random.Random(seed))
        found = _differences(after, base, world.current, visible, describe(alternative))
    return found or _differences(after, world, world.current, visible, BEFORE)


def _differences(after: SplendorState, base: SplendorState, seat: int,
                 visible: frozenset[int], compared_with: str) -> list[Reason]:
    """A reason for each feature whose number differs between `after` and `base`."""
    where = compared_with if compared_with == BEFORE else f"after {compared_with}"
    found = []
    for feature in FEATURES:
        value = float(feature.measure(after, seat, visible))
        baseline = float(feature.measure(base, seat, visible))
        if value != baseline:
            text = f"{feature.words}: {value:g} ({baseline:g} {where})"
            found.append(Reason(feature.code, text, value, baseline, compared_with))
    return found


def played(world: SplendorState, action: Action, rng: random.Random) -> SplendorState:
    """A copy of `world` after `action` and the rest of the mover's turn (token returns and
    location choice by the heuristic policy)."""
    state = world.clone()
    seat = state.current
    apply(state, action)
    for _ in range(FOLLOW_UP_LIMIT):
        if state.result is not None or state.current != seat or state.phase is Phase.MAIN:
            break
        apply(state, rollout_action(state, rng))
    return state


def visible_cards(obs: Observation) -> frozenset[int]:
    """The cards the mover sees now: the board and the face-up or own reserves."""
    cards = {c for c in obs.board if c}
    for hand in obs.reserved:
        cards.update(r.card for r in hand if r.card)
    return frozenset(cards)
