"""The ISMCTS loop of `search.core`, written for numba over a `CompiledGame`.

The functions here call the game through the names `game_*`; `search.compiled` binds them to
one game's kernel with `kernels.specialize`. The algorithm is `TreeSearch.run`'s, step for step
(UCT over availability counts or PUCT, priors at the root, prior-ordered expansion,
a playout cut at a depth and finished by the evaluation, one reward per seat backed up), so the
Python search stays its readable reference.

The tree lives in two arrays that the caller grows: `links` (int64, one row per node: action,
player, visits, availability, first child, last child, next sibling) and `stats` (float64: prior,
score, then one total per seat). Node 0 is the root; children keep their insertion order.
A third array, `index`, finds a node's child for an action without walking the node's children
(a node where hidden cards vary gathers hundreds of them over the sampled worlds): an
open-addressing hash table of (parent, action) keys, at most half full, that the caller grows
with `links` (empty, to be filled again from `links` by the next `run_iterations`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np

from kernels.borrow import borrowed
from kernels.rng import uniform

# --- layout -----------------------------------------------------------------------------------

ACTION, PLAYER, VISITS, AVAIL, FIRST_CHILD, LAST_CHILD, NEXT_SIBLING = range(7)
LINK_FIELDS = 7
PRIOR, SCORE, TOTALS = 0, 1, 2
"""`stats[node, TOTALS + seat]` sums that seat's rewards."""

NODES, LONGEST_PATH, FIRST_WORLD_PENDING, INDEXED = range(4)
META_FIELDS = 4
"""`meta`: nodes in use, the longest path an iteration took, whether the world buffer still
holds the first sampled world (which the first iteration uses instead of sampling), and the
nodes `index` holds (the root counted: 1 for an empty index)."""

KEY, CHILD = range(2)
INDEX_FIELDS = 2
"""`index[cell]`: a (parent, action) key (`NO_NODE`: an empty cell) and the child it names."""
HASH_MULTIPLIER = 0x5851F42D4C957F2D
"""Spreads the keys over `index` (an odd 64-bit constant: the multiplier of Knuth's MMIX LCG)."""

PUCT, HEURISTIC_ROLLOUT, ROLLOUT_DEPTH, FPU_REDUCTION_MILLI, ROOT_MOVE = range(5)
SETTINGS = 5
"""`settings` (int64): selection, playout policy, playout depth (-1: to the end),
first-play urgency reduction (in thousandths), and the one action code the root is restricted
to (`NO_NODE`: every legal action)."""

NO_NODE = -1



def _unbound(*args: Any) -> Any:
    """Stands for a game function until `kernels.specialize` binds the game's own."""
    raise NotImplementedError("compile this loop for a game through search.compiled")


# Names that `kernels.specialize` binds to one game's kernel functions (see the contract).
# Every call passes `game_apply` its action as an int64 (the tree's type), so the game's apply
# and everything below it compile for one signature, not for the buffers' int32 too.
game_num_players: Callable[..., Any] = _unbound
game_current_player: Callable[..., Any] = _unbound
game_is_terminal: Callable[..., Any] = _unbound
game_returns: Callable[..., Any] = _unbound
game_legal_actions: Callable[..., Any] = _unbound
game_apply: Callable[..., Any] = _unbound
game_sample: Callable[..., Any] = _unbound
game_rollout_action: Callable[..., Any] = _unbound
game_evaluate: Callable[..., Any] = _unbound
game_priors: Callable[..., Any] = _unbound
Array = np.ndarray


# --- the tree ---------------------------------------------------------------------------------


def index_cell(index: Array, key: int) -> int:
    """The cell of `index` holding `key`, or the empty cell where it belongs."""
    mask = index.shape[0] - 1
    mixed = key * HASH_MULTIPLIER
    cell = (mixed ^ (mixed >> 29)) & mask
    while index[cell, KEY] != key and index[cell, KEY] != NO_NODE:
        cell = (cell + 1) & mask
    return cell


def child_key(parent: int, action: int) -> int:
    """The `index` key of `parent`'s child for `action`."""
    return parent << 32 | action


def add_to_index(index: Array, parent: int, action: int, child: int) -> None:
    """Record `child` as `parent`'s child for `action`."""
    key = child_key(parent, action)
    cell = index_cell(index, key)
    index[cell, KEY] = key
    index[cell, CHILD] = child


def fill_index(links: Array, meta: Array, index: Array) -> None:
    """Put every node of the tree into an empty `index` (after the caller grew it)."""
    for parent in range(meta[NODES]):
        child = links[parent, FIRST_CHILD]
        while child != NO_NODE:
            add_to_index(index, parent, links[child, ACTION], child)
            child = links[child, NEXT_SIBLING]
    meta[INDEXED] = meta[NODES]


def find_children(index: Array, node: int, legal: Array, count: int, found: Array) -> None:
    """`found[i]`: `node`'s child for `legal[i]`, or `NO_NODE`."""
    for i in range(count):
        cell = index_cell(index, child_key(node, legal[i]))
        found[i] = index[cell, CHILD] if index[cell, KEY] != NO_NODE else NO_NODE


def add_child(
    links: Array, stats: Array, meta: Array, index: Array, parent: int, action: int, player: int,
    prior: float,
) -> int:
    """Append a node for `action` under `parent` (and to `index`); returns its index."""
    node = meta[NODES]
    meta[NODES] = node + 1
    meta[INDEXED] = node + 1
    add_to_index(index, parent, action, node)
    links[node, ACTION] = action
    links[node, PLAYER] = player
    links[node, VISITS] = 0
    links[node, AVAIL] = 0
    links[node, FIRST_CHILD] = NO_NODE
    links[node, LAST_CHILD] = NO_NODE
    links[node, NEXT_SIBLING] = NO_NODE
    stats[node, :] = 0.0
    stats[node, PRIOR] = prior
    last = links[parent, LAST_CHILD]
    if last == NO_NODE:
        links[parent, FIRST_CHILD] = node
    else:
        links[last, NEXT_SIBLING] = node
    links[parent, LAST_CHILD] = node
    return node


def back_up(
    links: Array, stats: Array, path: Array, depth: int, reward: Array, num_players: int
) -> None:
    """Add one iteration's reward to the root and to every node on its path."""
    links[0, VISITS] += 1
    for seat in range(num_players):
        stats[0, TOTALS + seat] += reward[seat]
    for i in range(depth):
        node = path[i]
        links[node, VISITS] += 1
        stats[node, SCORE] += reward[links[node, PLAYER]]
        for seat in range(num_players):
            stats[node, TOTALS + seat] += reward[seat]


# --- one iteration's steps --------------------------------------------------------------------


def expand_with_priors(
    world: Array, links: Array, stats: Array, meta: Array, index: Array, node: int, legal: Array,
    count: int, found: Array, priors: Array,
) -> None:
    """Give `node` a child (with its prior) for every legal action it lacks (into `found`)."""
    missing = False
    for i in range(count):
        if found[i] == NO_NODE:
            missing = True
            break
    if not missing:
        return
    mover = game_current_player(world)
    game_priors(world, legal, count, priors)
    for i in range(count):
        if found[i] == NO_NODE:
            found[i] = add_child(links, stats, meta, index, node, legal[i], mover, priors[i])


def visited_value(links: Array, stats: Array, child: int, c: float) -> float:
    """A visited child's PUCT value (its mean plus the prior's exploration term)."""
    n = links[child, VISITS]
    return stats[child, SCORE] / n + c * stats[child, PRIOR] * math.sqrt(links[child, AVAIL]) / (
        1 + n)


def select_puct(
    links: Array, stats: Array, node: int, count: int, found: Array, c: float,
    fpu_reduction: float,
) -> int:
    """The PUCT choice among the (existing) children `found[:count]` of the legal actions."""
    best = NO_NODE
    best_u = -math.inf
    fpu = math.nan
    for i in range(count):
        child = found[i]
        avail = links[child, AVAIL] + 1
        links[child, AVAIL] = avail
        if links[child, VISITS]:
            u = visited_value(links, stats, child, c)
        else:
            if math.isnan(fpu):
                visits = links[node, VISITS]
                player = links[child, PLAYER]
                mean = stats[node, TOTALS + player] / visits if visits else 0.5
                fpu = max(0.0, mean - fpu_reduction)
            u = fpu + c * stats[child, PRIOR] * math.sqrt(avail)
        if u > best_u:
            best_u = u
            best = child
    return best


def select_uct(
    world: Array, links: Array, stats: Array, meta: Array, index: Array, node: int, legal: Array,
    count: int, found: Array, untried: Array, priors: Array, rng: Array, c: float,
) -> tuple[int, bool]:
    """The UCT choice among `found[:count]`, or a new child for the untried action of the
    highest prior (ties broken at random); returns (child, expanded)."""
    best = NO_NODE
    best_u = -math.inf
    k = 0
    for i in range(count):
        action = legal[i]
        child = found[i]
        if child == NO_NODE:
            untried[k] = action
            k += 1
            continue
        avail = links[child, AVAIL] + 1
        links[child, AVAIL] = avail
        n = links[child, VISITS]
        if n == 0:
            untried[k] = action
            k += 1
        elif k == 0:
            u = stats[child, SCORE] / n + c * math.sqrt(math.log(avail) / n)
            if u > best_u:
                best_u = u
                best = child
    if k == 0:
        return best, False
    if k == 1:
        action = untried[0]
    else:
        game_priors(world, untried, k, priors)
        pick = 0
        top = -math.inf
        for i in range(k):
            weight = priors[i] + 1e-9 * uniform(rng)
            if weight > top:
                top = weight
                pick = i
        action = untried[pick]
    fresh = NO_NODE
    for i in range(count):
        if legal[i] == action:
            fresh = found[i]
            break
    if fresh == NO_NODE:
        fresh = add_child(links, stats, meta, index, node, action, game_current_player(world),
                          0.0)
        links[fresh, AVAIL] = 1
    return fresh, True


def playout(world: Array, rng: Array, settings: Array, buffer: Array, reward: Array) -> None:
    """Play on with the configured policy and depth; write one reward per seat."""
    depth_cap = settings[ROLLOUT_DEPTH]
    depth = 0
    while (depth_cap < 0 or depth < depth_cap) and not game_is_terminal(world):
        if settings[HEURISTIC_ROLLOUT]:
            action = game_rollout_action(world, rng, buffer)
        else:
            count = game_legal_actions(world, buffer)
            action = buffer[int(uniform(rng) * count)]
        game_apply(world, np.int64(action), rng)
        depth += 1
    if game_is_terminal(world):
        game_returns(world, reward)
    else:
        game_evaluate(world, reward)


def restrict(legal: Array, count: int, action: int) -> int:
    """Keep only `action` among `legal[:count]`: 1 with it in `legal[0]`, 0 when absent."""
    for i in range(count):
        if legal[i] == action:
            legal[0] = action
            return 1
    return 0


def iterate(
    observation: Array, world: Array, rng: Array, links: Array, stats: Array, meta: Array,
    settings: Array, c: float, path: Array, legal: Array, untried: Array,
    priors: Array, index: Array, found: Array, reward: Array,
) -> None:
    """One ISMCTS iteration: determinize, descend and expand, play out, back up."""
    if meta[FIRST_WORLD_PENDING]:
        meta[FIRST_WORLD_PENDING] = 0
    else:
        game_sample(observation, world, rng)
    puct = settings[PUCT] != 0
    node = 0
    depth = 0
    at_root = True
    root_move = settings[ROOT_MOVE]
    while not game_is_terminal(world):
        count = game_legal_actions(world, legal)
        if at_root and root_move != NO_NODE:
            count = restrict(legal, count, root_move)
            if count == 0:  # this world does not allow it: play out from the root
                break
        find_children(index, node, legal, count, found)
        if puct or at_root:
            expand_with_priors(world, links, stats, meta, index, node, legal, count, found,
                               priors)
        at_root = False
        if puct:
            best = select_puct(links, stats, node, count, found, c,
                               settings[FPU_REDUCTION_MILLI] / 1000.0)
            expanded = links[best, VISITS] == 0
        else:
            best, expanded = select_uct(world, links, stats, meta, index, node, legal, count,
                                        found, untried, priors, rng, c)
        game_apply(world, links[best, ACTION], rng)
        path[depth] = best
        depth += 1
        if expanded:
            break
        node = best
    if depth > meta[LONGEST_PATH]:
        meta[LONGEST_PATH] = depth
    playout(world, rng, settings, legal, reward)
    back_up(links, stats, path, depth, reward, reward.shape[0])


def run_iterations(
    observation: Array, world: Array, rng: Array, links: Array, stats: Array, meta: Array,
    settings: Array, c: float, path: Array, legal: Array, untried: Array,
    priors: Array, index: Array, found: Array, reward: Array, iterations: int,
) -> int:
    """Up to `iterations` iterations; stops early (returning how many ran) when the tree or the
    path buffer might overflow in the next one, so the caller can grow them (and `index` with
    the tree: an empty one, with `meta[INDEXED]` 1, is filled first).

    The loop passes borrowed views of the arrays (`kernels.borrow`): they outlive the call, and
    the views spare every call inside an iteration numba's atomic reference counts."""
    observation, world, rng = borrowed(observation), borrowed(world), borrowed(rng)
    links, stats, meta, settings = borrowed(links), borrowed(stats), borrowed(meta), borrowed(
        settings)
    path, legal, untried = borrowed(path), borrowed(legal), borrowed(untried)
    priors, index, found = borrowed(priors), borrowed(index), borrowed(found)
    reward = borrowed(reward)
    if meta[INDEXED] != meta[NODES]:
        fill_index(links, meta, index)
    max_legal = legal.shape[0]
    for done in range(iterations):
        longest = meta[LONGEST_PATH]
        if longest + 2 > path.shape[0]:
            return done
        if meta[NODES] + (longest + 2) * max_legal > links.shape[0]:
            return done
        iterate(observation, world, rng, links, stats, meta, settings, c, path, legal, untried,
                priors, index, found, reward)
    return iterations


def legal_codes(world: Array, legal: Array) -> int:
    """Write the legal action codes of `world` to `legal`; returns how many."""
    return game_legal_actions(world, legal)


def start(observation: Array, world: Array, rng: Array) -> tuple[int, int, bool]:
    """Sample the first world; returns (seat to move, seats, whether it is already over)."""
    game_sample(observation, world, rng)
    return game_current_player(world), game_num_players(world), game_is_terminal(world)


# --- flat Monte Carlo (PIMC with rollouts) ----------------------------------------------------


def sample_worlds(
    observation: Array, worlds: Array, legal: Array, counts: Array, rng: Array
) -> tuple[int, int, bool]:
    """Fill `worlds[k]` with sampled worlds and `legal[k, :counts[k]]` with their actions;
    returns the first world's (seat to move, seats, whether it is over)."""
    for k in range(worlds.shape[0]):
        game_sample(observation, worlds[k], rng)
        counts[k] = game_legal_actions(worlds[k], legal[k])
    first = worlds[0]
    return game_current_player(first), game_num_players(first), game_is_terminal(first)


def roll_out_moves(
    worlds: Array, legal: Array, counts: Array, cursor: Array, visits: Array, totals: Array,
    rng: Array, settings: Array, world: Array, buffer: Array, reward: Array, playouts: int,
) -> None:
    """`playouts` more move playouts, cycling moves within a world and worlds round-robin from
    `cursor` (world, move index), each summed into `visits[action]` and `totals[action]`."""
    num_players = reward.shape[0]
    for _ in range(playouts):
        k = cursor[0]
        i = cursor[1]
        action = legal[k, i]
        world[:] = worlds[k]
        game_apply(world, np.int64(action), rng)
        playout(world, rng, settings, buffer, reward)
        visits[action] += 1
        for seat in range(num_players):
            totals[action, seat] += reward[seat]
        i += 1
        if i == counts[k]:
            i = 0
            k = (k + 1) % worlds.shape[0]
        cursor[0] = k
        cursor[1] = i


GENERIC_FUNCTIONS = (
    index_cell,
    child_key,
    add_to_index,
    fill_index,
    find_children,
    add_child,
    back_up,
    expand_with_priors,
    visited_value,
    select_puct,
    select_uct,
    playout,
    restrict,
    iterate,
    run_iterations,
    legal_codes,
    start,
    sample_worlds,
    roll_out_moves,
)
"""Everything `kernels.specialize` compiles per game, callees first."""
