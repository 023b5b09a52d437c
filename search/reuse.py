"""Tree reuse: keep the part of the last search that is still consistent with the game."""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from search.tree import Node


def subtree(tree: Node, played: Sequence[Hashable]) -> Node | None:
    """The node reached from `tree` by the actions `played` since it was grown, as a new root.

    `played` is every action taken since the searched position, in order: the searcher's move,
    then the opponents' replies (their identities are public, like the tree's keys). Returns
    None when the tree never explored that line, or when the line is empty of statistics; pass
    the answer as `tree=` to the next `ismcts` call. Its statistics came from worlds sampled
    under the older observation, which the searcher's new knowledge only refines.

    >>> subtree(result.tree, [my_move, their_reply]) # doctest: +SKIP
    """
    node = tree
    for action in played:
        child = node.children.get(action)
        if child is None:
            return None
        node = child
    if node.visits == 0:
        return None
    return node
