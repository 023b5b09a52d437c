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

from games.splendor_marvel.actions import ARG_OF, KIND_OF, Action, Kind
from games.splendor_marvel.catalogue import (
    BONUS,
    CARD,
    COST,
    GREEN,
    GREY,
    STONE_COLOURS,
    TIME_STONE,
)
from games.splendor_marvel.knowledge.features import FEATURES, features
from games.splendor_marvel.rules import legal_actions
from games.splendor_marvel.state import Phase, SplendorState

# Fixed worth of owning a card: points dominate, tags and level help.
CARD_WORTH = (0.0, *(3.0 * c.points + c.avengers + 0.5 * c.level for c in CARD if c))
RESERVE_SCORE = tuple(0.5 + 0.2 * worth for worth in CARD_WORTH)
TIE_BREAK = (0.0, *(-c.points - 0.1 * c.level for c in CARD if c))  # prefer points, then level
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
    tokens, bonuses = state.tokens[seat], state.bonuses[seat]
    power = [tokens[c] + bonuses[c] for c in STONE_COLOURS]
    y, p, b, r, o = power
    best, best_key = 0, (1 << 30, 0.0)
    for card in (*state.board, *state.reserved[seat]):
        if card:
            cy, cp, cb, cr, co = COST[card]
            missing = (
                (cy - y if cy > y else 0)
                + (cp - p if cp > p else 0)
                + (cb - b if cb > b else 0)
                + (cr - r if cr > r else 0)
                + (co - o if co > o else 0)
            )
            key = (missing, TIE_BREAK[card])
            if key < best_key:
                best, best_key = card, key
    if not best:
        return [0] * 5
    return [max(0, COST[best][c] - power[c]) for c in STONE_COLOURS]


def action_scores(
    state: SplendorState, actions: Sequence[Action], needs: Sequence[int]
) -> list[float]:
    """How promising each action looks to the heuristic (higher is better).

    Recruits score by the card's worth; takes by how many colours the target card still needs;
    reserves a little by the card's worth; returns give back the most plentiful token the
    target does not need, and grey last.
    """
    seat = state.current
    tokens = state.tokens[seat]
    needed = sum(1 << c for c in STONE_COLOURS if needs[c])
    scores = []
    for action in actions:
        kind, arg = KIND_OF[action], ARG_OF[action]
        if kind is Kind.TAKE:
            score = 1.0 + (arg & needed).bit_count() + 0.1 * arg.bit_count()
        elif kind is Kind.TAKE_TWO:
            score = 1.05 + min(2, needs[arg])
        elif kind is Kind.RECRUIT or kind is Kind.RECRUIT_RESERVED:
            score = 10.0 + _recruit_worth(state, seat, arg)
        elif kind is Kind.RESERVE:
            score = RESERVE_SCORE[arg]
        elif kind is Kind.RESERVE_BLIND:
            score = 0.5
        elif kind is Kind.RETURN:
            score = -3.0 if arg == GREY else tokens[arg] - (2.0 if arg < 5 and needs[arg] else 0.0)
        else:
            score = 0.0
        scores.append(score)
    return scores


def rollout_action(state: SplendorState, rng: random.Random) -> Action:
    """A quick, slightly noisy greedy move: best recruit, else tokens toward a target card."""
    actions = legal_actions(state)
    if len(actions) == 1:
        return actions[0]
    seat = state.current
    phase = state.phase
    if phase is Phase.MAIN:
        best, best_worth = None, -1.0
        for action in actions:
            kind = KIND_OF[action]
            if kind is Kind.RECRUIT or kind is Kind.RECRUIT_RESERVED:
                worth = _recruit_worth(state, seat, ARG_OF[action]) + rng.random()
                if worth > best_worth:
                    best, best_worth = action, worth
        if best is not None:
            return best
        if rng.random() < 0.1:
            return actions[rng.randrange(len(actions))]
    needs = _target_needs(state, seat) if phase is not Phase.LOCATION else [0] * 5
    scores = action_scores(state, actions, needs)
    noise = rng.random
    best_index = max(range(len(actions)), key=lambda i: scores[i] + 0.5 * noise())
    return actions[best_index]


def priors(state: SplendorState, actions: Sequence[Action]) -> list[float]:
    """Softmax of the heuristic scores over `actions`."""
    if not actions:
        return []
    needs = _target_needs(state, state.current)
    scores = [s / PRIOR_TEMPERATURE for s in action_scores(state, actions, needs)]
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
