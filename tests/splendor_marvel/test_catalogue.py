"""The shipped catalogue: counts, rulebook facts, and agreement with shared/data."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from games.splendor_marvel.catalogue import (
    CARDS,
    LOCATIONS,
    SUPPLY,
    TILES,
    card_by_name,
)

ROOT = Path(__file__).resolve().parents[2]


def test_ninety_cards_forty_thirty_twenty() -> None:
    assert len(CARDS) == 90
    assert Counter(c.level for c in CARDS) == {1: 40, 2: 30, 3: 20}
    per_colour = Counter((c.level, c.bonus) for c in CARDS)
    for (level, _), n in per_colour.items():
        assert n == {1: 8, 2: 6, 3: 4}[level]
    assert all(c.time_stone == (c.level == 3) for c in CARDS)


def test_eight_location_sides_on_four_tiles() -> None:
    assert len(LOCATIONS) == 8
    assert sorted(TILES) == [1, 2, 3, 4] and all(len(s) == 2 for s in TILES.values())
    assert all(side.points == 3 for side in LOCATIONS)


def test_supply_by_player_count() -> None:
    assert [(s.each_colour, s.green, s.grey, s.locations) for s in SUPPLY.values()] == [
        (4, 2, 5, 2),
        (5, 3, 5, 3),
        (7, 4, 5, 4),
    ]


def test_rulebook_cards() -> None:
    assert card_by_name("Rocket").cost == (1, 0, 0, 2, 0)
    assert card_by_name("Wasp").avengers == 1
    assert card_by_name("Captain America").avengers == 2


@pytest.mark.skipif(not (ROOT.parent / "shared" / "data").is_dir(), reason="no shared/ here")
def test_shipped_catalogue_is_current() -> None:
    script = ROOT / "scripts" / "build_splendor_catalogue.py"
    done = subprocess.run([sys.executable, str(script), "--check"], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
