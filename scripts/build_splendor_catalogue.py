"""Build the shipped Splendor: Marvel catalogue from the shared card facts.

Usage: python scripts/build_splendor_catalogue.py [--shared DIR] [--check]

Reads `<shared>/data/splendor_marvel.json` (default: `../shared` beside the repository) and
writes `games/splendor_marvel/catalogue.json`, keeping only the facts the engine needs. With
`--check` it writes nothing and exits 1 when the shipped file differs from what it would write.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SHARED = ROOT.parent / "shared"
TARGET = ROOT / "games" / "splendor_marvel" / "catalogue.json"
COLOURS = ("yellow", "purple", "blue", "red", "orange")


def build(source: dict[str, Any]) -> dict[str, Any]:
    """The catalogue: colours, supply table, scoring constants, cards and location sides."""
    if tuple(source["colors"]) != COLOURS:
        raise ValueError(f"unexpected colour order {source['colors']}")
    cards = [
        {
            "id": card["id"],
            "level": card["level"],
            "name": card["name"],
            "bonus": card["bonus"],
            "cost": [card["cost"].get(colour, 0) for colour in COLOURS],
            "points": card["points"],
            "avengers": card["avengers"],
            "time_stone": card["time_stone"],
        }
        for card in sorted(source["characters"], key=lambda c: c["id"])
    ]
    locations = [
        {
            "tile": side["tile"],
            "side": side["side"],
            "name": side["name"],
            "requires": [side["requires"].get(colour, 0) for colour in COLOURS],
            "points": side["points"],
        }
        for side in sorted(source["location_tiles"], key=lambda s: (s["tile"], s["side"]))
    ]
    return {
        "source": "shared/data/splendor_marvel.json",
        "colours": list(COLOURS),
        "colour_names": source["color_names"],
        "supply_by_players": source["supply_by_players"],
        "avengers_tile_points": source["avengers_tile_points"],
        "location_points": source["location_points"],
        "gauntlet_points": source["gauntlet_points"],
        "cards": cards,
        "locations": locations,
    }


def render(catalogue: dict[str, Any]) -> str:
    """Stable JSON text of the catalogue."""
    return json.dumps(catalogue, indent=1, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=DEFAULT_SHARED)
    parser.add_argument("--check", action="store_true", help="only compare with the shipped file")
    args = parser.parse_args(argv)
    path = args.shared / "data" / "splendor_marvel.json"
    if not path.exists():
        parser.error(f"{path} is missing: the card facts come from the shared folder beside the "
                     "repository (../shared); put it there or name it with --shared DIR")
    source = json.loads(path.read_text("utf-8"))
    text = render(build(source))
    if args.check:
        current = TARGET.read_text("utf-8") if TARGET.exists() else ""
        if current != text:
            print(f"{TARGET} is out of date; run scripts/build_splendor_catalogue.py")
            return 1
        return 0
    TARGET.write_text(text, "utf-8")
    print(f"wrote {TARGET} ({len(text)} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
