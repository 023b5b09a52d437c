"""An opponent model: which card each hidden reserve is, judged by what its holder did since.

Another seat is modelled as choosing its moves by the game's priors (`heuristics.priors`),
mixed with some uniform noise so that no move rules a card out. Every unseen card of a hidden
reserve's level is a candidate for it; a candidate's weight is the likelihood of the holder's
moves since the reserve with that card in its hand (Bayes over a uniform prior). The holder's
other hidden cards, if any, stay as the replay stood them in. The search then draws the hidden
reserves by these weights (`observation.sample`).
"""

from __future__ import annotations

import math
from dataclasses import replace

from games.splendor_marvel.catalogue import LEVEL
from games.splendor_marvel.heuristics import priors
from games.splendor_marvel.history import Decision, replay
from games.splendor_marvel.observation import Beliefs, Observation
from games.splendor_marvel.rules import legal_actions

NOISE = 0.25
"""The share of an opponent's moves modelled as uniform over its legal moves."""
SCALE = 1 << 20
"""The weight of the likeliest candidate; the others in proportion, at least 1."""


def _hides_a_card(obs: Observation) -> bool:
    return any(
        not r.card for seat, hand in enumerate(obs.reserved) if seat != obs.seat for r in hand
    )


def _add_evidence(decision: Decision, stand_ins: frozenset[int], unseen: dict[int, list[int]],
                  log_likelihood: dict[int, dict[int, float]]) -> None:
    """Add the log-likelihood of one decision, for each hidden card in the decider's hand."""
    state = decision.before
    hand = state.reserved[state.current]
    for index, stand_in in enumerate(hand):
        if stand_in not in stand_ins:
            continue
        scores = log_likelihood.setdefault(
            stand_in, dict.fromkeys(unseen[LEVEL[stand_in]], 0.0))
        for candidate in scores:
            hand[index] = candidate
            actions = legal_actions(state)
            chance = priors(state, actions)[actions.index(decision.action)]
            scores[candidate] += math.log((1.0 - NOISE) * chance + NOISE / len(actions))
        hand[index] = stand_in


def beliefs(obs: Observation) -> Beliefs:
    """The model's weights for each hidden reserve that has evidence, keyed (seat, index).

    Raises ValueError when the observation's history does not replay to it.
    """
    replayed = replay(obs)
    unseen = obs.unseen_cards()
    log_likelihood: dict[int, dict[int, float]] = {}
    for decision in replayed.decisions:
        _add_evidence(decision, replayed.stand_ins, unseen, log_likelihood)
    found: Beliefs = {}
    for seat, hand in enumerate(replayed.state.reserved):
        for index, card in enumerate(hand):
            scores = log_likelihood.get(card)
            if scores is not None:
                top = max(scores.values())
                found[seat, index] = {
                    c: max(1, round(SCALE * math.exp(s - top))) for c, s in scores.items()
                }
    return found


def believe(obs: Observation) -> Observation:
    """`obs` with the model's beliefs, or `obs` itself when it has no history or no evidence."""
    if obs.history is None or not _hides_a_card(obs):
        return obs
    found = beliefs(obs)
    return replace(obs, beliefs=found) if found else obs
