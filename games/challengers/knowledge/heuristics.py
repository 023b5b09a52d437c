"""Cheap heuristics for search: a rollout policy, a static evaluation and action priors.

- `rollout_action` / `priors`: a fixed, cheap preference over actions (`_score`): pick the
  strongest card (paying weak cards for an extra one), redraw a weak offer, thin Newcomers
  (and later the starters) from decks of more than 8 cards, keep strong cards on top.
  `GreedyBot` (highest prior) plays it. A card's worth there is a `Worth` table: `TODAY`
  (`_value`, the `value=logistic` engine's and greedy's) or a learned one (a `card-worth`
  network of the weights manifest, fitted on the search's root visits by
  `scripts/fit_challengers_worth.py`: `knowledge`, the default engine's priors').
- `evaluate`: a conditional logit over per-participant features (`features.py`) with weights
  fitted from seeded self-play by `scripts/fit_challengers_evaluation.py` (`evaluation.json`,
  one weight vector per player count).
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Sequence
from functools import cache
from importlib import resources
from typing import NamedTuple

from ..actions import BOTTOM, DONE, EXHAUST, OPT, ORDER, PASS, PICK, REDRAW, TOP, TRIM, Action
from ..catalogue import LEVEL, LEVEL_S, NAME, NUM_TYPES, POWER
from ..effects import AURA, AURA_NONE, K_SIREN
from ..flow import legal_actions
from ..state import OVER, State
from .features import FEATURES, features

_NEWCOMER = "Newcomer"
PRIOR_TEMPERATURE = 1.5
"""The softmax temperature of `priors` over the heuristic scores."""


def _value(card: int) -> float:
    """Rough worth of a card in a deck: its power, a little more for an effect."""
    power = POWER[card] if POWER[card] >= 0 else 4
    return power + (0.5 if AURA[card] != AURA_NONE else 0.0)


class Worth(NamedTuple):
    """What `_score` holds each card type worth, and the priors' softmax temperature."""

    pick: tuple[float, ...]
    """A card's worth in a deck (picked, paid, redrawn over, put on top), per card type."""
    trim: tuple[float, ...]
    """Added to the score of trimming a card, per card type."""
    temperature: float


TODAY = Worth(tuple(_value(c) for c in range(NUM_TYPES)), (0.0,) * NUM_TYPES, PRIOR_TEMPERATURE)
"""The hand-written worth (`_value`, no trim term): `value=logistic`'s and `GreedyBot`'s."""


def pick_scores(offer: Sequence[int]) -> list[float]:
    """The heuristic score of picking each card of `offer` without paying for an extra one."""
    return [_value(card) for card in offer]


def _score(s: State, action: Action, worth: Worth = TODAY) -> float:
    """Higher is better for the player taking `action` (a fixed, cheap preference)."""
    kind = action.kind
    value = worth.pick
    if kind == OPT:
        pile, picks = action.arg >> 3, action.arg & 7
        return pile * 2.0 + picks * (1.0 if s.round < 6 else 0.4)
    if kind == PICK:  # paying weak cards for the extra card is worth it
        return value[action.card] + 0.5 * sum(4.5 - value[t] for t in action.paid())
    if kind == REDRAW:
        best = max((value[c] for c in s.offer), default=0.0)
        floor = 2.0 + s.option_pile * 2.0
        return floor if best < floor else -1.0
    if kind == TRIM:
        card = action.arg
        deck = s.decks[s.finalists[s.turn] if s.finalists else s.turn]
        weak = NAME[card] == _NEWCOMER or (LEVEL[card] == LEVEL_S and s.round >= 4)
        return (1.0 if weak and len(deck) > 8 else -2.0) + worth.trim[card]
    if kind == DONE:
        return 0.0
    if kind == TOP:
        return value[action.card]
    if kind == BOTTOM:
        return -value[action.card]
    if kind == ORDER:
        return sum(value[t] * weight for t, weight in zip(action.cards(), (4, 2, 1), strict=False))
    if kind == EXHAUST:
        if s.pending_kind == K_SIREN:
            return 3.0 if AURA[action.arg] != AURA_NONE else -1.0
        seat = next((seat for seat in s.benches[s.pending_participant] if action.arg in seat), [])
        return 2.0 - len(seat) - (2.0 if AURA[action.arg] != AURA_NONE else 0.0)
    if kind == PASS:
        return 0.5
    return 0.0


def rollout_action(s: State, rng: random.Random, epsilon: float = 0.1,
                   worth: Worth = TODAY) -> Action:
    """Mostly the best-scored legal action, sometimes a random one."""
    actions = legal_actions(s)
    if len(actions) == 1 or rng.random() < epsilon:
        return actions[rng.randrange(len(actions))]
    return max(actions, key=lambda a: _score(s, a, worth))


def priors(s: State, actions: Sequence[Action], worth: Worth = TODAY) -> list[float]:
    """A softmax of the heuristic scores at `worth`'s temperature, summing to 1."""
    if not actions:
        return []
    scores = [_score(s, a, worth) for a in actions]
    top = max(scores)
    weights = [math.exp((x - top) / worth.temperature) for x in scores]
    total = sum(weights)
    return [w / total for w in weights]


@cache
def fitted_weights() -> tuple[tuple[float, ...], dict[int, tuple[float, ...]]]:
    """The pooled and per-player-count weights of `evaluation.json` (read once, on first use).

    Raises ValueError when the file was fitted for other features (refit it with
    `scripts/fit_challengers_evaluation.py`, which never needs the evaluation itself).
    """
    text = resources.files(__package__).joinpath("evaluation.json").read_text("utf-8")
    fitted = json.loads(text)
    if tuple(fitted["features"]) != FEATURES:
        raise ValueError("evaluation.json was fitted for other features; refit it")
    pooled = tuple(float(w) for w in fitted["weights"])
    by_players = {int(n): tuple(float(w) for w in part["weights"])
                  for n, part in fitted.get("by_players", {}).items()}
    return pooled, by_players


@cache
def weights_for(num_players: int) -> tuple[float, ...]:
    """The fitted weights used for a game of `num_players` (solo uses the 2-player ones)."""
    pooled, by_players = fitted_weights()
    if not by_players:
        return pooled
    fitted = sorted(by_players)
    n = min(max(num_players, fitted[0]), fitted[-1])
    return by_players.get(n, pooled)


def evaluate(s: State) -> list[float]:
    """Each seat's chance to win, in [0, 1], from the fitted conditional logit over features.

    In solo the robot is a rival (its share is dropped); before the final only the two
    finalists can win.
    """
    if s.phase == OVER and s.result is not None:
        return list(s.result)
    n = s.num_players
    rivals = list(range(n)) + ([s.robot] if n == 1 else [])
    weights = weights_for(n)
    scores = [sum(w * f for w, f in zip(weights, features(s, p), strict=True)) for p in rivals]
    if s.finalists:
        scores = [x if p in s.finalists else -1e9 for p, x in zip(rivals, scores, strict=True)]
    top = max(scores)
    exps = [math.exp(x - top) for x in scores]
    total = sum(exps)
    return [w / total for w in exps][:n]
