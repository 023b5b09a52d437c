"""Cheap size checks on a decoded message, before any of it becomes Python objects.

No list in a game can hold more entries than the game has cards (a deck, a pile, a tableau, a
table of seats or rounds), so a longer repeated field is refused at once, naming the field. A
game's record of moves is the one exception (`LONGER`).
"""

from __future__ import annotations

from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.message import Message

from advisor.errors import RequestError

LONGER = {"advisor.v1.SplendorHistory.plays": 10_000}
"""Repeated fields (by full proto name) that may outgrow the cards, and their limits. A
Splendor: Marvel seat makes at most 5 decisions a turn (an action, 3 token returns, a location),
so 4 seats make at most 4,000 in the 200 rounds of the default turn cap."""


def check_sizes(message: Message, path: str, limit: int) -> None:
    """RequestError for the first repeated field under `message` longer than `limit` (or its
    own limit in `LONGER`)."""
    for field, value in message.ListFields():
        where = f"{path}.{field.name}"
        most = LONGER.get(field.full_name, limit)
        if field.is_repeated and len(value) > most:
            raise RequestError([(where, f"has {len(value)} entries; the game has room for at "
                                        f"most {most}")])
        if field.type == FieldDescriptor.TYPE_MESSAGE:
            children = value if field.is_repeated else [value]
            for i, child in enumerate(children):
                check_sizes(child, f"{where}[{i}]" if field.is_repeated else where, limit)
