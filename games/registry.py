"""Every game the project serves, listed once: what the service, the CLI and the arena need.

An entry is plain data naming its modules as strings, so reading it imports no engine, codec
or adapter (`games/` imports nothing above it); `load`, `codec` and `adapter` import them.
The arena's games and the search benchmarks' game lists are read from `GAMES`; the service's
adapters, the codecs by game and the command line's choices from `SERVED`, the games whose
messages are in the proto (games/README.md, "Adding a game").

A game outside the tree plugs in without an edit here: `CARD_ADVISOR_GAME_PLUGINS` names
packages (comma-separated, importable from `sys.path`), each holding its rules and an `ENTRY`
with `package` set to its own name and `served=False`. The search, the arena and the kits over
`GAMES` then play it; the service cannot, for its messages are the proto's.

>>> GAMES["challengers"].player_counts
(1, 2, 3, 4, 5, 6, 7, 8)
>>> GAMES["challengers"].hides("pick:cow"), GAMES["splendor_marvel"].hides("take:YPB")
(True, False)
>>> GAMES["splendor_marvel"].codec_module
'contract.codecs.splendor_marvel'
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any


@dataclass(frozen=True)
class GameEntry:
    """One game: names, table sizes, notation examples, secret moves, and where its engine,
    codec and service adapter are."""

    name: str
    """The game's name everywhere: `Game.name`, the oneof branch of the messages, `--game`."""
    title: str
    player_counts: tuple[int, ...]
    examples: str
    """A few moves in notation, for help texts."""
    private_moves: frozenset[str] = frozenset()
    """Move kinds (the notation before ':') the other seats do not see."""
    results_between_moves: bool = False
    """Whether standings change between decisions (matches run by themselves)."""
    package: str = ""
    """The engine's package where it is not `games.<name>` (a plug-in game's own)."""
    served: bool = True
    """Whether the service serves it: its messages in the proto, its codec and its adapter."""

    @property
    def engine_module(self) -> str:
        """The package whose `GAME` (the facade, a `search.game.Game`) and `new_game` play it."""
        return self.package or f"games.{self.name}"

    @property
    def invariants_module(self) -> str:
        """The module whose `violations(state)` lists what is broken in a state, in words."""
        return f"{self.engine_module}.invariants"

    @property
    def codec_module(self) -> str:
        """The module between the game's `contract.v1` messages and its engine's values."""
        return f"contract.codecs.{self.name}"

    @property
    def adapter_module(self) -> str:
        """The module whose `ADAPTER` serves the game in the service (`advisor.adapters`)."""
        return f"advisor.{self.name}.adapter"

    @property
    def evaluators_module(self) -> str:
        """The module whose `EVALUATORS` lists the game's evaluators (`search.evaluator`) by
        the id the arena's `value=`, the scripts and the benchmarks name them with, beside
        `EVALUATOR` (the default) and `GREEDY` (the greedy baseline's)."""
        return f"{self.engine_module}.evaluators"

    def _evaluators(self) -> ModuleType:
        return importlib.import_module(self.evaluators_module)

    def evaluators(self) -> dict[str, Any]:
        """Every evaluator of the game by id, `default` first (imports them: numba,
        networks)."""
        module = self._evaluators()
        return {"default": module.EVALUATOR, **module.EVALUATORS}

    def default_evaluator(self) -> tuple[str, tuple[str, ...]]:
        """The default evaluator's id (`default` where no other id names it) and the networks
        it reads, by id (the module's `NETWORKS`)."""
        module = self._evaluators()
        found = next((i for i, e in module.EVALUATORS.items() if e is module.EVALUATOR),
                     "default")
        return found, tuple(module.NETWORKS)

    def greedy(self) -> Any:
        """The evaluator whose highest prior the greedy baseline plays."""
        return self._evaluators().GREEDY

    def bots(self) -> dict[str, Callable[..., Any]]:
        """The game's own bots by the arena's spec kind (the evaluators module's `BOTS`): each
        made by `bot(game, **options)`."""
        bots: dict[str, Callable[..., Any]] = self._evaluators().BOTS
        return bots

    def evaluator(self, value: str) -> Any:
        """The evaluator `value` names; ValueError naming the ids there are."""
        evaluators = self.evaluators()
        if value not in evaluators:
            raise ValueError(f"{self.name} has no evaluator value={value}; its evaluators: "
                             f"{', '.join(evaluators)}")
        return evaluators[value]

    def hides(self, notation: str) -> bool:
        """Whether a move written so is hidden from the other seats."""
        return notation.partition(":")[0] in self.private_moves

    def load(self) -> LoadedGame:
        """The rules' `GAME` object and `new_game` (imports the rules)."""
        module = importlib.import_module(self.engine_module)
        return LoadedGame(self.name, module.GAME, module.new_game)

    def codec(self) -> ModuleType:
        """The codec module (imports it and the engine)."""
        return importlib.import_module(self.codec_module)

    def players_help(self) -> str:
        """The table sizes in words, e.g. "Challengers! 1..8"."""
        low, high = self.player_counts[0], self.player_counts[-1]
        return f"{self.title} {low}..{high}"


@dataclass(frozen=True)
class LoadedGame:
    """A game's engine: its `search.game.Game` object and `new_game(num_players, seed)`."""

    name: str
    game: Any
    new_game: Callable[..., Any]


PUBLISHED: dict[str, GameEntry] = {
    "splendor_marvel": GameEntry(
        # the table sizes of the catalogue's supply (tests/test_registry.py checks they agree)
        "splendor_marvel", "Splendor: Marvel", (2, 3, 4), "take:YPB, recruit:62, return:S",
    ),
    "challengers": GameEntry(
        "challengers", "Challengers!", tuple(range(1, 9)),  # the rules: 1-8
        "opt:2A, pick:cow, trim:newcomer, done",
        # picks, payments and trims stay secret until the reveal; reorders after a private look
        frozenset({"pick", "trim", "top", "bottom", "order"}),
        results_between_moves=True,
    ),
}
TOY_GAMES: dict[str, GameEntry] = {
    "nim": GameEntry("nim", "Nim (toy)", (2,), "take:0x2, take:2x5"),
}
TOY_GAMES_VARIABLE = "CARD_ADVISOR_TOY_GAMES"


def _registered(published: dict[str, GameEntry], asked: str) -> dict[str, GameEntry]:
    """The published games and the toy games named in `asked` (comma-separated).

    >>> list(_registered(PUBLISHED, "nim"))
    ['splendor_marvel', 'challengers', 'nim']
    >>> _registered(PUBLISHED, "chess")
    Traceback (most recent call last):
    ValueError: CARD_ADVISOR_TOY_GAMES names 'chess'; the toy games are nim
    """
    names = [name.strip() for name in asked.split(",") if name.strip()]
    for name in names:
        if name not in TOY_GAMES:
            raise ValueError(f"{TOY_GAMES_VARIABLE} names {name!r}; the toy games are "
                             f"{', '.join(TOY_GAMES)}")
    return {**published, **{name: TOY_GAMES[name] for name in names}}


PLUGINS_VARIABLE = "CARD_ADVISOR_GAME_PLUGINS"


def _plugged(games: dict[str, GameEntry], asked: str) -> dict[str, GameEntry]:
    """`games` and the `ENTRY` of each package named in `asked` (comma-separated).

    >>> _plugged(PUBLISHED, "games.nim")
    Traceback (most recent call last):
    ValueError: CARD_ADVISOR_GAME_PLUGINS names games.nim, which has no ENTRY
    """
    found = dict(games)
    for package in (name.strip() for name in asked.split(",") if name.strip()):
        plug = getattr(importlib.import_module(package), "ENTRY", None)
        if not isinstance(plug, GameEntry):
            raise ValueError(f"{PLUGINS_VARIABLE} names {package}, which has no ENTRY")
        if plug.name in found:
            raise ValueError(f"{PLUGINS_VARIABLE}: {package} names the game {plug.name!r}, "
                             "which is registered already")
        if plug.served or plug.package != package:
            raise ValueError(f"{PLUGINS_VARIABLE}: {package}'s ENTRY needs package={package!r} "
                             "and served=False (the service serves only the proto's games)")
        found[plug.name] = plug
    return found


GAMES = _plugged(_registered(PUBLISHED, os.environ.get(TOY_GAMES_VARIABLE, "")),
                 os.environ.get(PLUGINS_VARIABLE, ""))
SERVED = {name: game for name, game in GAMES.items() if game.served}
"""The games the service serves (and the command line, its client, offers)."""
DEFAULT_GAME = next(iter(PUBLISHED))
"""The game a request or a command that names none plays: the first published."""


def entry(name: str) -> GameEntry:
    """The entry of `name`; ValueError naming the games there are."""
    if name not in GAMES:
        raise ValueError(f"unknown game {name!r}; expected one of {', '.join(GAMES)}")
    return GAMES[name]
