"""An opponent model: which card each hidden reserve is, judged by what its holder did since.

Another seat is modelled as choosing its moves by the game's priors (`heuristics.priors`),
sharpened, and mixed with some uniform noise so that no legal move rules a card out. Every
unseen card of a hidden reserve's level is a candidate for it; a candidate's weight is the
likelihood of the holder's moves since the reserve with that card in its hand (Bayes over a
uniform prior). The holder's other hidden cards, if any, stay as the replay stood them in. The
search then draws the hidden reserves by these weights (`observation.sample`).
"""

from __future__ import annotations

import math
from dataclasses import replace

from games.splendor_marvel.catalogue import LEVEL
from games.splendor_marvel.history import History
from games.splendor_marvel.knowledge.heuristics import priors
from games.splendor_marvel.observation import Beliefs, Observation
from games.splendor_marvel.replay import Decision, replay
from games.splendor_marvel.rules import legal_actions

SHARPNESS = 2.0
"""The model's chance of a move is the prior raised to this power (renormalised): measured on
ISMCTS and greedy opponents, 2 explains their moves better than the priors as they are."""
NOISE = 0.1
"""The share of an opponent's moves modelled as uniform over its legal moves."""
IMPOSSIBLE = -50.0
"""The log chance of a move the card would have made illegal (finite, so that a decision no
candidate explains, with another hidden card in the same hand, carries no weight)."""
SCALE = 1 << 20
"""The weight of the likeliest candidate; the others in proportion, at least 1."""


def _hides_a_card(obs: Observation) -> bool:
    return any(
        not r.card for seat, hand in enumerate(obs.reserved) if seat != obs.seat for r in hand
    )


EvidenceKey = tuple[int, int, tuple[int, ...]]
_EVIDENCE: dict[EvidenceKey, dict[int, float]] = {}
"""Per decision (its game and ply by a hash chain, the hand index, the decider's hand) the log
chance of its move for each candidate card: a later call on the same game reuses them."""
_EVIDENCE_LIMIT = 20_000
"""About 2 KB an entry: a few tens of MB at most, many games' worth."""


def _decision_keys(history: History) -> list[int]:
    """A hash of each prefix of the record (the game so far at each ply)."""
    chain = hash((history.opening_board, history.opening_locations))
    keys = []
    for play in history.plays:
        chain = hash((chain, play))
        keys.append(chain)
    return keys


def _log_chances(decision: Decision, index: int, candidates: list[int]) -> dict[int, float]:
    """The log chance of the decision's move with each candidate at `index` in the hand."""
    state = decision.before
    hand = state.reserved[state.current]
    stand_in = hand[index]
    scores = {}
    for candidate in candidates:
        hand[index] = candidate
        actions = legal_actions(state)
        if decision.action not in actions:  # a pass: this card would have been affordable
            scores[candidate] = IMPOSSIBLE
            continue
        sharpened = [p**SHARPNESS for p in priors(state, actions)]
        chance = sharpened[actions.index(decision.action)] / sum(sharpened)
        scores[candidate] = math.log((1.0 - NOISE) * chance + NOISE / len(actions))
    hand[index] = stand_in
    return scores


def _add_evidence(decision: Decision, key: int, stand_ins: frozenset[int],
                  unseen: dict[int, list[int]],
                  log_likelihood: dict[int, dict[int, float]]) -> None:
    """Add the log-likelihood of one decision, for each hidden card in the decider's hand."""
    hand = decision.before.reserved[decision.before.current]
    for index, stand_in in enumerate(hand):
        if stand_in not in stand_ins:
            continue
        candidates = unseen[LEVEL[stand_in]]
        cache_key = (key, index, tuple(hand))
        known = _EVIDENCE.get(cache_key)
        if known is None or any(c not in known for c in candidates):
            if len(_EVIDENCE) >= _EVIDENCE_LIMIT:
                _EVIDENCE.clear()
            known = _EVIDENCE[cache_key] = _log_chances(decision, index, candidates)
        scores = log_likelihood.setdefault(stand_in, dict.fromkeys(candidates, 0.0))
        for candidate in scores:
            scores[candidate] += known[candidate]


def beliefs(obs: Observation) -> Beliefs:
    """The model's weights for each hidden reserve that has evidence, keyed (seat, index).

    Raises ValueError when the observation's history does not replay to it.
    """
    replayed = replay(obs)
    unseen = obs.unseen_cards()
    log_likelihood: dict[int, dict[int, float]] = {}
    assert obs.history is not None
    keys = _decision_keys(obs.history)
    for decision in replayed.decisions:
        _add_evidence(decision, keys[decision.ply], replayed.stand_ins, unseen, log_likelihood)
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
