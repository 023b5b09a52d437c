"""Building positions by hand for rule tests, playing them on, and checking invariants."""

from __future__ import annotations

import random

from games.splendor_marvel import SplendorState, apply, new_game
from games.splendor_marvel.catalogue import BONUS, COST, LEVEL, POINTS, TAGS, card_by_name
from games.splendor_marvel.evaluators import EVALUATOR
from games.splendor_marvel.invariants import violations

COLOURS = {"yellow": 0, "purple": 1, "blue": 2, "red": 3, "orange": 4, "green": 5, "grey": 6}


def card(name: str) -> int:
    """Card id by name."""
    return card_by_name(name).id


def table(num_players: int = 2, seed: int = 0) -> SplendorState:
    """A fresh game to edit: the board and decks as dealt, and no history (edits are no
    moves, so a record of the game could not replay to the edited position)."""
    state = new_game(num_players, seed)
    state.history = None
    return state


def give_tokens(state: SplendorState, seat: int, **counts: int) -> None:
    """Move tokens from the supply to a seat (keeps tokens conserved)."""
    for colour, n in counts.items():
        kind = COLOURS[colour]
        state.supply[kind] -= n
        state.tokens[seat][kind] += n
        assert state.supply[kind] >= 0, f"supply has no {colour} left to give"


def set_bonuses(state: SplendorState, seat: int, **counts: int) -> None:
    """Give a seat recruited cards of the right colours from the level-1 deck (no points)."""
    for colour, n in counts.items():
        for _ in range(n):
            candidates = [
                c
                for deck in state.decks
                for c in deck
                if LEVEL[c] == 1 and BONUS[c] == COLOURS[colour] and POINTS[c] == 0
            ]
            take_card_into(state, candidates[0], state.tableau[seat])
            state.bonuses[seat][COLOURS[colour]] += 1


def put_on_board(state: SplendorState, card_id: int, slot: int | None = None) -> None:
    """Place a card face up (in `slot` of its level, default the first), swapping it out."""
    level = LEVEL[card_id]
    index = (level - 1) * 4 + (slot or 0)
    if state.board[index] == card_id:
        return
    displaced = state.board[index]
    _remove_card(state, card_id)
    state.board[index] = card_id
    if displaced:
        state.decks[level - 1].insert(0, displaced)


def take_card_into(state: SplendorState, card_id: int, place: list[int]) -> None:
    """Move a card from wherever it is into a list (a tableau or a hand)."""
    _remove_card(state, card_id)
    place.append(card_id)


def _remove_card(state: SplendorState, card_id: int) -> None:
    for deck in state.decks:
        if card_id in deck:
            deck.remove(card_id)
            return
    if card_id in state.board:
        index = state.board.index(card_id)
        deck = state.decks[LEVEL[card_id] - 1]
        state.board[index] = deck.pop() if deck else 0
        return
    raise AssertionError(f"card {card_id} is not in a deck or on the board")


def check_invariants(state: SplendorState) -> None:
    """Tokens and cards conserved, no negative counts, per-seat limits (the engine's check)."""
    assert not violations(state), violations(state)


def played(num_players: int, seed: int, plies: int) -> SplendorState:
    """A seeded game after up to `plies` moves of the rollout policy."""
    rng = random.Random(seed)
    state = new_game(num_players, seed)
    for _ in range(plies):
        if state.result is not None:
            break
        apply(state, EVALUATOR.rollout_action(state, rng))
    return state


def recruit_into(state: SplendorState, seat: int, card_id: int) -> None:
    """Give a seat a recruited card with its bonus, points and tags (no tokens change hands)."""
    take_card_into(state, card_id, state.tableau[seat])
    state.bonuses[seat][BONUS[card_id]] += 1
    state.card_points[seat] += POINTS[card_id]
    state.tags[seat] += TAGS[card_id]


def give_the_price(state: SplendorState, seat: int, card_id: int) -> None:
    """Give a seat exactly the coloured tokens it lacks (beyond its bonuses) to recruit a card."""
    keys = list(COLOURS)
    need = {keys[c]: price - state.bonuses[seat][c] for c, price in enumerate(COST[card_id])}
    give_tokens(state, seat, **{colour: n for colour, n in need.items() if n > 0})


def reserve_into(state: SplendorState, seat: int, card_id: int, public: bool = True) -> None:
    """Put a card in a seat's reserve (face up unless `public` is False); no grey token moves."""
    take_card_into(state, card_id, state.reserved[seat])
    state.reserved_public[seat].append(public)
