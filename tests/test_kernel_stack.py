"""`kernels.stack.stack_array`: working cells in a jitted function's frame, not on the heap."""

from __future__ import annotations

import numpy as np
import pytest
from numba import njit
from numba.core.errors import TypingError

from kernels.stack import stack_array

CELLS = 300


@njit
def _fill(cells: np.ndarray, first: int) -> int:
    for i in range(cells.shape[0]):
        cells[i] = first + i
    total = 0
    for i in range(cells.shape[0]):
        total += cells[i]
    return total


@njit
def _sum_of_a_filled_stack_array(first: int) -> tuple[int, int, int, int]:
    cells = stack_array(CELLS, np.int32)
    return _fill(cells, first), cells.shape[0], cells.strides[0], cells[CELLS - 1]


@njit
def _two_arrays_side_by_side() -> tuple[int, int, int]:
    small = stack_array(4, np.int64)
    large = stack_array(CELLS, np.int32)
    empty = stack_array(0, np.int64)
    _fill(large, 1000)
    _fill(small, 7)
    return small[3], large[0], empty.shape[0]


@njit
def _in_a_loop(rounds: int) -> int:
    total = 0
    for r in range(rounds):
        cells = stack_array(CELLS, np.int32)
        total += _fill(cells, r)
    return total


@njit
def _size_unknown_to_the_compiler(n: int) -> int:
    return stack_array(n, np.int32).shape[0]


def test_a_stack_array_has_its_cells_dtype_and_strides() -> None:
    total, shape, stride, last = _sum_of_a_filled_stack_array(5)
    assert (shape, stride, last) == (CELLS, 4, 5 + CELLS - 1)
    assert total == sum(range(5, 5 + CELLS))


def test_stack_arrays_of_one_frame_do_not_overlap() -> None:
    assert _two_arrays_side_by_side() == (7 + 3, 1000, 0)


def test_a_stack_array_in_a_loop_does_not_grow_the_stack() -> None:
    rounds = 100_000  # 1.2 GB of stack if each round took new cells
    assert _in_a_loop(rounds) == sum(CELLS * r + CELLS * (CELLS - 1) // 2 for r in range(rounds))


def test_the_size_must_be_known_when_compiling() -> None:
    with pytest.raises(TypingError):
        _size_unknown_to_the_compiler(3)
