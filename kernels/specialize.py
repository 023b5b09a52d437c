"""Compile generic numba code once per binding: the names it calls or reads, bound in.

Generic code calls or reads module-level names that stand for something bound later: the
compiled search calls a game's kernel (`game_apply`, `game_legal_actions`, ...), a network's
kernel reads its weights (`network.bound_value`). `specialize` copies those functions with the
names bound and compiles the copies with `cache=True` under a name that carries a tag of what
was bound, so each binding gets its own cached machine code with the bound code inlined (or the
bound arrays frozen in), and any change to it compiles afresh.
"""

from __future__ import annotations

import types
from collections.abc import Callable, Sequence
from typing import Any

from numba import njit


def specialize(
    functions: Sequence[Callable[..., Any]], bindings: dict[str, Any], tag: str
) -> dict[str, Any]:
    """Jitted copies of `functions` that see `bindings` as globals, keyed by function name.

    The copies call each other (by their shared names) and the bound functions; `tag` must be
    a valid identifier part that changes whenever the bound code changes (it names the cache).
    """
    namespace: dict[str, Any] = {}
    compiled: dict[str, Any] = {}
    for function in functions:
        if not namespace:
            namespace.update(function.__globals__)
            namespace.update(bindings)
        copy = types.FunctionType(
            function.__code__, namespace, function.__name__, function.__defaults__
        )
        copy.__qualname__ = f"{function.__name__}__{tag}"
        copy.__module__ = function.__module__
        copy.__doc__ = function.__doc__
        jitted = njit(cache=True, nogil=True)(copy)
        namespace[function.__name__] = jitted
        compiled[function.__name__] = jitted
    return compiled
