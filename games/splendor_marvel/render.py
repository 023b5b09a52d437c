"""A readable text picture of the table as one seat sees it."""

from __future__ import annotations

from games.splendor_marvel.catalogue import (
    CARD,
    COLOUR_KEYS,
    COLOUR_LETTERS,
    LOCATIONS,
    SLOTS_PER_LEVEL,
)
from games.splendor_marvel.observation import Observation, observe
from games.splendor_marvel.state import SplendorState


def _counts(values: tuple[int, ...]) -> str:
    return " ".join(f"{COLOUR_LETTERS[k]}{n}" for k, n in enumerate(values))


def _card(card_id: int) -> str:
    card = CARD[card_id]
    assert card is not None
    cost = "".join(f"{n}{COLOUR_LETTERS[c]}" for c, n in enumerate(card.cost) if n)
    tags = "*" * card.avengers
    return f"#{card.id} {card.name} [{COLOUR_KEYS[card.bonus]}] {card.points}pt{tags} cost {cost}"


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
        "Locations: "
        + (
            ", ".join(f"{LOCATIONS[i].name} ({LOCATIONS[i].label})" for i in obs.locations_left)
            or "none"
        ),
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
    return "\n".join(lines)
