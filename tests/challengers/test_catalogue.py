"""The shipped catalogue: up to date with the shared data, and the box's counts."""

from __future__ import annotations

import importlib.util
import json
from collections import Counter
from pathlib import Path

import pytest

from games.challengers.catalogue import CARDS, PATH, ROBOT_DECK, STARTER_DECK, pile_cards
from games.challengers.effects import EFFECTS

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared" / "data" / "challengers.json"


@pytest.mark.skipif(not SHARED.exists(), reason="../shared is absent")
def test_shipped_catalogue_equals_what_the_script_builds() -> None:
    spec = importlib.util.spec_from_file_location(
        "build", ROOT / "scripts" / "build_challengers_catalogue.py")
    assert spec and spec.loader
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    expected = build.render(build.build(json.loads(SHARED.read_text(encoding="utf-8"))))
    assert PATH.read_text(encoding="utf-8") == expected


def test_catalogue_keeps_no_printed_effect_text() -> None:
    raw = json.loads(PATH.read_text(encoding="utf-8"))
    assert all("effect" not in card for card in raw["cards"])


def test_counts_starter_city_and_sets() -> None:
    assert len(STARTER_DECK) == 6
    per_set = Counter()
    for card in CARDS:
        if card.set not in ("starter", "robot"):
            per_set[card.set] += card.copies
    assert per_set["city"] == 20
    for name in ("castle", "film_studio", "funfair", "haunted_house", "outer_space",
                 "shipwreck"):
        assert per_set[name] == 40
    assert len(ROBOT_DECK) == 8


def test_level_piles_hold_city_and_the_five_sets() -> None:
    sets = ("castle", "film_studio", "funfair", "haunted_house", "outer_space")
    assert sum(len(p) for p in pile_cards(sets)) == 20 + 5 * 40


def test_every_card_with_a_text_has_an_effect_of_ours() -> None:
    assert {c.name for c in CARDS if c.trigger != "none"} == set(EFFECTS)


def test_every_card_with_an_effect_has_words_and_no_vanilla_card_does() -> None:
    from games.challengers.catalogue import CARDS
    from games.challengers.texts import EFFECT, EFFECTS

    assert set(EFFECTS) <= {card.id for card in CARDS}
    for card in CARDS:
        has_effect = card.trigger != "none" or card.power < 0  # the Cyborg's power is the round
        assert bool(EFFECT[card.index]) == has_effect, card.id
