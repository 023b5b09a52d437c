"""What must hold in every Splendor: Marvel state: the engine's self-check, for tests and soaks."""

from __future__ import annotations

from collections import Counter

from games.splendor_marvel.catalogue import BONUS, CARD_IDS, GREEN, MAX_RESERVED, SUPPLY
from games.splendor_marvel.state import SplendorState


def card_places(state: SplendorState) -> Counter[int]:
    """How many places hold each card (every card must be in exactly one)."""
    places: Counter[int] = Counter()
    for deck in state.decks:
        places.update(deck)
    places.update(c for c in state.board if c)
    for hand in state.reserved:
        places.update(hand)
    for row in state.tableau:
        places.update(row)
    return places


def violations(state: SplendorState) -> list[str]:
    """Broken invariants, in words (empty when the state is sound): tokens and cards
    conserved, no negative count, the reserve and green-token limits, bonuses that match the
    recruited cards, locations conserved."""
    found = []
    n = state.num_players
    supply = SUPPLY[n]
    start = [supply.each_colour] * 5 + [supply.green, supply.grey]
    for kind in range(7):
        total = state.supply[kind] + sum(state.tokens[s][kind] for s in range(n))
        if total != start[kind]:
            found.append(f"token kind {kind}: {total} in play, {start[kind]} at the start")
        if state.supply[kind] < 0 or any(state.tokens[s][kind] < 0 for s in range(n)):
            found.append(f"token kind {kind}: a negative count")
    places = card_places(state)
    if set(places) != set(CARD_IDS):
        found.append("some card is nowhere")
    if max(places.values()) > 1:
        found.append("some card is in two places")
    for s in range(n):
        if len(state.reserved[s]) > MAX_RESERVED:
            found.append(f"seat {s} holds {len(state.reserved[s])} reserved cards")
        if state.tokens[s][GREEN] > 1:
            found.append(f"seat {s} holds {state.tokens[s][GREEN]} green tokens")
        if len(state.reserved[s]) != len(state.reserved_public[s]):
            found.append(f"seat {s}: reserved cards and their public flags differ in number")
        if state.bonuses[s] != [sum(1 for c in state.tableau[s] if BONUS[c] == colour)
                                for colour in range(5)]:
            found.append(f"seat {s}: bonuses do not match the recruited cards")
    won = [i for row in state.locations_won for i in row]
    if (len(won) + len(state.locations_left) != supply.locations
            or len(set(won) | set(state.locations_left)) != supply.locations):
        found.append("locations are not conserved")
    return found
