"""The search tree: one node per action sequence seen from the searcher's information sets."""

from __future__ import annotations

from collections.abc import Hashable, Iterator

PV_MAX = 16


class Node:
    """Statistics of one action taken from its parent's information set.

    `player` is the seat that chose `action` (the root's is the seat to move there); `score` sums
    that seat's rewards and `totals` every seat's. `avail` counts the parent's visits in which the
    action was legal, the denominator UCB uses under ISMCTS.
    """

    __slots__ = ("action", "avail", "children", "player", "prior", "score", "totals", "visits")

    def __init__(self, action: Hashable, player: int, num_players: int, prior: float = 0.0):
        self.action = action
        self.player = player
        self.prior = prior
        self.children: dict[Hashable, Node] = {}
        self.visits = 0
        self.avail = 0
        self.score = 0.0
        self.totals = [0.0] * num_players

    def __repr__(self) -> str:
        return (
            f"<Node {self.action!r} by {self.player}: {self.visits} visits, "
            f"{self.avail} available, {len(self.children)} children>"
        )

    def mean(self, seat: int) -> float:
        """Mean reward of `seat` over this node's visits (0 before the first)."""
        return self.totals[seat] / self.visits if self.visits else 0.0

    def best_child(self) -> Node | None:
        """The most visited child (the first such in insertion order), None if none visited."""
        best: Node | None = None
        for child in self.children.values():
            if child.visits > 0 and (best is None or child.visits > best.visits):
                best = child
        return best

    def principal_nodes(self, limit: int = PV_MAX) -> list[Node]:
        """This node followed by the most visited line of nodes below it."""
        line: list[Node] = [self]
        node = self.best_child()
        while node is not None and len(line) < limit:
            line.append(node)
            node = node.best_child()
        return line



def walk(root: Node) -> Iterator[Node]:
    """Every node of the tree under `root`, root first, depth first."""
    stack = [root]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(node.children.values()))


def count_nodes(root: Node) -> int:
    """Size of the tree under `root`, root included."""
    return sum(1 for _ in walk(root))
