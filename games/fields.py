"""States whose annotations are their one list of fields, and observations that share them.

A game state lists each field once, as an annotation (with its comment). The class body sets
``__slots__ = tuple(__annotations__)`` and the class decorator `with_clone` writes its `clone`
from the same list, as dataclasses write their methods: a field annotated ``list[...]`` is
copied to that depth, any other is shared (ints, enums, tuples and None are immutable).

An observation (a frozen dataclass) holding a field under the state's name holds it as the
state does, lists made tuples, unless the game names it as shown differently (`shared`).
`freezer` and `thawer` write the copies both ways, for `observe` and `sample`.

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

import dataclasses
from collections.abc import Callable, Collection
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


def _depth(cls: type, name: str) -> int:
    return str(cls.__annotations__[name]).count("list[")


def shared(state: type, observation: type, shown_otherwise: Collection[str]) -> tuple[str, ...]:
    """The observation's fields it holds as `state` does: same name, not `shown_otherwise`."""
    return tuple(
        f.name for f in dataclasses.fields(observation)
        if f.name in state.__annotations__ and f.name not in shown_otherwise
    )


_FROZEN = {0: "s.{}", 1: "tuple(s.{})", 2: "tuple(map(tuple, s.{}))",
           3: "tuple(tuple(map(tuple, x)) for x in s.{})"}
_THAWED = {0: "o.{}", 1: "list(o.{})", 2: "[list(x) for x in o.{}]",
           3: "[[list(y) for y in x] for x in o.{}]"}


def _compiled(source: str, name: str) -> Any:
    space: dict[str, Any] = {}
    exec(source, space)
    return space[name]


def freezer(state: type, names: tuple[str, ...]) -> Callable[[Any], dict[str, Any]]:
    """`freeze(s)`: the `names` fields of state `s` as an observation holds them (keywords)."""
    items = [f"{name!r}: {_FROZEN[_depth(state, name)].format(name)}" for name in names]
    freeze: Callable[[Any], dict[str, Any]] = _compiled(
        "def freeze(s):\n    return {" + ", ".join(items) + "}", "freeze")
    return freeze


def thawer(state: type, names: tuple[str, ...]) -> Callable[[Any, Any], None]:
    """`thaw(o, s)`: set the `names` fields of state `s` from observation `o`."""
    body = [f"    s.{name} = {_THAWED[_depth(state, name)].format(name)}" for name in names]
    thaw: Callable[[Any, Any], None] = _compiled(
        "\n".join(["def thaw(o, s):", *body, "    return None"]), "thaw")
    return thaw
