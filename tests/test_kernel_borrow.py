"""`kernels.borrow.borrowed`: a view of an array argument without numba's reference count."""

from __future__ import annotations

import sys

import numpy as np
import pytest
from numba import njit
from numba.core.errors import TypingError

from kernels.borrow import borrowed


@njit
def _double_through_view(cells: np.ndarray) -> int:
    view = borrowed(cells)
    total = 0
    for i in range(view.shape[0]):
        view[i] *= 2
        total += view[i]
    return total


@njit
def _view_shape(grid: np.ndarray) -> tuple[int, int, int]:
    view = borrowed(grid)
    return view.shape[0], view.shape[1], view[1, 2]


@njit
def _borrow_a_number(value: int) -> int:
    return borrowed(value)  # type: ignore[arg-type, return-value]


def test_a_borrowed_view_reads_and_writes_the_array_s_cells() -> None:
    cells = np.arange(5, dtype=np.int32)
    assert _double_through_view(cells) == 2 * (0 + 1 + 2 + 3 + 4)
    assert cells.tolist() == [0, 2, 4, 6, 8]


def test_a_borrowed_view_keeps_the_shape_and_strides() -> None:
    grid = np.arange(12, dtype=np.int64).reshape(3, 4)
    assert _view_shape(grid) == (3, 4, 6)


def test_borrowing_leaves_the_array_s_reference_count_as_it_was() -> None:
    cells = np.zeros(8, dtype=np.int64)
    before = sys.getrefcount(cells)
    for _ in range(100):
        _double_through_view(cells)
    assert sys.getrefcount(cells) == before


def test_only_arrays_can_be_borrowed() -> None:
    with pytest.raises(TypingError):
        _borrow_a_number(3)
