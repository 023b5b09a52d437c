"""States whose annotations are their one list of fields.

A game state lists each field once, as an annotation (with its comment). The class body sets
``__slots__ = tuple(__annotations__)`` and the class decorator `with_clone` writes its `clone`
from the same list, as dataclasses write their methods: a field annotated ``list[...]`` is
copied to that depth, any other is shared (ints, enums, tuples and None are immutable).

>>> @with_clone
... class Pile:
...     size: int
...     rows: list[list[int]]
...     __slots__ = tuple(__annotations__)
...
...     def clone(self) -> Pile:
...         raise NotImplementedError  # written by with_clone
>>> a = Pile(); a.size, a.rows = 1, [[2]]
>>> b = a.clone(); b.rows[0].append(3)
>>> b.size, a.rows, b.rows
(1, [[2]], [[2, 3]])
"""

from __future__ import annotations

from typing import Any, TypeVar

T = TypeVar("T")

_COPIES = {
    0: "self.{}",
    1: "self.{}[:]",
    2: "[x[:] for x in self.{}]",
    3: "[[y[:] for y in x] for x in self.{}]",
}


def clone_source(annotations: dict[str, str]) -> str:
    """The source of `clone`: one assignment per field, lists copied to their depth."""
    body = [f"    other.{name} = {_COPIES[str(kind).count('list[')].format(name)}"
            for name, kind in annotations.items()]
    head = ["def clone(self):", "    other = cls.__new__(cls)"]
    return "\n".join([*head, *body, "    return other"])


def with_clone(cls: type[T]) -> type[T]:
    """Give `cls` the `clone` its annotations describe (its own `clone` is the signature)."""
    space: dict[str, Any] = {"cls": cls}
    exec(clone_source(cls.__annotations__), space)
    clone = space["clone"]
    clone.__doc__ = "An independent copy (lists copied to their depth, other fields shared)."
    clone.__qualname__ = f"{cls.__qualname__}.clone"
    clone.__module__ = cls.__module__
    cls.clone = clone  # type: ignore[attr-defined]
    return cls
