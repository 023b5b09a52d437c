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
from search.game import AnyGame
from search.limits import CancelToken, StopReason, now
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
        sample_world: WorldSampler,
        config: SearchConfig,
        rng: random.Random,
        root: Node | None = None,
    ):
        self.game = game
        self.sample_world = sample_world
        self.config = config
        self.rng = rng
        world = sample_world(rng)
        if game.is_terminal(world):
            raise ValueError("the game is over: there is nothing to search")
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
    ) -> StopReason:
        """Iterate until `iterations` more are done, the clock passes `end`, or `cancel` is set.

        At least one iteration runs. Returns what stopped the search.
        """
        game = self.game
        legal_actions = game.legal_actions
        apply = game.apply
        is_terminal = game.is_terminal
        current_player = game.current_player
        priors = game.priors
        sample_world = self.sample_world
        rng = self.rng
        uniform = rng.random
        config = self.config
        puct = config.selection == "puct"
        expand_by_prior = config.expansion == "prior"
        c = config.puct_c if puct else config.uct_c
        n_players = self.num_players
        seats = range(n_players)
        root = self.root
        root_totals = root.totals
        sqrt = math.sqrt
        log = math.log
        minus_inf = -math.inf
        max_iterations = sys.maxsize if iterations is None else iterations
        timed = end is not None or progress is not None
        deadline = math.inf if end is None else end
        interval = progress_ms / 1000.0
        next_report = now() + interval if progress is not None else math.inf
        path: list[Node] = []
        done = 0
        base = self.iterations
        nodes = self.nodes
        reason: StopReason = "iterations"
        child: Node | None

        while True:
            state = self._first_world
            if state is None:
                state = sample_world(rng)
            else:
                self._first_world = None
            node = root
            path.clear()
            expanded = False
            at_root = True
            while not is_terminal(state):
                legal = legal_actions(state)
                children = node.children
                if puct or at_root:
                    for a in legal:
                        if a not in children:
                            mover = current_player(state)
                            for a2, p in zip(legal, priors(state, legal), strict=True):
                                if a2 not in children:
                                    children[a2] = Node(a2, mover, n_players, p)
                                    nodes += 1
                            break
                at_root = False
                best: Node | None = None
                best_u = minus_inf
                if puct:
                    fpu = -1.0
                    for a in legal:
                        child = children[a]
                        av = child.avail + 1
                        child.avail = av
                        n = child.visits
                        if n:
                            u = child.score / n + c * child.prior * sqrt(av) / (1 + n)
                        else:
                            if fpu < 0.0:
                                visits = node.visits
                                fpu = node.totals[child.player] / visits if visits else 0.5
                            u = fpu + c * child.prior * sqrt(av)
                        if u > best_u:
                            best_u = u
                            best = child
                    assert best is not None
                    expanded = best.visits == 0
                else:
                    untried: list[Any] | None = None
                    for a in legal:
                        child = children.get(a)
                        if child is None:
                            if untried is None:
                                untried = [a]
                            else:
                                untried.append(a)
                            continue
                        av = child.avail + 1
                        child.avail = av
                        n = child.visits
                        if n == 0:
                            if untried is None:
                                untried = [a]
                            else:
                                untried.append(a)
                        elif untried is None:
                            u = child.score / n + c * sqrt(log(av) / n)
                            if u > best_u:
                                best_u = u
                                best = child
                    if untried is not None:
                        k = len(untried)
                        if k == 1:
                            a = untried[0]
                        elif expand_by_prior:
                            weights = priors(state, untried)
                            a = untried[max(range(k), key=lambda i: weights[i] + 1e-9 * uniform())]
                        else:
                            a = untried[int(uniform() * k)]
                        fresh = children.get(a)
                        if fresh is None:
                            fresh = Node(a, current_player(state), n_players)
                            fresh.avail = 1
                            children[a] = fresh
                            nodes += 1
                        best = fresh
                        expanded = True
                    assert best is not None
                apply(state, best.action, rng)
                path.append(best)
                if expanded:
                    break
                node = best

            reward = playout(game, state, rng, config)

            root.visits += 1
            for i in seats:
                root_totals[i] += reward[i]
            for node in path:
                node.visits += 1
                node.score += reward[node.player]
                totals = node.totals
                for i in seats:
                    totals[i] += reward[i]

            done += 1
            if done >= max_iterations:
                break
            if timed:
                t = now()
                if t >= deadline:
                    reason = end_reason
                    break
                if progress is not None and t >= next_report:
                    self.nodes = nodes
                    self.iterations = base + done
                    progress(self)
                    next_report = now() + interval
            if cancel is not None and cancel.is_set():
                reason = "cancelled"
                break

        self.nodes = nodes
        self.iterations = base + done
        return reason


def playout(
    game: AnyGame, state: Any, rng: random.Random, config: SearchConfig
) -> Sequence[float]:
    """Play `state` on in place with the configured policy and depth; one reward per seat."""
    depth_cap = sys.maxsize if config.rollout_depth is None else config.rollout_depth
    depth = 0
    while depth < depth_cap and not game.is_terminal(state):
        if config.rollout == "heuristic":
            action = game.rollout_action(state, rng)
        else:
            options = game.legal_actions(state)
            action = options[int(rng.random() * len(options))]
        game.apply(state, action, rng)
        depth += 1
    return game.returns(state) if game.is_terminal(state) else game.evaluate(state)


def result_of(
    search: TreeSearch, stopped_by: StopReason, *, seed: int, start: float, workers: int = 1
) -> SearchResult:
    """The current state of a one-tree search as a `SearchResult` (also used for progress)."""
    summary = summarize(search.root, search.player, search.iterations, search.nodes, stopped_by)
    return build_result(
        summary, seed=seed, elapsed=now() - start, workers=workers, tree=search.root
    )
