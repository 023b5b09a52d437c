"""Small builders for rulebook-like situations."""

from __future__ import annotations

import random

from games.challengers import flow, match
from games.challengers.catalogue import BY_KEY
from games.challengers.setup import new_state
from games.challengers.state import Phase, State
from games.challengers.zones import bench_card

ALL_BUT_SHIPWRECK = ("castle", "film_studio", "funfair", "haunted_house", "outer_space")


def T(key: str) -> int:
    """Card type of a notation key ("dog@s", "reporter")."""
    return BY_KEY[key]


def keys(cards: list[int]) -> list[str]:
    """Notation keys of card types."""
    from games.challengers.catalogue import KEY

    return [KEY[c & 127] for c in cards]


def duel(a: list[str], b: list[str], *, round: int = 1, bench_a: tuple[str, ...] = (),
         bench_b: tuple[str, ...] = (), players: int = 2, seed: int = 0,
         sets: tuple[str, ...] | None = None) -> State:
    """A match between participants 0 and 1; draw piles are given top card first."""
    s = new_state(players, random.Random(seed), sets or ALL_BUT_SHIPWRECK)
    s.phase, s.round, s.park = Phase.MATCH, round, 0
    s.side_a, s.side_b, s.loser, s.pending_kind = 0, 1, -1, 0
    for p, cards, bench in ((0, a, bench_a), (1, b, bench_b)):
        s.decks[p] = []
        s.draws[p] = [T(k) for k in reversed(cards)]
        for k in bench:
            assert bench_card(s, p, T(k))
        s.match_public[p] = sorted([T(k) for k in cards] + [T(k) for k in bench])
    return s


def open_match(s: State, starter: int = 0, rng: random.Random | None = None) -> None:
    """`starter` reveals the first card and takes the flag (its reveal effect happens)."""
    s.attacker = starter
    s.match_step = match.M_FIRST_GAIN
    match.reveal(s, starter, rng or random.Random(0))


def run(s: State, rng: random.Random | None = None, steps: int = 1000) -> None:
    """Run the match until someone must decide or it ends."""
    rng = rng or random.Random(0)
    for _ in range(steps):
        if s.pending_kind or s.loser >= 0:
            return
        match.step(s, rng)


def play_random(players: int, seed: int) -> State:
    """A whole tournament with uniformly random legal actions."""
    rng = random.Random(seed)
    s = new_state(players, rng)
    flow.advance(s, rng)
    while s.phase != 3:
        acts = flow.legal_actions(s)
        flow.apply(s, acts[rng.randrange(len(acts))], rng)
    return s
