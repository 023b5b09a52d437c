"""The text board: location requirements from the catalogue, and a key for its symbols."""

from __future__ import annotations

from games.splendor_marvel import Kind, apply, legal_actions, new_game, observe, render
from games.splendor_marvel.catalogue import COLOUR_LETTERS, LOCATIONS
from games.splendor_marvel.render import WIDTH


def test_every_location_left_shows_the_bonuses_it_needs() -> None:
    for players in (2, 3, 4):
        state = new_game(players, seed=players)
        board = render(state)
        for i in state.locations_left:
            needs = "".join(f"{n}{COLOUR_LETTERS[c]}" for c, n in enumerate(LOCATIONS[i].requires)
                            if n)
            assert f"{LOCATIONS[i].name} ({LOCATIONS[i].label}) {needs}" in board
        start = board.index("Locations")
        wrapped = board[start:board.index("\nLevel 3")].split("\n")
        assert all(len(line) < WIDTH for line in wrapped)


def test_the_key_names_every_symbol_the_board_uses() -> None:
    state = new_game(2, seed=4)
    blind = next(a for a in legal_actions(state) if a.kind is Kind.RESERVE_BLIND)
    apply(state, blind)
    board = render(observe(state, 1))
    assert "hidden level-1 card (blind)" in board  # seat 0's blind reserve, seen by seat 1
    key = board[board.index("\nKey:"):]
    assert all(letter in key for letter in COLOUR_LETTERS)
    for symbol in ("Mind", "S.H.I.E.L.D.", "pt points", "* Avengers tag", "[colour] bonus",
                   "(blind) face down", "cost before bonuses", "at most 10 tokens",
                   "Gauntlet: 16pt"):
        assert symbol in key, symbol
    assert all(len(line) < WIDTH for line in key.strip().split("\n"))
