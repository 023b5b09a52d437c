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
Handler = Callable[[State, int, random.Random], None]


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


def _pend(s: State, kind: int, who: int, data: int = 0) -> None:
    s.pending_kind, s.pending_participant, s.pending_data = kind, who, data


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
def _look_two(s: State, p: int, rng: random.Random) -> None:
    if len(s.draws[p]) >= 2:
        learn_top(s, p, 2)
        _pend(s, K_LOOK2, p)


def _look_three(s: State, p: int, rng: random.Random) -> None:
    if len(s.draws[p]) >= 2:  # two cards are still two orders to choose from
        learn_top(s, p, 3)
        _pend(s, K_ORDER, p)


def _fan_bus(s: State, p: int, rng: random.Random) -> None:
    if len(s.trophies[p]) <= 3:
        s.fans[p] += 2


def _sorcerer(s: State, p: int, rng: random.Random) -> None:
    if any(base_power(s, c) <= 3 for c in bench_types(s, p)):
        _pend(s, K_EXH_LE3, p)


def _movie_star(s: State, p: int, rng: random.Random) -> None:
    if any(NAME[c] == NEWCOMER_NAME for c in bench_types(s, p)):
        _pend(s, K_NEWCOMER_TOP, p, 2)


def _exhaust_two(s: State, p: int, rng: random.Random) -> None:
    if s.benches[p]:
        _pend(s, K_EXH_UPTO, p, 2)


def _pyrotechnician(s: State, p: int, rng: random.Random) -> None:
    if len(s.draws[p]) <= 1:
        s.fans[p] += 2


def _ghost(s: State, p: int, rng: random.Random) -> None:
    q = opponent(s, p)
    if s.draws[q]:
        s.exhausted[q].append(s.draws[q].pop() & 127)


def _necromancer(s: State, p: int, rng: random.Random) -> None:
    if any(base_power(s, c) == 2 for c in bench_types(s, p)):
        _pend(s, K_TOP_POW2, p)


def _vampire(s: State, p: int, rng: random.Random) -> None:
    if any(LEVEL[c] == LEVEL_B for c in bench_types(s, p)):
        _pend(s, K_TOP_LVLB, p)


def _gain_from_pile(s: State, p: int, pile: int, rng: random.Random, bottom: bool) -> None:
    card = draw_from_pile(s, pile, rng)
    if card < 0:
        return
    s.hidden_adds[p][pile] += 1
    if bottom:
        s.draws[p].insert(0, card)
    else:
        s.draws[p].append(card)


def _villain(s: State, p: int, rng: random.Random) -> None:
    _gain_from_pile(s, p, 0, rng, bottom=False)


def _ufo(s: State, p: int, rng: random.Random) -> None:
    _gain_from_pile(s, p, 0, rng, bottom=True)
    _gain_from_pile(s, p, 0, rng, bottom=True)


def _hologram(s: State, p: int, rng: random.Random) -> None:
    _gain_from_pile(s, opponent(s, p), 1, rng, bottom=False)


def _robogram(s: State, p: int, rng: random.Random) -> None:
    _gain_from_pile(s, opponent(s, p), 0, rng, bottom=False)


def _sailor(s: State, p: int, rng: random.Random) -> None:
    if s.draws[p]:
        learn_all(s, p)
        _pend(s, K_BOTTOM_ANY, p)


def _siren(s: State, p: int, rng: random.Random) -> None:
    if s.benches[opponent(s, p)]:
        _pend(s, K_SIREN, p)


def _submarine(s: State, p: int, rng: random.Random) -> None:
    if s.draws[p]:
        s.exhausted[p].append(s.draws[p].pop(0) & 127)


def _drone(s: State, p: int, rng: random.Random) -> None:
    q = opponent(s, p)
    if s.benches[q]:
        _pend(s, K_DRONE, q)


def _necromech(s: State, p: int, rng: random.Random) -> None:
    q = opponent(s, p)
    if any(base_power(s, c) == 2 for c in bench_types(s, q)):
        _pend(s, K_NECROMECH, q)


# ---- when the card gets the flag ----
def _clown(s: State, p: int, rng: random.Random) -> None:
    s.fans[p] += 2


def _heroine(s: State, p: int, rng: random.Random) -> None:
    s.fans[p] += 3


def _cowboy(s: State, p: int, rng: random.Random) -> None:
    q = opponent(s, p)
    if s.draws[q]:
        code = s.draws[q].pop()
        if not bench_card(s, q, code & 127):
            s.draws[q].append(code)  # no seat: it stays, and q loses the match
            s.loser = q


# ---- when the card loses the flag ----
def _prince(s: State, p: int, rng: random.Random) -> None:
    s.exhausted[p].append(s.in_play[p].pop())
    s.play_bonus[p].pop()
    s.play_attack[p].pop()


def _comic(s: State, p: int, rng: random.Random) -> None:
    s.next_attack_bonus[p] += 2


def _clairvoyant(s: State, p: int, rng: random.Random) -> None:
    if s.draws[p]:
        learn_all(s, p)
        _pend(s, K_TOP_ANY, p)


def _rescue_pod(s: State, p: int, rng: random.Random) -> None:
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


def _chatbot(s: State, p: int, rng: random.Random) -> None:
    s.fans[opponent(s, p)] += 1


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
