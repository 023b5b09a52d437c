"""Borrowed array views for compiled kernels: arrays without a reference count.

Numba counts references to every array it passes between jitted functions: a callee takes an
atomic reference on each array argument on entry and drops it on every way out, and its
reference-pruning pass leaves most of these pairs in place in functions with loops and early
returns. In a kernel that calls hundreds of small functions a move, these atomic operations
took a third of the Challengers! search's time. A kernel's entry point can instead hand its
callees `borrowed(array)`: the same data, shape and strides with no memory-info record, for
which numba's reference counting does nothing. The view is only valid while the array it
borrows from is alive, so an entry point borrows its own arguments (or its own local arrays)
and never returns or stores the view.
"""

from __future__ import annotations

from typing import Any

from numba import types
from numba.core import cgutils
from numba.extending import intrinsic


@intrinsic
def borrowed(typingctx: Any, array: Any) -> Any:
    """`array` as a view without its reference count (see the module docstring)."""
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
