"""Multiple-observer ISMCTS: a tree per seat, each seat deciding by what it can see.

Single-observer ISMCTS (`search.core`) keeps one tree keyed by actions, so an opponent's node
pools the statistics of every world, whatever that opponent holds: it decides as if it did not
know its own cards. Here (after Cowling, Powley & Whitehouse 2012, with each seat's decisions
also split by its private information) every seat has a tree, and one sampled world walks all
of them in lock-step:

- where seat p decides, p's tree branches first on `game.information_key(world, p)` (what p
  privately sees; not at the root, whose information is the searcher's observation), then on
  p's legal actions, chosen by UCT or PUCT from p's statistics alone;
- every other seat's tree follows the move as that seat sees it (`game.observed_action`; the
  action itself when the game has no such method), so a move it cannot see is one branch
  whatever was played;
- the playout's rewards are backed up along every seat's path.

The searcher's tree (the seat to move at the root) answers, in the single-observer
`SearchResult` shape; its principal variations leave out the information branches and stop at
a move the searcher cannot see. This search runs in Python whatever `config.engine` says (its
`stats.engine` is `python`), in one worker, and keeps no tree for reuse (`result.tree` is None).
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from search.config import SearchConfig
from search.core import TreeSearch, WorldSampler
from search.evaluator import AnyEvaluator
from search.game import AnyGame
from search.limits import StopReason, now
from search.result import SearchResult, build_result, summarize
from search.tree import Node


@dataclass(frozen=True, slots=True)
class Seen:
    """Key of the branch on what the deciding seat privately sees (`game.information_key`)."""

    key: Hashable


@dataclass(frozen=True, slots=True)
class Unseen:
    """Key of another seat's move as a seat sees it, where that is not the move itself."""

    view: Hashable


class MultiObserverSearch(TreeSearch):
    """One tree per seat (`trees[seat]`; the searcher's is `root`) and the loop that grows them.

    Reuses `TreeSearch`'s budget loop, selection, expansion, playout and back-up; only the
    descent differs. `nodes` counts the nodes of all trees. Raises ValueError for a game
    without `information_key`, or when given a tree to reuse.
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
        if not callable(getattr(game, "information_key", None)):
            raise ValueError(
                f"the multiple-observer search needs {game.name!r} to offer information_key"
            )
        if root is not None:
            raise ValueError("the multiple-observer search cannot reuse a tree")
        super().__init__(game, evaluator, sample_world, config, rng)
        self.information_key = game.information_key  # type: ignore[attr-defined]
        self.observed_action = getattr(game, "observed_action", None)
        n = self.num_players
        self.trees = [self.root if s == self.player else Node(None, self.player, n)
                      for s in range(n)]
        self.nodes = n

    def _descend(self, state: Any) -> list[Node]:
        """Walk every seat's tree down through `state`, applying the chosen moves, until the
        mover's tree gains a node (or the game ends); the nodes entered, in every tree, plus
        the roots of the other seats' trees (the searcher's root is backed up separately)."""
        game = self.game
        puct = self.config.selection == "puct"
        seats = range(self.num_players)
        at = list(self.trees)
        path = [tree for tree in self.trees if tree is not self.root]
        first = True
        while not game.is_terminal(state):
            mover = game.current_player(state)
            legal = game.legal_actions(state)
            node = at[mover]
            if not first:  # at the root the searcher's information is its observation
                node = self._child(node, Seen(self.information_key(state, mover)), mover)
                path.append(node)
            if puct or first:
                self._expand_with_priors(node, state, legal)
            if puct:
                best = self._select_puct(node, legal)
                expanded = best.visits == 0
            else:
                best, expanded = self._select_uct(node, state, legal)
            at[mover] = best
            path.append(best)
            for seat in seats:
                if seat != mover:
                    view = self._view(state, best.action, seat)
                    at[seat] = self._child(at[seat], view, mover)
                    path.append(at[seat])
            game.apply(state, best.action, self.rng)
            first = False
            if expanded:
                break
        return path

    def _view(self, state: Any, action: Hashable, seat: int) -> Hashable:
        """The key of `action` (played by the seat to move) in `seat`'s tree."""
        if self.observed_action is None:
            return action
        view = self.observed_action(state, action, seat)
        return action if view == action else Unseen(view)

    def _child(self, node: Node, key: Hashable, player: int) -> Node:
        """The child of `node` under `key`, made (for `player`) if new."""
        child = node.children.get(key)
        if child is None:
            child = node.children[key] = Node(key, player, self.num_players)
            self.nodes += 1
        return child


def visible_line(node: Node) -> list[Node]:
    """The principal line from `node` without information branches, cut before the first
    move the searcher cannot see."""
    line: list[Node] = []
    for n in node.principal_nodes():
        if isinstance(n.action, Unseen):
            break
        if not isinstance(n.action, Seen):
            line.append(n)
    return line


def multi_observer_result(
    search: TreeSearch, stopped_by: StopReason, *, seed: int, start: float
) -> SearchResult:
    """The searcher's tree of a `MultiObserverSearch` as a `SearchResult` (also for progress)."""
    root = search.root
    summary = summarize(root, search.player, search.iterations, search.nodes, stopped_by)
    for stats in summary.actions:
        line = visible_line(root.children[stats.action])
        stats.pv = tuple(n.action for n in line)
        stats.line_visits = tuple(n.visits for n in line)
        stats.line_values = tuple(tuple(n.mean(s) for s in range(len(n.totals))) for n in line)
    return build_result(
        summary, seed=seed, elapsed=now() - start, workers=1,
    )
