"""The card effects, written as the project's own code: one registry per timing.

Every entry is keyed by card name and resolved into per-type tables at import. Choices an
effect offers are not made here: the effect sets a pending decision (see `decisions`) that its
owner (or, for robot cards, the robot's opponent) settles with an action.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from . import catalogue as cat
from .catalogue import BENCH_SEATS, CARDS, ICON, ICON_CITY, ICON_OF, LEVEL, LEVEL_B, NAME
from .state import State
from .zones import (
    bench_card,
    bench_types,
    draw_from_pile,
    learn_all,
    learn_top,
    opponent,
    to_box,
)

# pending decision kinds (state.pending_kind; 0 when no decision is pending)
(K_LOOK2, K_ORDER, K_TOP_ANY, K_BOTTOM_ANY, K_EXH_LE3, K_EXH_UPTO, K_NEWCOMER_TOP,
 K_TOP_POW2, K_TOP_LVLB, K_SIREN, K_DRONE, K_NECROMECH) = range(1, 13)
# bench auras
(AURA_NONE, AURA_BLACKSMITH, AURA_BARD, AURA_MAKEUP, AURA_DIRECTOR, AURA_VENDOR, AURA_AI,
 AURA_BAND, AURA_COOK) = range(9)

ICON_FILM = ICON_OF["film_studio"]
ICON_FUNFAIR = ICON_OF["funfair"]
ICON_HAUNTED = ICON_OF["haunted_house"]
ICON_SPACE = ICON_OF["outer_space"]
ICON_SHIP = ICON_OF["shipwreck"]
CYBORG = cat.type_of("Cyborg", "robot")
NEWCOMER_NAME = "Newcomer"

Bonus = Callable[[State, int], int]
Handler = Callable[[State, int, random.Random], bool]
"""An effect that happens at one moment: True when it did something or left its owner a
choice (its condition was met), False when it could do nothing."""


@dataclass(frozen=True, slots=True)
class Effect:
    """What a card does, in the project's words."""

    timing: str
    summary: str


def base_power(s: State, card: int) -> int:
    """Printed power; the robot's Cyborg has the round number."""
    p = cat.POWER[card]
    return p if p >= 0 else min(s.round, cat.ROUNDS)


def _bench_all(s: State, p: int) -> list[int]:
    out: list[int] = []
    for seat in s.benches[p]:
        out += seat
    return out


def _icons(s: State, p: int) -> int:
    return len({ICON[seat[0]] for seat in s.benches[p]})


def tally(s: State, p: int, card: int) -> None:
    """Count one triggered effect of p's `card` when a measurement is on (`match`)."""
    counts = s.effect_counts
    if counts is not None:
        counts[p, card] += 1


def _pend(s: State, kind: int, who: int, data: int = 0) -> None:
    s.pending_kind, s.pending_participant, s.pending_data = kind, who, data


def _offer(s: State, kind: int, who: int, possible: bool, data: int = 0) -> bool:
    """Leave `who` the decision `kind` when it is `possible`; whether it was left."""
    if possible:
        _pend(s, kind, who, data)
    return possible


def _gain_fans(s: State, p: int, fans: int, allowed: bool) -> bool:
    """p gains `fans` fan tokens when `allowed`; whether they did."""
    if allowed:
        s.fans[p] += fans
    return allowed


# ---- reveal-time bonuses (kept while attacking and while holding the flag) ----
def _mascot(s: State, p: int) -> int:
    return _icons(s, p)


def _jester(s: State, p: int) -> int:
    return 3 if any(base_power(s, c) == 1 for c in _bench_all(s, p)) else 0


def _stable_boy(s: State, p: int) -> int:
    return sum(1 for c in _bench_all(s, p) if base_power(s, c) == 3)


def _hermit(s: State, p: int) -> int:
    return 0 if any(ICON[seat[0]] == ICON_CITY for seat in s.benches[p]) else 2


def _mime(s: State, p: int) -> int:
    return BENCH_SEATS - len(s.benches[p])


def _teenager(s: State, p: int) -> int:
    return sum(len(seat) for seat in s.benches[p] if ICON[seat[0]] == ICON_HAUNTED)


def _merman(s: State, p: int) -> int:
    return 3 if any(ICON[seat[0]] == ICON_SHIP for seat in s.benches[p]) else 0


def _lifeguard(s: State, p: int) -> int:
    return 2 if len(s.draws[p]) <= 1 else 0


def _cyborg_friend(s: State, p: int) -> int:
    return sum(1 for c in _bench_all(s, p) if c == CYBORG)


def _mechanic(s: State, p: int) -> int:
    return sum(1 for c in _bench_all(s, opponent(s, p)) if LEVEL[c] == LEVEL_B)


def _autocorrect(s: State, p: int) -> int:
    return -_icons(s, opponent(s, p))


# ---- attack-only bonuses ----
def _knight(s: State, p: int) -> int:
    return len(s.trophies[opponent(s, p)])


def _gangster(s: State, p: int) -> int:
    return 2


# ---- flag-possession bonuses (live) ----
def _skeleton(s: State, p: int) -> int:
    return 1


def _treasure(s: State, p: int) -> int:
    return 2


def _illusionist(s: State, p: int) -> int:
    return BENCH_SEATS - len(s.benches[p])


# ---- effects when revealed ----
def _look_two(s: State, p: int, rng: random.Random) -> bool:
    if len(s.draws[p]) < 2:
        return False
    learn_top(s, p, 2)
    _pend(s, K_LOOK2, p)
    return True


def _look_three(s: State, p: int, rng: random.Random) -> bool:
    if len(s.draws[p]) < 2:  # two cards are still two orders to choose from
        return False
    learn_top(s, p, 3)
    _pend(s, K_ORDER, p)
    return True


def _fan_bus(s: State, p: int, rng: random.Random) -> bool:
    return _gain_fans(s, p, 2, len(s.trophies[p]) <= 3)


def _sorcerer(s: State, p: int, rng: random.Random) -> bool:
    return _offer(s, K_EXH_LE3, p, any(base_power(s, c) <= 3 for c in bench_types(s, p)))


def _movie_star(s: State, p: int, rng: random.Random) -> bool:
    return _offer(s, K_NEWCOMER_TOP, p,
                  any(NAME[c] == NEWCOMER_NAME for c in bench_types(s, p)), 2)


def _exhaust_two(s: State, p: int, rng: random.Random) -> bool:
    return _offer(s, K_EXH_UPTO, p, bool(s.benches[p]), 2)


def _pyrotechnician(s: State, p: int, rng: random.Random) -> bool:
    return _gain_fans(s, p, 2, len(s.draws[p]) <= 1)


def _ghost(s: State, p: int, rng: random.Random) -> bool:
    q = opponent(s, p)
    if not s.draws[q]:
        return False
    s.exhausted[q].append(s.draws[q].pop() & 127)
    return True


def _necromancer(s: State, p: int, rng: random.Random) -> bool:
    return _offer(s, K_TOP_POW2, p, any(base_power(s, c) == 2 for c in bench_types(s, p)))


def _vampire(s: State, p: int, rng: random.Random) -> bool:
    return _offer(s, K_TOP_LVLB, p, any(LEVEL[c] == LEVEL_B for c in bench_types(s, p)))


def _gain_from_pile(s: State, p: int, pile: int, rng: random.Random, bottom: bool) -> bool:
    card = draw_from_pile(s, pile, rng)
    if card < 0:
        return False
    s.hidden_adds[p][pile] += 1
    if bottom:
        s.draws[p].insert(0, card)
    else:
        s.draws[p].append(card)
    return True


def _villain(s: State, p: int, rng: random.Random) -> bool:
    return _gain_from_pile(s, p, 0, rng, bottom=False)


def _ufo(s: State, p: int, rng: random.Random) -> bool:
    first = _gain_from_pile(s, p, 0, rng, bottom=True)
    return _gain_from_pile(s, p, 0, rng, bottom=True) or first


def _hologram(s: State, p: int, rng: random.Random) -> bool:
    return _gain_from_pile(s, opponent(s, p), 1, rng, bottom=False)


def _robogram(s: State, p: int, rng: random.Random) -> bool:
    return _gain_from_pile(s, opponent(s, p), 0, rng, bottom=False)


def _search_deck(s: State, p: int, kind: int) -> bool:
    """p looks through their whole deck to choose a card for `kind` (not with an empty deck)."""
    if not s.draws[p]:
        return False
    learn_all(s, p)
    _pend(s, kind, p)
    return True


def _sailor(s: State, p: int, rng: random.Random) -> bool:
    return _search_deck(s, p, K_BOTTOM_ANY)


def _siren(s: State, p: int, rng: random.Random) -> bool:
    return _offer(s, K_SIREN, p, bool(s.benches[opponent(s, p)]))


def _submarine(s: State, p: int, rng: random.Random) -> bool:
    if not s.draws[p]:
        return False
    s.exhausted[p].append(s.draws[p].pop(0) & 127)
    return True


def _drone(s: State, p: int, rng: random.Random) -> bool:
    q = opponent(s, p)
    return _offer(s, K_DRONE, q, bool(s.benches[q]))


def _necromech(s: State, p: int, rng: random.Random) -> bool:
    q = opponent(s, p)
    return _offer(s, K_NECROMECH, q, any(base_power(s, c) == 2 for c in bench_types(s, q)))


# ---- when the card gets the flag ----
def _clown(s: State, p: int, rng: random.Random) -> bool:
    return _gain_fans(s, p, 2, True)


def _heroine(s: State, p: int, rng: random.Random) -> bool:
    return _gain_fans(s, p, 3, True)


def _cowboy(s: State, p: int, rng: random.Random) -> bool:
    q = opponent(s, p)
    if not s.draws[q]:
        return False
    code = s.draws[q].pop()
    if not bench_card(s, q, code & 127):
        s.draws[q].append(code)  # no seat: it stays, and q loses the match
        s.loser = q
    elif AURA[code & 127]:
        tally(s, q, code & 127)  # a bench aura starts to apply
    return True


# ---- when the card loses the flag ----
def _prince(s: State, p: int, rng: random.Random) -> bool:
    s.exhausted[p].append(s.in_play[p].pop())
    s.play_bonus[p].pop()
    s.play_attack[p].pop()
    return True


def _comic(s: State, p: int, rng: random.Random) -> bool:
    s.next_attack_bonus[p] += 2
    return True


def _clairvoyant(s: State, p: int, rng: random.Random) -> bool:
    return _search_deck(s, p, K_TOP_ANY)


def _rescue_pod(s: State, p: int, rng: random.Random) -> bool:
    pod = s.in_play[p].pop()
    s.play_bonus[p].pop()
    s.play_attack[p].pop()
    to_box(s, pod)
    if pod in s.match_public[p]:
        s.match_public[p].remove(pod)
    else:  # it had come unseen from the A pile; now everyone saw it leave
        s.hidden_adds[p][0] -= 1
    card = draw_from_pile(s, 1, rng)
    if card >= 0:
        s.exhausted[p].append(card)
        s.match_public[p].append(card)
    return True


def _chatbot(s: State, p: int, rng: random.Random) -> bool:
    return _gain_fans(s, opponent(s, p), 1, True)


EFFECTS: dict[str, Effect] = {
    "Reporter": Effect("reveal", "looks at the top two cards; one goes on top, the other under"),
    "Mascot": Effect("reveal", "+1 per different set icon on your bench"),
    "Fan-Bus": Effect("reveal", "gain 2 fans if you hold at most three trophies"),
    "Jester": Effect("reveal", "+3 if your bench shows a card of base power 1"),
    "Stable Boy": Effect("reveal", "+1 per card of base power 3 on your bench"),
    "Hermit": Effect("reveal", "+2 if no City card is on your bench"),
    "Blacksmith": Effect("bench", "your City cards get +1"),
    "Knight": Effect("attack", "+1 per trophy your opponent holds, while attacking"),
    "Sorcerer": Effect("reveal", "may exhaust one of your benched cards of base power 3 or less"),
    "Bard": Effect("bench", "each of your attacking cards gets +1"),
    "Prince": Effect("flag_loss", "goes to your exhaust pile instead of the bench"),
    "Make-Up Artist": Effect("bench", "your base-power-1 cards get +2 while attacking"),
    "Movie Star": Effect("reveal", "may move up to two benched Newcomers onto your deck"),
    "Gangster": Effect("attack", "+2 while attacking"),
    "Cowboy": Effect("flag_gain", "on taking the flag: opponent benches their deck's top card"),
    "Director": Effect("bench", "your Film Studio cards get +1 while attacking"),
    "Comic Character": Effect("flag_loss", "your next revealed card gets +2 in its attack"),
    "Heroine": Effect("flag_gain", "on taking the flag: gain 3 fans"),
    "Villain": Effect("reveal", "the A pile's top card goes unseen onto your deck"),
    "Clown": Effect("flag_gain", "on taking the flag: gain 2 fans"),
    "Juggler": Effect("reveal", "look at your top three cards and put them back in any order"),
    "Vendor": Effect("bench", "your Funfair cards get +1"),
    "Mime": Effect("reveal", "+1 per empty seat of your bench"),
    "Pyrotechnician": Effect("reveal", "gain 2 fans if at most one card is left in your deck"),
    "Clairvoyant": Effect("flag_loss", "search your deck and put a card of your choice on top"),
    "Illusionist": Effect("flag", "+1 per empty seat of your bench while holding the flag"),
    "Bumper Car": Effect("reveal", "look at your top three cards and put them back in any order"),
    "Butler": Effect("reveal", "may exhaust up to two of your benched cards"),
    "Skeleton": Effect("flag", "+1 while holding the flag"),
    "Ghost": Effect("reveal", "opponent exhausts the top card of their deck"),
    "Teenager": Effect("reveal", "+1 per Haunted House card on your bench"),
    "Necromancer": Effect("reveal", "a benched card of base power 2 goes back onto your deck"),
    "Vampire": Effect("reveal", "a benched level-B card goes back onto your deck"),
    "Vacuum Cleaner": Effect("reveal", "may exhaust up to two of your benched cards"),
    "Rescue Pod": Effect("flag_loss", "leaves the game; the B pile's top card joins your exhaust"),
    "Shapeshifter": Effect("picked", "may give up a deck card to take one more from the offer"),
    "A.I.": Effect("bench", "your base-power-2 cards get +1"),
    "Band": Effect("bench", "your Outer Space cards get +1"),
    "UFO": Effect("reveal", "the A pile's top two cards go unseen under your deck"),
    "Clones": Effect("picked", "gain 1 fan"),
    "Hologram": Effect("reveal", "the B pile's top card goes unseen onto your opponent's deck"),
    "Sci-Fi Geek": Effect("picked", "may give up two Outer Space cards to take one more"),
    "Merman": Effect("reveal", "+3 if a Shipwreck card is on your bench"),
    "Treasure": Effect("flag", "+2 while holding the flag"),
    "Sailor": Effect("reveal", "search your deck and put a card of your choice at the bottom"),
    "Cook": Effect("bench", "your flag-holding card gets +1"),
    "Lifeguard": Effect("reveal", "+2 if at most one card is left in your deck"),
    "Navigator": Effect("flag_loss", "look at the top two cards; one goes on top, one under"),
    "Siren": Effect("reveal", "may exhaust one card from your opponent's bench"),
    "Submarine": Effect("reveal", "the bottom card of your deck goes to your exhaust pile"),
    "Cyborg": Effect("reveal", "base power equals the round number"),
    "Virtual Ghost": Effect("reveal", "the robot's opponent exhausts their deck's top card"),
    "Cyborg-Friend": Effect("reveal", "+1 per Cyborg on the robot's bench"),
    "Mechanic": Effect("reveal", "+1 per level-B card on the opponent's bench"),
    "Robo-Knight": Effect("attack", "+1 per trophy of the robot's opponent, while attacking"),
    "Drone": Effect("reveal", "the robot's opponent exhausts one of their benched cards"),
    "Necromech": Effect("reveal", "the opponent may put a benched power-2 card onto their deck"),
    "Robogram": Effect("reveal", "the A pile's top card goes unseen onto the opponent's deck"),
    "Chatbot": Effect("flag_loss", "the robot's opponent gains 1 fan"),
    "Autocorrect": Effect("reveal", "-1 per different set icon on the opponent's bench"),
}

_REVEAL_BONUS: dict[str, Bonus] = {
    "Mascot": _mascot, "Jester": _jester, "Stable Boy": _stable_boy, "Hermit": _hermit,
    "Mime": _mime, "Teenager": _teenager, "Merman": _merman, "Lifeguard": _lifeguard,
    "Cyborg-Friend": _cyborg_friend, "Mechanic": _mechanic, "Autocorrect": _autocorrect,
}
_ATTACK_BONUS: dict[str, Bonus] = {
    "Knight": _knight, "Robo-Knight": _knight, "Gangster": _gangster,
}
_FLAG_BONUS: dict[str, Bonus] = {
    "Skeleton": _skeleton, "Treasure": _treasure, "Illusionist": _illusionist,
}
_ON_REVEAL: dict[str, Handler] = {
    "Reporter": _look_two, "Fan-Bus": _fan_bus, "Sorcerer": _sorcerer,
    "Movie Star": _movie_star, "Villain": _villain, "Juggler": _look_three,
    "Bumper Car": _look_three, "Pyrotechnician": _pyrotechnician, "Butler": _exhaust_two,
    "Vacuum Cleaner": _exhaust_two, "Ghost": _ghost, "Virtual Ghost": _ghost,
    "Necromancer": _necromancer, "Vampire": _vampire, "UFO": _ufo, "Hologram": _hologram,
    "Robogram": _robogram, "Sailor": _sailor, "Siren": _siren, "Submarine": _submarine,
    "Drone": _drone, "Necromech": _necromech,
}
_ON_FLAG_GAIN: dict[str, Handler] = {"Clown": _clown, "Heroine": _heroine, "Cowboy": _cowboy}
_ON_FLAG_LOSS: dict[str, Handler] = {
    "Prince": _prince, "Comic Character": _comic, "Clairvoyant": _clairvoyant,
    "Rescue Pod": _rescue_pod, "Navigator": _look_two, "Chatbot": _chatbot,
}
_AURA: dict[str, int] = {
    "Blacksmith": AURA_BLACKSMITH, "Bard": AURA_BARD, "Make-Up Artist": AURA_MAKEUP,
    "Director": AURA_DIRECTOR, "Vendor": AURA_VENDOR, "A.I.": AURA_AI, "Band": AURA_BAND,
    "Cook": AURA_COOK,
}
PICKED_FAN, PICKED_COST_ANY, PICKED_COST_SPACE = 1, 2, 3
_PICKED: dict[str, int] = {
    "Clones": PICKED_FAN, "Shapeshifter": PICKED_COST_ANY, "Sci-Fi Geek": PICKED_COST_SPACE,
}


def _table(registry: dict[str, Any]) -> tuple[Any, ...]:
    return tuple(registry.get(c.name) for c in CARDS)


REVEAL_BONUS: tuple[Bonus | None, ...] = _table(_REVEAL_BONUS)
ATTACK_BONUS: tuple[Bonus | None, ...] = _table(_ATTACK_BONUS)
FLAG_BONUS: tuple[Bonus | None, ...] = _table(_FLAG_BONUS)
ON_REVEAL: tuple[Handler | None, ...] = _table(_ON_REVEAL)
ON_FLAG_GAIN: tuple[Handler | None, ...] = _table(_ON_FLAG_GAIN)
ON_FLAG_LOSS: tuple[Handler | None, ...] = _table(_ON_FLAG_LOSS)
AURA: tuple[int, ...] = tuple(_AURA.get(c.name, AURA_NONE) for c in CARDS)
PICKED: tuple[int, ...] = tuple(_PICKED.get(c.name, 0) for c in CARDS)
# how many deck cards a "when picked" cost removes (0: no cost)
COST: tuple[int, ...] = tuple({PICKED_COST_ANY: 1, PICKED_COST_SPACE: 2}.get(k, 0) for k in PICKED)


def pays_for(card: int, payment: int) -> bool:
    """Whether `payment` may be removed to pay `card`'s "when picked" cost."""
    return PICKED[card] == PICKED_COST_ANY or (
        PICKED[card] == PICKED_COST_SPACE and CARDS[payment].set == "outer_space")


def _check_registry() -> None:
    """Every card with a printed effect has exactly one encoding (run at import)."""
    names = {c.name for c in CARDS if c.trigger != "none"}
    assert names == set(EFFECTS), names ^ set(EFFECTS)
    coded = (set(_REVEAL_BONUS) | set(_ATTACK_BONUS) | set(_FLAG_BONUS) | set(_ON_REVEAL)
             | set(_ON_FLAG_GAIN) | set(_ON_FLAG_LOSS) | set(_AURA) | set(_PICKED) | {"Cyborg"})
    assert coded == names, coded ^ names


_check_registry()
