"""Bot specs: short strings such as `ismcts:time=0.1,c=0.7,depth=8` parsed into configs.

    random                       uniform legal moves
    greedy                       the game's heuristic (highest prior; Challengers!: the
                                 hand-written one, value=logistic's, whatever the default)
    power[:trim=starters|none]   Challengers! only: the greedy highest-power drafter
                                 (games.challengers.drafters; match moves by the heuristic)
    pimc[:options]               determinized Monte Carlo (search.PIMCBot)
    ismcts[:options]             information-set MCTS (search.ISMCTSBot)
    remote:HOST:PORT[,options]   a remote advisor over gRPC (SuggestMove; iters, time and
                                 strength); replicas: remote:HOST:PORT+HOST:PORT (round-robin,
                                 failover)

Options (comma-separated `key=value`; pimc and ismcts):
    iters=N      iterations per move (default 1000 when neither iters nor time is given)
    time=S       seconds per move (results then depend on machine speed)
    c=X          UCT exploration constant          pc=X   PUCT exploration constant
    fpu=X        PUCT: unvisited moves valued at the parent's mean less X (default -0.1; -1..1)
    sel=uct|puct selection rule                     rollout=heuristic|random  playout policy
    depth=N|none playout plies before the static evaluation
    engine=compiled|python  the compiled kernel where the game has one (default), or Python
    obs=single|multiple  (ismcts) one tree (default), or a tree per seat deciding by what it sees
    model=none|priors    (ismcts) hidden cards drawn uniformly (default), or by an opponent
                 model playing by the priors (blind reserves, hidden draft picks)
    strength=K   (ismcts, remote) strength level 1 (weakest) .. 10 (full, the default): the
                 level's share of iters/time and its noisy choice among the plausible moves
                 (search.levels; benchmarks/LEVELS.md has the measured ladder)
    value=V      (ismcts, pimc) which of the game's evaluators values, sets the priors and
                 plays out, by its id in the game's evaluators.py (games.registry): default
                 (the game's own, as value=learned says explicitly), logistic (the
                 hand-written evaluation and priors before the learned ones) and any other
                 engine of
                 the game's weights manifest (games/splendor_marvel/knowledge/weights/ or the folder
                 $SPLENDOR_MARVEL_WEIGHTS names; games/challengers/knowledge/weights/ or
                 $CHALLENGERS_WEIGHTS); each searched with its own settings (PUCT's
                 constant by table size: search.config.settled) unless pc= says otherwise
    worlds=K     (pimc) sampled worlds     eval=rollout|search  (pimc) how a world scores moves
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from clients.arena.remote import RemoteBot
from clients.client.targets import split_targets
from games.registry import GAMES, entry
from search import GreedyBot, ISMCTSBot, Limits, PIMCBot, RandomBot, SearchConfig, levels
from search.baselines import Bot
from search.evaluator import AnyEvaluator
from search.game import AnyGame

DEFAULT_ITERATIONS = 1000
_SEARCH_KEYS = {
    "iters", "time", "c", "pc", "fpu", "sel", "rollout", "depth",
    "engine",
}
_GAME_BOTS = {"power": {"trim"}}
"""Bots that some games offer of their own (`GameEntry.bots`), with their options."""
_KEYS = {
    "random": set(),
    "greedy": set(),
    **_GAME_BOTS,
    "ismcts": _SEARCH_KEYS | {"obs", "model", "strength", "value"},
    "pimc": _SEARCH_KEYS | {"worlds", "eval", "value"},
    "remote": {"iters", "time", "strength"},
}


@dataclass(frozen=True)
class BotSpec:
    """A parsed bot spec; `label` is its canonical text (used in tables and records)."""

    kind: str
    options: tuple[tuple[str, str], ...] = ()
    address: str = ""

    @property
    def label(self) -> str:
        if self.kind == "remote":
            options = "".join(f",{k}={v}" for k, v in self.options)
            return f"remote:{self.address.replace(',', '+')}{options}"
        if not self.options:
            return self.kind
        return f"{self.kind}:{','.join(f'{k}={v}' for k, v in self.options)}"

    def __str__(self) -> str:
        return self.label


def parse_spec(text: str) -> BotSpec:
    """The spec written in `text`; raises ValueError naming the bad part.

    >>> parse_spec("ismcts:time=0.1, c=0.7").label
    'ismcts:c=0.7,time=0.1'
    """
    kind, _, rest = text.strip().partition(":")
    kind = kind.lower()
    address = ""
    if kind == "remote":
        target, _, rest = rest.partition(",")
        try:
            address = ",".join(split_targets(target.replace("+", ",")))
        except ValueError:
            raise ValueError(
                f"remote bot needs remote:HOST:PORT[+HOST:PORT], got {text!r}") from None
    if kind not in _KEYS:
        raise ValueError(f"unknown bot {kind!r}; expected one of {', '.join(_KEYS)} or remote")
    options: dict[str, str] = {}
    for item in filter(None, (part.strip() for part in rest.split(","))):
        key, eq, value = item.partition("=")
        if not eq or key not in _KEYS[kind]:
            raise ValueError(f"bad option {item!r} for {kind}; allowed: {sorted(_KEYS[kind])}")
        options[key] = value
    spec = BotSpec(kind, tuple(sorted(options.items())), address)
    if kind == "power" and options.get("trim", "starters") not in ("none", "starters"):
        raise ValueError(f"bad option trim={options['trim']} for power; allowed: none, starters")
    if kind in ("ismcts", "pimc", "remote"):
        _search_settings(spec)  # validate now, not in a worker
    return spec


def build_bot(spec: BotSpec, game: AnyGame) -> tuple[Bot, Limits]:
    """The bot a spec describes, with the per-move limits to call it with."""
    if spec.kind == "random":
        return RandomBot(game), Limits(iterations=1)
    if spec.kind == "greedy":
        return GreedyBot(game, entry(game.name).greedy()), Limits(iterations=1)
    if spec.kind in _GAME_BOTS:
        return _game_bot(spec, game), Limits(iterations=1)
    limits, config, extra = _search_settings(spec)
    strength = extra.pop("strength", levels.FULL_STRENGTH)
    if spec.kind == "remote":
        return RemoteBot(game, spec.address, strength), limits
    evaluator = evaluator_named(game, extra.pop("value", "default"))
    if spec.kind == "ismcts":
        return ISMCTSBot(game, evaluator, config, strength), limits
    return PIMCBot(game, evaluator, config=config, **extra), limits


def _game_bot(spec: BotSpec, game: AnyGame) -> Bot:
    """A bot that some games offer of their own (`GameEntry.bots`); a clear error naming the
    games that have it for any other game."""
    name = game.name
    bots = entry(name).bots() if name in GAMES else {}
    if spec.kind not in bots:
        having = [other for other, e in GAMES.items() if spec.kind in e.bots()]
        raise ValueError(f"bot {spec.label!r} plays {', '.join(having) or 'no game'} only, "
                         f"not {name!r}")
    bot: Bot = bots[spec.kind](game, **dict(spec.options))
    return bot


@functools.cache
def evaluator_ids() -> tuple[str, ...]:
    """The `value=` choices: the evaluators' ids of every registered game (`default` first)."""
    return tuple(dict.fromkeys(v for e in GAMES.values() for v in e.evaluators()))


def evaluator_named(game: AnyGame, value: str) -> AnyEvaluator:
    """The evaluator of `game` that `value` names in the registry (`default`: the game's
    default); ValueError if that game has none of that id."""
    evaluator: AnyEvaluator = entry(game.name).evaluator(value)
    return evaluator


def _search_settings(spec: BotSpec) -> tuple[Limits, SearchConfig, dict[str, Any]]:
    """Limits, search config and PIMC extras of a search bot spec."""
    opts = dict(spec.options)
    try:
        iterations = int(opts["iters"]) if "iters" in opts else None
        seconds = float(opts["time"]) if "time" in opts else None
        if iterations is None and seconds is None:
            iterations = DEFAULT_ITERATIONS
        limits = Limits(iterations=iterations, time=seconds)
        config_args: dict[str, Any] = {}
        if "c" in opts:
            config_args["uct_c"] = float(opts["c"])
        if "pc" in opts:
            config_args["puct_c"] = float(opts["pc"])
        if "fpu" in opts:
            config_args["fpu_reduction"] = float(opts["fpu"])
        if "sel" in opts:
            config_args["selection"] = opts["sel"]
        if "rollout" in opts:
            config_args["rollout"] = opts["rollout"]
        if "depth" in opts:
            depth = opts["depth"]
            config_args["rollout_depth"] = None if depth.lower() == "none" else int(depth)
        if "engine" in opts:
            config_args["engine"] = opts["engine"]
        if "obs" in opts:
            config_args["observers"] = opts["obs"]
        if "model" in opts:
            config_args["opponent_model"] = opts["model"]
        config = SearchConfig(**config_args)
        extra: dict[str, Any] = {}
        if "worlds" in opts:
            extra["worlds"] = int(opts["worlds"])
            if extra["worlds"] < 1:
                raise ValueError("worlds must be >= 1")
        if "strength" in opts:
            extra["strength"] = int(opts["strength"])
            levels.level(extra["strength"])
        if "value" in opts:
            if opts["value"] not in evaluator_ids():
                raise ValueError(f"value must be one of {', '.join(evaluator_ids())}")
            extra["value"] = opts["value"]
        if "eval" in opts:
            if opts["eval"] not in ("rollout", "search"):
                raise ValueError("eval must be rollout or search")
            extra["scoring"] = opts["eval"]
    except ValueError as err:
        raise ValueError(f"bad bot spec {spec.label!r}: {err}") from err
    return limits, config, extra
