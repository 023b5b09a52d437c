"""A readable text picture of the table as one seat sees it."""

from __future__ import annotations

from games.splendor_marvel.catalogue import (
    AVENGERS_TAGS_NEEDED,
    AVENGERS_TILE_POINTS,
    CARD,
    COLOUR_KEYS,
    COLOUR_LETTERS,
    COLOUR_NAMES,
    GAUNTLET_POINTS,
    LOCATION_POINTS,
    LOCATIONS,
    MAX_TOKENS,
    SLOTS_PER_LEVEL,
)
from games.splendor_marvel.observation import Observation, observe
from games.splendor_marvel.state import SplendorState

WIDTH = 100
"""Lines of locations and of the key wrap before this width."""

LEGEND = (
    "Key:",
    f"{' '.join(COLOUR_LETTERS[:5])}: {' '.join(COLOUR_NAMES[k] for k in COLOUR_KEYS[:5])};",
    f"{COLOUR_LETTERS[5]} green {COLOUR_NAMES[COLOUR_KEYS[5]]}, pays nothing;",
    f"{COLOUR_LETTERS[6]} grey {COLOUR_NAMES[COLOUR_KEYS[6]]}, pays any colour;",
    f"at most {MAX_TOKENS} tokens;", "[colour] bonus;", "pt points;", "* Avengers tag;",
    "cost before bonuses;", "(blind) face down.",
    f"Avengers tile: {AVENGERS_TILE_POINTS}pt, {AVENGERS_TAGS_NEEDED}+ tags, most tags take it.",
    f"Gauntlet: {GAUNTLET_POINTS}pt, every colour, green.",
)
"""What the board's letters and marks mean, printed under it."""


def _counts(values: tuple[int, ...]) -> str:
    return " ".join(f"{COLOUR_LETTERS[k]}{n}" for k, n in enumerate(values))


def _wrapped(words: tuple[str, ...] | list[str], indent: str = "     ") -> list[str]:
    """`words` joined by spaces into lines shorter than WIDTH; an item is never split."""
    lines = [words[0]]
    for word in words[1:]:
        if len(lines[-1]) + 1 + len(word) < WIDTH:
            lines[-1] += " " + word
        else:
            lines.append(indent + word)
    return lines


def _cost(counts: tuple[int, ...]) -> str:
    """Counts by colour as "4Y4O", colours with none left out."""
    return "".join(f"{n}{COLOUR_LETTERS[c]}" for c, n in enumerate(counts) if n)


def _card(card_id: int) -> str:
    card = CARD[card_id]
    assert card is not None
    tags = "*" * card.avengers
    return (f"#{card.id} {card.name} [{COLOUR_KEYS[card.bonus]}] {card.points}pt{tags} "
            f"cost {_cost(card.cost)}")


def render(view: SplendorState | Observation, seat: int | None = None) -> str:
    """The table seen by `seat` (default: the seat to move, or the observation's own seat)."""
    if isinstance(view, SplendorState):
        view = observe(view, view.current if seat is None else seat)
    obs = view
    lines = [
        f"Round {obs.round + 1}, seat {obs.current} to play ({obs.phase.name.lower()})"
        + (", end triggered" if obs.end_triggered else "")
        + f"; you are seat {obs.seat}",
        f"Supply: {_counts(obs.supply)}",
        *_wrapped([f"Locations ({LOCATION_POINTS}pt, taken with these bonuses):"] + [
            f"{LOCATIONS[i].name} ({LOCATIONS[i].label}) {_cost(LOCATIONS[i].requires)}"
            + (";" if n < len(obs.locations_left) else "")
            for n, i in enumerate(obs.locations_left, start=1)
        ] if obs.locations_left else ["Locations: none"]),
    ]
    for level in (3, 2, 1):
        start = (level - 1) * SLOTS_PER_LEVEL
        lines.append(f"Level {level} (deck {obs.deck_sizes[level - 1]}):")
        for card in obs.board[start : start + SLOTS_PER_LEVEL]:
            lines.append(f"   {_card(card) if card else '(empty)'}")
    for s in range(obs.num_players):
        points = (
            obs.card_points[s] + 3 * len(obs.locations_won[s]) + (3 if obs.avengers == s else 0)
        )
        marks = []
        if obs.avengers == s:
            marks.append("Avengers tile")
        marks.extend(LOCATIONS[i].name for i in obs.locations_won[s])
        lines.append(
            f"Seat {s}{' (you)' if s == obs.seat else ''}: {points} points, "
            f"tokens {_counts(obs.tokens[s])}, bonuses {_counts(obs.bonuses[s])}, "
            f"tags {obs.tags[s]}, cards {len(obs.tableau[s])}"
            + (f", {', '.join(marks)}" if marks else "")
        )
        for r in obs.reserved[s]:
            shown = _card(r.card) if r.card else f"hidden level-{r.level} card"
            lines.append(f"   reserved: {shown}{'' if r.public else ' (blind)'}")
    if obs.result is not None:
        lines.append("Result: " + ", ".join(f"seat {s} {v:g}" for s, v in enumerate(obs.result)))
    lines.extend(_wrapped(LEGEND))
    return "\n".join(lines)
