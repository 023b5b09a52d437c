"""The shipped card catalogue, loaded once into flat lookup tables indexed by card type."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

PATH = Path(__file__).with_name("catalogue.json")
LEVELS = ("S", "A", "B", "C", "R", "SOLO")
LEVEL_S, LEVEL_A, LEVEL_B, LEVEL_C = 0, 1, 2, 3
PILE_LEVELS = ("A", "B", "C")  # pile index 0, 1, 2 is level index 1, 2, 3


@dataclass(frozen=True, slots=True)
class CardType:
    """One card of the catalogue (a kind of card, not a physical copy)."""

    index: int
    id: str
    name: str
    key: str
    set: str
    icon: str
    level: str
    power: int  # -1 when the power is the round number (Cyborg)
    copies: int
    trigger: str
    flag_gain: bool


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def _load() -> dict[str, Any]:
    with PATH.open(encoding="utf-8") as handle:
        return json.load(handle)


RAW = _load()
ROUNDS: int = RAW["rounds"]
BENCH_SEATS: int = RAW["bench_seats"]
OFFER_SIZE: int = RAW["offer_size"]
FAN_LEAD: int = RAW["fan_lead"]
OPTIONAL_SETS: tuple[str, ...] = tuple(RAW["optional_sets"])
SETS_PER_GAME: int = RAW["sets_per_game"]
SET_NAMES: dict[str, str] = {s["id"]: s["name"] for s in RAW["sets"]}
_ICON_OF_SET: dict[str, str] = {s["id"]: s["icon"] for s in RAW["sets"]}
ICONS: tuple[str, ...] = tuple(dict.fromkeys(_ICON_OF_SET.values()))

# draft options per round: tuple of (pile index 0..2, number of picks)
SCHEDULE: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((PILE_LEVELS.index(pile), picks) for pile, picks in options)
    for options in RAW["draft_schedule"]
)
TROPHY_FANS: tuple[tuple[int, ...], ...] = tuple(tuple(v) for v in RAW["trophy_fans"])
PAIRINGS: dict[str, tuple[tuple[int, ...], ...]] = {
    k: tuple(tuple(row) for row in v) for k, v in RAW["pairings"].items()
}


def _build_types() -> tuple[CardType, ...]:
    names: dict[str, int] = {}
    for card in RAW["cards"]:
        names[card["name"]] = names.get(card["name"], 0) + 1
    out = []
    for i, card in enumerate(RAW["cards"]):
        key = _slug(card["name"])
        if names[card["name"]] > 1:
            key += "@" + card["level"].lower()
        out.append(CardType(
            index=i, id=card["id"], name=card["name"], key=key, set=card["set"],
            icon=_ICON_OF_SET[card["set"]], level=card["level"],
            power=-1 if card["power"] is None else card["power"], copies=card["copies"],
            trigger=card["trigger"], flag_gain=bool(card["flag_gain"]),
        ))
    return tuple(out)


CARDS: tuple[CardType, ...] = _build_types()
NUM_TYPES = len(CARDS)
assert NUM_TYPES < 128, "card codes pack the type in 7 bits"

# flat per-type tables (hot paths index these instead of touching CardType objects)
POWER: tuple[int, ...] = tuple(c.power for c in CARDS)
LEVEL: tuple[int, ...] = tuple(LEVELS.index(c.level) for c in CARDS)
ICON: tuple[int, ...] = tuple(ICONS.index(c.icon) for c in CARDS)
SET_OF: tuple[str, ...] = tuple(c.set for c in CARDS)
_NAMES: tuple[str, ...] = tuple(dict.fromkeys(c.name for c in CARDS))
NAME_ID: tuple[int, ...] = tuple(_NAMES.index(c.name) for c in CARDS)
NAME: tuple[str, ...] = tuple(c.name for c in CARDS)
KEY: tuple[str, ...] = tuple(c.key for c in CARDS)
BY_KEY: dict[str, int] = {c.key: c.index for c in CARDS}
ICON_CITY = ICONS.index(_ICON_OF_SET["city"])
ICON_OF: dict[str, int] = {sid: ICONS.index(icon) for sid, icon in _ICON_OF_SET.items()}


def type_of(name: str, set_id: str | None = None) -> int:
    """Index of the card type called `name` (in `set_id` when given); raises KeyError."""
    for c in CARDS:
        if c.name == name and (set_id is None or c.set == set_id):
            return c.index
    raise KeyError(name)


STARTER_DECK: tuple[int, ...] = tuple(type_of(n, "starter") for n in RAW["starter_deck"])
ROBOT_DECK: tuple[int, ...] = tuple(type_of(n, "robot") for n in RAW["robot_deck"])


def pile_cards(sets: tuple[str, ...]) -> tuple[list[int], list[int], list[int]]:
    """Every copy of the A, B and C cards of City and `sets` (unshuffled)."""
    piles: tuple[list[int], list[int], list[int]] = ([], [], [])
    for c in CARDS:
        if (c.set == "city" or c.set in sets) and c.level in PILE_LEVELS:
            piles[PILE_LEVELS.index(c.level)].extend([c.index] * c.copies)
    return piles


def pairings_for(participants: int) -> tuple[tuple[int, ...], ...]:
    """The park of each plan (participant) in each round, for an even table size."""
    key = {2: "1-2", 4: "3-4", 6: "5-6", 8: "7-8"}[participants]
    return PAIRINGS[key]
