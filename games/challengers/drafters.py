"""Fixed drafting baselines for Challengers!, independent of any search.

`power_action(state, rng)` is the "greedy highest-power drafter" of issue 5:

- **Option** (`opt:2A` / `opt:1B` ...): the option with the most expected total power, i.e.
  picks x the mean printed power of that pile's cards in the game's sets (so 2A over 1B, 2B
  over 2A, 2B over 1C).
- **Pick**: the offered card with the highest printed power (ties: the first card type).
- **Redraw**: only when the best card of the offer is *weak*: below the mean power of its pile.
- **"When picked" costs** (Shapeshifter, Sci-Fi Geek): when the strongest card has one, pay it
  with the weakest eligible deck cards if what is left of the offer holds a card stronger than
  each of them; the extra card is again the strongest.
- **Trim**: `trim="starters"` (the default) removes the weakest starter card, one at a time,
  while the deck holds more than `MIN_DECK` cards and that starter is weaker than the deck's
  mean power; `trim="none"` trims nothing (a much weaker player: about 18% against the
  `starters` drafter, 2-player, 200 deals).
- **Match decisions** (card effects): the engine's rollout heuristic without random moves.

`PowerDrafter` wraps it as a bot (`name`, `choose(observation, limits, seed)`), so the arena
(spec `power`) and benchmarks can seat it like any search bot.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from .actions import A_DONE, A_PASS, A_REDRAW, DONE, OPT, PASS, PICK, REDRAW, TRIM, Action
from .catalogue import LEVEL, LEVEL_S, POWER, pile_cards
from .draft import drafter
from .flow import legal_actions
from .knowledge import heuristics
from .observation import Observation, sample
from .state import MATCH, State

TRIM_MODES = ("none", "starters")
MIN_DECK = 8


@cache
def pile_mean_power(sets: tuple[str, ...]) -> tuple[float, float, float]:
    """Mean printed power of the A, B and C pile cards (every copy) in a game with `sets`."""
    means = []
    for cards in pile_cards(sets):
        powers = [max(POWER[c], 0) for c in cards]
        means.append(sum(powers) / len(powers) if powers else 0.0)
    return means[0], means[1], means[2]


def _power(card: int) -> int:
    return max(POWER[card], 0)


def _paid_if_worth(s: State, actions: list[Action], best: Action) -> Action:
    """`best`, paid for with the weakest cards if the best card left beats each card paid."""
    ways = [a for a in actions if a.kind == PICK and a.card == best.card and a.paid()]
    if not ways:
        return best
    cheapest = min(ways, key=lambda a: sum(_power(c) for c in a.paid()))
    left = list(s.offer)
    left.remove(best.card)
    best_left = max(_power(c) for c in left)
    return cheapest if best_left > max(_power(c) for c in cheapest.paid()) else best


def power_action(s: State, rng: random.Random, trim: str = "starters") -> Action:
    """The highest-power drafter's move in `s` (see the module docstring)."""
    if trim not in TRIM_MODES:
        raise ValueError(f"trim must be one of {TRIM_MODES}, got {trim!r}")
    actions = legal_actions(s)
    if len(actions) == 1:
        return actions[0]
    if s.phase == MATCH:
        return heuristics.rollout_action(s, rng, epsilon=0.0)
    kinds = {a.kind for a in actions}
    means = pile_mean_power(s.sets)
    if OPT in kinds:
        return max(actions, key=lambda a: (a.arg & 7) * means[a.arg >> 3])
    if PICK in kinds:
        best = max((a for a in actions if a.kind == PICK and not a.paid()),
                   key=lambda a: _power(a.card))
        pile = s.option_pile
        if A_REDRAW in actions and 0 <= pile < 3 and _power(best.card) < means[pile]:
            return A_REDRAW
        return _paid_if_worth(s, actions, best)
    if TRIM in kinds or DONE in kinds:
        return _trim_action(s, actions, trim)
    if PASS in kinds:
        return A_PASS
    if REDRAW in kinds:  # nothing else left (cannot happen with the current rules)
        return A_REDRAW
    return actions[0]


def _trim_action(s: State, actions: list[Action], trim: str) -> Action:
    if trim == "none" or A_DONE not in actions:
        return A_DONE if A_DONE in actions else actions[0]
    deck = s.decks[drafter(s)]
    if len(deck) <= MIN_DECK:
        return A_DONE
    mean = sum(_power(c) for c in deck) / len(deck)
    starters = [a for a in actions if a.kind == TRIM and LEVEL[a.arg] == LEVEL_S]
    if not starters:
        return A_DONE
    weakest = min(starters, key=lambda a: _power(a.arg))
    return weakest if _power(weakest.arg) < mean else A_DONE


class PowerDrafter:
    """The highest-power drafter as a bot: decides in one sampled world of its observation.

    Every deck-phase choice depends only on what the drafter sees (its own offer and deck), so
    the sampled world never changes the choice; match decisions use the engine's heuristic.
    """

    def __init__(self, game: Any = None, trim: str = "starters"):
        if trim not in TRIM_MODES:
            raise ValueError(f"trim must be one of {TRIM_MODES}, got {trim!r}")
        name = getattr(game, "name", "challengers")
        if name != "challengers":
            raise ValueError(f"the power drafter plays challengers only, not {name!r}")
        self.game = game
        self.trim = trim
        self.name = "power" if trim == "starters" else f"power:trim={trim}"

    def choose(self, observation: Observation, limits: Any, seed: int) -> Action:
        """The drafter's move for the seat to move; ignores `limits`."""
        rng = random.Random(seed)
        world = sample(observation, rng)
        return power_action(world, rng, self.trim)
