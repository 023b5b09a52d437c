"""Borrowed array views for compiled kernels: arrays without a reference count.

Numba counts references to every array it passes between jitted functions: a callee takes an
atomic reference on each array argument on entry and drops it on every way out, and its
reference-pruning pass leaves most of these pairs in place in functions with loops and early
returns. In a kernel that calls hundreds of small functions a move, these atomic operations
took a third of the Challengers! search's time. A kernel's entry point can instead hand its
callees `borrowed(array)`: the same data, shape and strides with no memory-info record, for
which numba's reference counting does nothing. The view is only valid while the array it
borrows from is alive: borrow only a function's array arguments (its caller holds them for
the whole call) and never return or store the view. Never borrow an array the function
allocates itself: numba frees a local array right after its last use, which would be the
borrow.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import numpy as np
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic


@intrinsic
def _borrowed(typingctx: Any, array: Any) -> Any:
    """Typing and code of `borrowed` for numba."""
    if not isinstance(array, types.Array):
        return None

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        source = context.make_array(array)(context, builder, value=args[0])
        view = context.make_array(array)(context, builder)
        for field in ("nitems", "itemsize", "data", "shape", "strides"):
            setattr(view, field, getattr(source, field))
        view.meminfo = cgutils.get_null_value(view.meminfo.type)
        view.parent = cgutils.get_null_value(view.parent.type)
        return view._getvalue()

    return array(array), codegen


borrowed = cast(Callable[[np.ndarray], np.ndarray], _borrowed)
"""`borrowed(array)` in jitted code: `array` as a view without its reference count (see the
module docstring)."""
