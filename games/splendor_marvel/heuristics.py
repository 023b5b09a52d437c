"""Cheap knowledge for the search: a playout policy, a static evaluation and move priors.

None of this is a rule; it only guides the search. Card worth is a fixed table; the policy
recruits the most valuable affordable card, otherwise takes tokens toward the nearest card.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Sequence
from importlib import resources

from games.splendor_marvel.actions import Action, Kind, colours_of
from games.splendor_marvel.catalogue import (
    BONUS,
    CARD,
    COST,
    GREEN,
    GREY,
    LEVEL,
    POINTS,
    STONE_COLOURS,
    TIME_STONE,
)
from games.splendor_marvel.features import FEATURES, features
from games.splendor_marvel.rules import legal_actions, shortfall
from games.splendor_marvel.state import Phase, SplendorState

# Fixed worth of owning a card: points dominate, tags and level help.
CARD_WORTH = (0.0, *(3.0 * c.points + c.avengers + 0.5 * c.level for c in CARD if c))
PRIOR_TEMPERATURE = 2.0


def _recruit_worth(state: SplendorState, seat: int, card: int) -> float:
    worth = CARD_WORTH[card]
    if TIME_STONE[card] and not state.tokens[seat][GREEN]:
        worth += 4.0
    if not state.bonuses[seat][BONUS[card]]:
        worth += 2.0
    return worth


def _target_needs(state: SplendorState, seat: int) -> list[int]:
    """Tokens per colour still missing for the nearest worthwhile card (board or hand)."""
    best = -1
    best_key = (1 << 30, 0.0)
    for card in (*state.board, *state.reserved[seat]):
        if card:
            key = (shortfall(state, seat, card), -POINTS[card] - 0.1 * LEVEL[card])
            if key < best_key:
                best, best_key = card, key
    if best < 0:
        return [0] * 5
    tokens, bonuses = state.tokens[seat], state.bonuses[seat]
    return [max(0, COST[best][c] - bonuses[c] - tokens[c]) for c in STONE_COLOURS]


def action_score(state: SplendorState, action: Action, needs: Sequence[int]) -> float:
    """How promising an action looks to the heuristic (higher is better)."""
    seat, kind, arg = state.current, action.kind, action.arg
    if kind in (Kind.RECRUIT, Kind.RECRUIT_RESERVED):
        return 10.0 + _recruit_worth(state, seat, arg)
    if kind is Kind.TAKE:
        colours = colours_of(arg)
        return 1.0 + sum(1.0 for c in colours if needs[c]) + 0.1 * len(colours)
    if kind is Kind.TAKE_TWO:
        return 1.0 + min(2, needs[arg]) + 0.05
    if kind is Kind.RESERVE:
        return 0.5 + 0.2 * CARD_WORTH[arg]
    if kind is Kind.RESERVE_BLIND:
        return 0.5
    if kind is Kind.RETURN:
        # keep grey (wild) and what the target needs; give back the most plentiful colour
        held = state.tokens[seat][arg]
        return -3.0 if arg == GREY else held - 2.0 * (arg < 5 and needs[arg] > 0)
    return 0.0


def rollout_action(state: SplendorState, rng: random.Random) -> Action:
    """A quick, slightly noisy greedy move: best recruit, else tokens toward a target card."""
    actions = legal_actions(state)
    if len(actions) == 1:
        return actions[0]
    seat = state.current
    if state.phase is Phase.MAIN:
        best, best_worth = None, -1.0
        for action in actions:
            if action.kind in (Kind.RECRUIT, Kind.RECRUIT_RESERVED):
                worth = _recruit_worth(state, seat, action.arg) + rng.random()
                if worth > best_worth:
                    best, best_worth = action, worth
        if best is not None:
            return best
        if rng.random() < 0.1:
            return actions[rng.randrange(len(actions))]
    needs = _target_needs(state, seat) if state.phase is not Phase.LOCATION else [0] * 5
    return max(actions, key=lambda a: action_score(state, a, needs) + 0.5 * rng.random())


def priors(state: SplendorState, actions: Sequence[Action]) -> list[float]:
    """Softmax of the heuristic scores over `actions`."""
    if not actions:
        return []
    needs = _target_needs(state, state.current)
    scores = [action_score(state, a, needs) / PRIOR_TEMPERATURE for a in actions]
    top = max(scores)
    weights = [math.exp(s - top) for s in scores]
    total = sum(weights)
    return [w / total for w in weights]


def _load_weights() -> tuple[float, ...]:
    text = resources.files(__package__).joinpath("evaluation.json").read_text("utf-8")
    fitted = json.loads(text)
    if tuple(fitted["features"]) != FEATURES:
        raise ValueError("evaluation.json was fitted for other features; refit it")
    return tuple(fitted["weights"])


WEIGHTS = _load_weights()


def evaluate(state: SplendorState) -> tuple[float, ...]:
    """Each seat's estimated chance to win (summing to 1), from the fitted conditional logit."""
    if state.result is not None:
        return state.result
    scores = [
        sum(w * f for w, f in zip(WEIGHTS, features(state, seat), strict=True))
        for seat in range(state.num_players)
    ]
    top = max(scores)
    weights = [math.exp(score - top) for score in scores]
    total = sum(weights)
    return tuple(w / total for w in weights)
