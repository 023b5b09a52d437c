"""Build games/challengers/catalogue.json from the shared Challengers! data.

Reads ``../shared/data/challengers.json`` (relative to the repository root) and writes the
project's own catalogue: facts only (names, sets, levels, powers, copies, triggers and the
tournament structure). Printed effect texts are not copied; the engine encodes effects itself.

Usage: ``python scripts/build_challengers_catalogue.py [--check]``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT.parent / "shared" / "data" / "challengers.json"
TARGET = ROOT / "games" / "challengers" / "catalogue.json"

SET_ORDER = (
    "starter", "city", "castle", "film_studio", "funfair",
    "haunted_house", "outer_space", "shipwreck", "robot",
)
OPTIONAL_SETS = ("castle", "film_studio", "funfair", "haunted_house", "outer_space", "shipwreck")


def build(source: dict[str, Any]) -> dict[str, Any]:
    """Return the project catalogue built from the shared data (a plain JSON-able dict)."""
    structure = source["structure"]
    sets = [
        {"id": s["id"], "name": s["name"].split(" (")[0], "icon": s["icon"]}
        for s in sorted(source["sets"], key=lambda s: SET_ORDER.index(s["id"]))
    ]
    cards = []
    for card in source["cards"]:
        cards.append({
            "id": card["id"],
            "name": card["name"],
            "set": card["set"],
            "level": card["level"],
            "power": card["power"],
            "copies": card["copies"],
            "trigger": card["trigger"],
            "flag_gain": card.get("resolves_on") == "flag_gain",
        })
    fans = structure["trophy_fans_per_round"]
    schedule = [
        [[opt["pile"], opt["pick"]] for opt in entry["options"]]
        for entry in sorted(structure["draft_schedule"], key=lambda e: e["round"])
    ]
    pairings = {k: v for k, v in structure["pairings"].items() if k != "note"}
    return {
        "game": "challengers",
        "box": source["box"],
        "rounds": structure["rounds"],
        "bench_seats": structure["match"]["bench_seats"],
        "offer_size": structure["deck_phase"]["draw"],
        "fan_lead": 11,
        "optional_sets": list(OPTIONAL_SETS),
        "sets_per_game": 5,
        "sets": sets,
        "starter_deck": structure["starting_deck"],
        "robot_deck": structure["robot"]["level_1_deck"],
        "draft_schedule": schedule,
        "trophy_fans": [fans[str(r)] for r in range(1, structure["rounds"] + 1)],
        "pairings": pairings,
        "cards": cards,
    }


def render(catalogue: dict[str, Any]) -> str:
    """The exact text written to catalogue.json."""
    return json.dumps(catalogue, indent=1, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Write the catalogue (or, with --check, report whether it is up to date)."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--check", action="store_true", help="only compare, do not write")
    args = parser.parse_args(argv)
    if not SOURCE.exists():
        parser.error(f"{SOURCE} is missing: the card facts come from the shared folder beside "
                     "the repository (../shared); put it there")
    text = render(build(json.loads(SOURCE.read_text(encoding="utf-8"))))
    if args.check:
        same = TARGET.exists() and TARGET.read_text(encoding="utf-8") == text
        print("up to date" if same else "stale")
        return 0 if same else 1
    TARGET.write_text(text, encoding="utf-8")
    print(f"wrote {TARGET.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
