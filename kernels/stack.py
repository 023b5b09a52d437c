"""Arrays on the stack for compiled kernels: working cells that cost no allocation.

`np.empty` in jitted code is a heap allocation with a reference-counted memory-info record;
in a function a search calls ten times an iteration (a game's `apply`, which needs a buffer
for the legal moves it runs through), the allocation and its release cost more than the
function's own work on a short move. `stack_array(n, dtype)` instead reserves `n` cells in
the frame of the function that calls it (an `alloca` in its entry block, so a loop does not
grow the stack) and returns them as an array without a memory-info record, like
`kernels.borrow.borrowed`'s views: numba takes no reference counts on it. The cells hold
whatever the stack held (as `np.empty`'s do) and live until that function returns: pass the
array down to callees, never return or store it, and keep `n` small (a few kilobytes).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import numpy as np
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic


@intrinsic
def _stack_array(typingctx: Any, size: Any, dtype: Any) -> Any:
    """Typing and code of `stack_array` for numba: `size` a compile-time integer, `dtype` a
    numpy number type."""
    if not isinstance(size, types.IntegerLiteral) or not isinstance(dtype, types.NumberClass):
        return None
    cells = size.literal_value
    element = dtype.instance_type
    array = types.Array(element, 1, "C")

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        data = cgutils.alloca_once(builder, context.get_data_type(element), size=max(cells, 1))
        itemsize = context.get_abi_sizeof(context.get_data_type(element))
        out = context.make_array(array)(context, builder)
        intp = context.get_value_type(types.intp)
        context.populate_array(
            out,
            data=data,
            shape=cgutils.pack_array(builder, [intp(cells)]),
            strides=cgutils.pack_array(builder, [intp(itemsize)]),
            itemsize=intp(itemsize),
            meminfo=None,
        )
        return out._getvalue()

    return array(size, dtype), codegen


stack_array = cast(Callable[[int, type], np.ndarray], _stack_array)
"""`stack_array(n, dtype)` in jitted code: `n` cells of `dtype` in the caller's stack frame
(see the module docstring); `n` must be a constant the compiler sees (a literal or a module
global)."""
