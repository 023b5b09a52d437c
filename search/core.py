"""The ISMCTS inner loop: grow one tree over sampled worlds until a budget runs out.

Single-observer ISMCTS (Cowling, Powley & Whitehouse 2012): each iteration determinizes once,
descends only through actions legal in that world (UCB over availability counts), adds one
node, plays out, and backs up one reward per seat. A node is scored from the view of the seat
that chose its action.
"""

from __future__ import annotations

import math
import random
import sys
from collections.abc import Callable, Sequence
from typing import Any

from search.config import SearchConfig
from search.evaluator import AnyEvaluator
from search.game import AnyGame
from search.limits import CancelToken, StopReason, now, run_budget
from search.result import SearchResult, build_result, summarize
from search.tree import Node, count_nodes

WorldSampler = Callable[[random.Random], Any]
"""Draws one full state (a determinization) from the search's random stream."""


class TreeSearch:
    """One tree, its random stream, and the loop that grows it.

    The first world is drawn at construction to learn the seat to move and the number of seats;
    the first iteration then uses it. Raises ValueError when that world is already terminal.
    """

    def __init__(
        self,
        game: AnyGame,
        evaluator: AnyEvaluator,
        sample_world: WorldSampler,
        config: SearchConfig,
        rng: random.Random,
        root: Node | None = None,
    ):
        self.game = game
        self.evaluator = evaluator
        self.sample_world = sample_world
        self.config = config
        self.rng = rng
        world = sample_world(rng)
        if game.is_terminal(world):
            raise ValueError("the game is over: there is nothing to search")
        move = config.root_move
        if move is not None and move not in game.legal_actions(world):
            raise ValueError(f"root_move {move!r} is not legal in the position searched")
        self._first_world: Any = world
        self.player: int = game.current_player(world)
        self.num_players: int = game.num_players(world)
        if root is None:
            root = Node(None, self.player, self.num_players)
            self.nodes = 1
        else:
            if len(root.totals) != self.num_players:
                raise ValueError("the reused tree was grown for another number of seats")
            root.player = self.player
            self.nodes = count_nodes(root)
        self.root = root
        self.iterations = 0

    def run(
        self,
        iterations: int | None = None,
        end: float | None = None,
        end_reason: StopReason = "time",
        cancel: CancelToken | None = None,
        progress: Callable[[TreeSearch], None] | None = None,
        progress_ms: int = 100,
        nodes: int | None = None,
    ) -> StopReason:
        """Iterate until `iterations` more are done, the clock passes `end`, `cancel` is set, or
        the tree holds `nodes` nodes. At least one iteration runs. Returns what stopped it.
        """
        report = None if progress is None else lambda: progress(self)
        full = None if nodes is None else lambda: self.nodes >= nodes
        return run_budget(self.iterate, iterations, end, end_reason, cancel, report, progress_ms,
                          full=full)

    def iterate(self, count: int = 1) -> None:
        """`count` iterations: determinize, descend and expand, play out, back up."""
        for _ in range(count):
            state = self._first_world
            if state is None:
                state = self.sample_world(self.rng)
            else:
                self._first_world = None
            path = self._descend(state)
            reward = playout(self.game, self.evaluator, state, self.rng, self.config)
            self._back_up(path, reward)
            self.iterations += 1

    def _descend(self, state: Any) -> list[Node]:
        """Walk down from the root through actions legal in `state`, applying them, until a
        node is added (or the game ends); the path of chosen nodes."""
        game = self.game
        puct = self.config.selection == "puct"
        root_move = self.config.root_move
        node = self.root
        path: list[Node] = []
        at_root = True
        while not game.is_terminal(state):
            legal = game.legal_actions(state)
            if at_root and root_move is not None:
                legal = [a for a in legal if a == root_move]
                if not legal:  # this world does not allow it: play out from the root
                    break
            if puct or at_root:
                self._expand_with_priors(node, state, legal)
            at_root = False
            if puct:
                best = self._select_puct(node, legal)
                expanded = best.visits == 0
            else:
                best, expanded = self._select_uct(node, state, legal)
            game.apply(state, best.action, self.rng)
            path.append(best)
            if expanded:
                break
            node = best
        return path

    def _expand_with_priors(self, node: Node, state: Any, legal: Sequence[Any]) -> None:
        """Give `node` a child (with its prior) for every legal action it lacks."""
        children = node.children
        for a in legal:
            if a not in children:
                break
        else:
            return
        mover = self.game.current_player(state)
        for a, p in zip(legal, self.evaluator.priors(state, legal), strict=True):
            if a not in children:
                children[a] = Node(a, mover, self.num_players, p)
                self.nodes += 1

    def _select_puct(self, node: Node, legal: Sequence[Any]) -> Node:
        """The PUCT choice among the children of the legal actions (counting availability)."""
        sqrt = math.sqrt
        children = node.children
        config = self.config
        c = config.puct_constant
        best: Node | None = None
        best_u = -math.inf
        fpu = math.nan
        for a in legal:
            child = children[a]
            av = child.avail + 1
            child.avail = av
            n = child.visits
            if n:
                u = child.score / n + c * child.prior * sqrt(av) / (1 + n)
            else:
                if fpu != fpu:  # not yet computed (NaN)
                    visits = node.visits
                    mean = node.totals[child.player] / visits if visits else 0.5
                    fpu = max(0.0, mean - config.fpu_reduction)
                u = fpu + c * child.prior * sqrt(av)
            if u > best_u:
                best_u = u
                best = child
        assert best is not None
        return best

    def _select_uct(self, node: Node, state: Any, legal: Sequence[Any]) -> tuple[Node, bool]:
        """The UCT choice (counting availability), or a new child for an untried action;
        returns the child and whether it was added (or first tried) now."""
        c = self.config.uct_c
        sqrt, log = math.sqrt, math.log
        children = node.children
        best: Node | None = None
        best_u = -math.inf
        untried: list[Any] = []
        for a in legal:
            child = children.get(a)
            if child is None:
                untried.append(a)
                continue
            av = child.avail + 1
            child.avail = av
            n = child.visits
            if n == 0:
                untried.append(a)
            elif not untried:
                u = child.score / n + c * sqrt(log(av) / n)
                if u > best_u:
                    best_u = u
                    best = child
        if not untried:
            assert best is not None
            return best, False
        return self._expand_untried(node, state, untried), True

    def _expand_untried(self, node: Node, state: Any, untried: list[Any]) -> Node:
        """The child of the untried action to try first, the highest prior (ties broken at
        random), made if new."""
        k = len(untried)
        if k == 1:
            a = untried[0]
        else:
            weights = self.evaluator.priors(state, untried)
            uniform = self.rng.random
            a = untried[max(range(k), key=lambda i: weights[i] + 1e-9 * uniform())]
        fresh = node.children.get(a)
        if fresh is None:
            fresh = Node(a, self.game.current_player(state), self.num_players)
            fresh.avail = 1
            node.children[a] = fresh
            self.nodes += 1
        return fresh

    def _back_up(self, path: list[Node], reward: Sequence[float]) -> None:
        """Add one iteration's reward to the root and to every node on its path."""
        seats = range(self.num_players)
        root = self.root
        root.visits += 1
        totals = root.totals
        for i in seats:
            totals[i] += reward[i]
        for node in path:
            node.visits += 1
            node.score += reward[node.player]
            totals = node.totals
            for i in seats:
                totals[i] += reward[i]


def playout(
    game: AnyGame, evaluator: AnyEvaluator, state: Any, rng: random.Random,
    config: SearchConfig,
) -> Sequence[float]:
    """Play `state` on in place with the configured policy (`evaluator`'s, or uniform) and
    depth, then score it (`evaluator.evaluate` where it is not over); one reward per seat."""
    depth_cap = sys.maxsize if config.rollout_depth is None else config.rollout_depth
    depth = 0
    while depth < depth_cap and not game.is_terminal(state):
        if config.rollout == "heuristic":
            action = evaluator.rollout_action(state, rng)
        else:
            options = game.legal_actions(state)
            action = options[int(rng.random() * len(options))]
        game.apply(state, action, rng)
        depth += 1
    return game.returns(state) if game.is_terminal(state) else evaluator.evaluate(state)


def result_of(
    search: TreeSearch, stopped_by: StopReason, *, seed: int, start: float, workers: int = 1
) -> SearchResult:
    """The current state of a one-tree search as a `SearchResult` (also used for progress)."""
    summary = summarize(search.root, search.player, search.iterations, search.nodes, stopped_by)
    return build_result(
        summary, seed=seed, elapsed=now() - start, workers=workers, tree=search.root,
    )
