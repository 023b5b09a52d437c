"""Who sits where: lineups, seat rotations and the game tasks of a match or a ladder.

A *deal* is one set-up seed (and chance stream). Every deal is played in every seat rotation of
every lineup, so each bot meets the same cards from each seat equally often:

- as many bots as seats: one lineup, rotated cyclically (n games per deal);
- two bots in an n-player game (n > 2): the lineups `A + (n-1)×B` and `B + (n-1)×A`, each
  rotated (2n games per deal), so neither bot has more seats on average.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from clients.arena.record import GameTask
from clients.arena.seeds import bot_seed, chance_seed, setup_seed

DEFAULT_MAX_PLIES = 5000


def lineups(bots: Sequence[str], num_players: int) -> list[tuple[str, ...]]:
    """The lineups (bot per seat, before rotation) of a match between `bots`."""
    if len(bots) == num_players:
        return [tuple(bots)]
    if len(bots) == 2 and num_players > 2:
        a, b = bots
        return [(a,) + (b,) * (num_players - 1), (b,) + (a,) * (num_players - 1)]
    raise ValueError(f"{len(bots)} bots cannot fill {num_players} seats (give 2 or {num_players})")


def rotations(lineup: Sequence[str]) -> list[tuple[str, ...]]:
    """The n cyclic seatings of a lineup: in rotation r, seat s holds lineup[(s - r) % n]."""
    n = len(lineup)
    return [tuple(lineup[(s - r) % n] for s in range(n)) for r in range(n)]


def pairing_name(bots: Sequence[str]) -> str:
    """The name of a match between `bots` (order as given)."""
    return " vs ".join(bots)


def match_tasks(
    game: str,
    bots: Sequence[str],
    num_players: int,
    deals: int,
    run_seed: int,
    *,
    first_index: int = 0,
    max_plies: int = DEFAULT_MAX_PLIES,
) -> list[GameTask]:
    """Every game of a match, deal by deal, each deal in every rotation of every lineup."""
    if deals < 1:
        raise ValueError(f"deals must be >= 1, got {deals}")
    pairing = pairing_name(bots)
    seatings = [seats for lineup in lineups(bots, num_players) for seats in rotations(lineup)]
    tasks: list[GameTask] = []
    for deal in range(deals):
        for r, seats in enumerate(seatings):
            tasks.append(
                GameTask(
                    index=first_index + len(tasks),
                    pairing=pairing,
                    deal=deal,
                    rotation=r,
                    game=game,
                    bots=seats,
                    setup_seed=setup_seed(run_seed, deal),
                    chance_seed=chance_seed(run_seed, deal),
                    bot_seeds=tuple(
                        bot_seed(run_seed, pairing, deal, r, s) for s in range(num_players)
                    ),
                    max_plies=max_plies,
                )
            )
    return tasks


def ladder_pairings(bots: Sequence[str]) -> list[tuple[str, str]]:
    """All-play-all: every unordered pair once, in the order the bots were given."""
    return list(combinations(bots, 2))
