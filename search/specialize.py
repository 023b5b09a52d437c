"""Compile generic numba code once per game, with the game's kernel functions bound in.

The compiled search is written once, calling the game through module-level names
(`game_apply`, `game_legal_actions`, ...). `specialize` copies those functions with the names
bound to one game's jitted functions and compiles the copies with `cache=True` under a name
that carries the game's kernel version, so each game gets its own cached machine code with its
rules inlined, and any change to the game's source or data compiles it afresh.
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
