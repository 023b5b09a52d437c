"""Cheap size checks on a decoded message, before any of it becomes Python objects.

No list in a game can hold more entries than the game has cards (a deck, a pile, a tableau, a
table of seats or rounds), so a longer repeated field is refused at once, naming the field.
"""

from __future__ import annotations

from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.message import Message

from advisor.errors import RequestError


def check_sizes(message: Message, path: str, limit: int) -> None:
    """RequestError for the first repeated field under `message` longer than `limit`."""
    for field, value in message.ListFields():
        where = f"{path}.{field.name}"
        if field.is_repeated and len(value) > limit:
            raise RequestError([(where, f"has {len(value)} entries; the game has room for at "
                                        f"most {limit}")])
        if field.type == FieldDescriptor.TYPE_MESSAGE:
            children = value if field.is_repeated else [value]
            for i, child in enumerate(children):
                check_sizes(child, f"{where}[{i}]" if field.is_repeated else where, limit)
