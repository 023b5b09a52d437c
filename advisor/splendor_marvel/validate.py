"""Consistency checks of Splendor: Marvel observations and full states, field by field.

Every problem is reported with the proto field path under the caller's `path` prefix, e.g.
`observation.splendor_marvel.players[1].tokens.yellow`. The checks run on the proto message
before any decoding, so the codec may trust what passes. A history, when given, is checked
field by field and then replayed (`games.splendor_marvel.replay.replay`): it must lead to the
position it came with.
"""

from __future__ import annotations

from collections.abc import Sequence

from advisor.errors import Violations
from contract.codecs import splendor_marvel as codec
from contract.v1 import splendor_marvel_pb2 as pb
from games.splendor_marvel.actions import KIND_OF, Kind
from games.splendor_marvel.catalogue import (
    AVENGERS_TAGS_NEEDED,
    BONUS,
    CARDS_OF_LEVEL,
    COLOUR_KEYS,
    GREEN,
    LEVEL,
    LOCATIONS,
    MAX_RESERVED,
    MAX_TOKENS,
    NUM_CARDS,
    SLOTS_PER_LEVEL,
    SUPPLY,
    TAGS,
    TIME_STONE,
    location_by_label,
)
from games.splendor_marvel.observation import Observation, observe
from games.splendor_marvel.replay import replay
from games.splendor_marvel.rules import locations_met
from games.splendor_marvel.state import MAX_TURN_CAP, Phase, SplendorState

Table = pb.SplendorObservation | pb.SplendorState
BOARD_SLOTS = 3 * SLOTS_PER_LEVEL
PHASES = {int(p) for p in Phase}


def validate_observation(msg: pb.SplendorObservation, path: str) -> Observation:
    """The engine observation of `msg`, or RequestError listing every inconsistency."""
    v = Violations()
    if _check_table(msg, path, v, viewer=msg.seat):
        _check_deck_sizes(msg, path, v)
    if not v and msg.HasField("history"):
        _check_history(msg, f"{path}.history", v, viewer=msg.seat)
        if not v:
            _check_replay([codec.observation_from_proto(msg)], f"{path}.history", v)
    v.raise_if_any()
    return codec.observation_from_proto(msg)


def validate_state(msg: pb.SplendorState, path: str) -> SplendorState:
    """The full state of `msg`, or RequestError listing every inconsistency."""
    v = Violations()
    if _check_table(msg, path, v, viewer=None):
        _check_decks(msg, path, v)
    if not v and msg.HasField("history"):
        _check_history(msg, f"{path}.history", v, viewer=None)
        if not v:
            state = codec.state_from_proto(msg)
            views = [observe(state, seat) for seat in range(state.num_players)]
            _check_replay(views, f"{path}.history", v)
    v.raise_if_any()
    return codec.state_from_proto(msg)


def _check_table(msg: Table, path: str, v: Violations, viewer: int | None) -> bool:
    """Checks common to observations and states; False when too broken to go on."""
    n = msg.num_players
    if n not in SUPPLY:
        v.add(f"{path}.num_players", f"must be one of {sorted(SUPPLY)}, got {n}")
        return False
    seats = {
        "start_seat": msg.start_seat,
        "current_seat": msg.current_seat,
        **({"seat": viewer} if viewer is not None else {}),
    }
    for name, seat in seats.items():
        if seat >= n:
            v.add(f"{path}.{name}", f"seat {seat} is out of range 0..{n - 1}")
    if len(msg.players) != n:
        v.add(f"{path}.players", f"needs one entry per seat ({n}), got {len(msg.players)}")
    if len(msg.board) != BOARD_SLOTS:
        v.add(f"{path}.board", f"needs {BOARD_SLOTS} slots (0 for empty), got {len(msg.board)}")
    if msg.phase not in PHASES:
        v.add(f"{path}.phase", f"unknown phase {msg.phase}")
    if v:
        return False
    _check_counters(msg, path, v)
    _check_cards(msg, path, v, viewer)
    if v:
        return False
    _check_tokens(msg, path, v)
    _check_locations(msg, path, v)
    _check_avengers(msg, path, v)
    _check_result(msg, path, v)
    return not v


def _check_counters(msg: Table, path: str, v: Violations) -> None:
    if msg.turn_cap > MAX_TURN_CAP:
        v.add(f"{path}.turn_cap", f"turn_cap must be at most {MAX_TURN_CAP}, got {msg.turn_cap}")
    # A game that reached the cap is over: round == turn_cap only with a result.
    if msg.turn_cap and (
        msg.round > msg.turn_cap or (msg.round == msg.turn_cap and not msg.result)
    ):
        v.add(f"{path}.round", f"round {msg.round} is at or past the turn cap {msg.turn_cap}")
    if msg.passes > msg.num_players:
        v.add(f"{path}.passes", f"{msg.passes} passes in a round of {msg.num_players} seats")


def _valid_card(card: int, where: str, v: Violations) -> bool:
    if not 1 <= card <= NUM_CARDS:
        v.add(where, f"no card has id {card} (ids run 1..{NUM_CARDS})")
        return False
    return True


def _check_slot(card: int, slot: int, where: str, v: Violations) -> bool:
    """Report a card of another level than its board slot; False when no card has the id."""
    if not _valid_card(card, where, v):
        return False
    level = slot // SLOTS_PER_LEVEL + 1
    if LEVEL[card] != level:
        v.add(where, f"card {card} is level {LEVEL[card]}, slot {slot} holds level {level}")
    return True


def _check_cards(msg: Table, path: str, v: Violations, viewer: int | None) -> None:
    """Ids exist, each card is in one place, levels fit, hands hold at most 3."""
    seen: dict[int, str] = {}

    def place(card: int, where: str) -> None:
        if card in seen:
            v.add(where, f"card {card} is also at {seen[card]}")
        else:
            seen[card] = where

    for slot, card in enumerate(msg.board):
        where = f"{path}.board[{slot}]"
        if card and _check_slot(card, slot, where, v):
            place(card, where)
    for seat, player in enumerate(msg.players):
        for i, card in enumerate(player.tableau):
            where = f"{path}.players[{seat}].tableau[{i}]"
            if _valid_card(card, where, v):
                place(card, where)
        if len(player.reserved) > MAX_RESERVED:
            v.add(f"{path}.players[{seat}].reserved", f"at most {MAX_RESERVED} reserved cards")
        for i, r in enumerate(player.reserved):
            where = f"{path}.players[{seat}].reserved[{i}]"
            if r.level not in CARDS_OF_LEVEL:
                v.add(f"{where}.level", f"level must be 1, 2 or 3, got {r.level}")
            if not r.card:
                if viewer is None:
                    v.add(f"{where}.card", "a full state knows every reserved card")
                elif seat == viewer:
                    v.add(f"{where}.card", "your own reserved cards must be given")
                elif r.public:
                    v.add(f"{where}.card", "a card reserved face up is known to everyone")
                continue
            if _valid_card(r.card, f"{where}.card", v):
                if r.level and LEVEL[r.card] != r.level:
                    v.add(f"{where}.level", f"card {r.card} is level {LEVEL[r.card]}")
                place(r.card, f"{where}.card")


def _token_counts(tokens: pb.SplendorTokens) -> list[int]:
    return [getattr(tokens, key) for key in COLOUR_KEYS]


def _check_tokens(msg: Table, path: str, v: Violations) -> None:
    """Supply plus hands match the set for the player count; hand limits; green rules."""
    supply = SUPPLY[msg.num_players]
    totals = [supply.each_colour] * 5 + [supply.green, supply.grey]
    held = [0] * 7
    for seat, player in enumerate(msg.players):
        where = f"{path}.players[{seat}].tokens"
        counts = _token_counts(player.tokens)
        held = [a + b for a, b in zip(held, counts, strict=True)]
        returning = msg.phase == Phase.RETURN and seat == msg.current_seat
        if sum(counts) > MAX_TOKENS and not returning:
            v.add(where, f"holds {sum(counts)} tokens; the limit is {MAX_TOKENS}")
        if returning and sum(counts) <= MAX_TOKENS:
            v.add(f"{path}.phase", f"the return phase needs more than {MAX_TOKENS} tokens")
        if counts[GREEN] > 1:
            v.add(f"{where}.green", "nobody may hold more than one green token")
        elif counts[GREEN] and not any(TIME_STONE[c] for c in player.tableau):
            v.add(f"{where}.green", "a green token needs a recruited Time Stone card")
    for kind, key in enumerate(COLOUR_KEYS):
        total = getattr(msg.supply, key) + held[kind]
        if total != totals[kind]:
            v.add(
                f"{path}.supply.{key}",
                f"supply and hands hold {total} {key} tokens; a {msg.num_players}-player game "
                f"has {totals[kind]}",
            )


def _location_index(label: str, where: str, v: Violations) -> int | None:
    try:
        return location_by_label(label).index
    except KeyError:
        v.add(where, f"unknown location {label!r}")
        return None


def _check_locations(msg: Table, path: str, v: Violations) -> None:
    """Known labels, one side per tile, the right number of tiles, the location phase."""
    placed = [(f"{path}.locations_left[{i}]", x) for i, x in enumerate(msg.locations_left)]
    for seat, player in enumerate(msg.players):
        placed.extend(
            (f"{path}.players[{seat}].locations_won[{i}]", x)
            for i, x in enumerate(player.locations_won)
        )
    _check_sides(placed, f"{path}.locations_left", msg.num_players, v)
    if msg.phase == Phase.LOCATION and not v and len(_qualifying(msg, msg.current_seat)) < 2:
        v.add(f"{path}.phase", "the location phase needs two or more qualifying locations")


def _check_sides(placed: list[tuple[str, str]], where_all: str, num_players: int,
                 v: Violations) -> None:
    """Known labels, one side per tile, as many tiles as the player count deals."""
    tiles: dict[int, str] = {}
    for where, label in placed:
        index = _location_index(label, where, v)
        if index is None:
            continue
        tile = LOCATIONS[index].tile
        if tile in tiles:
            v.add(where, f"tile {tile} is also at {tiles[tile]}")
        tiles[tile] = where
    wanted = SUPPLY[num_players].locations
    if len(placed) != wanted:
        v.add(
            where_all,
            f"{len(placed)} location tiles in play; a {num_players}-player game has {wanted}",
        )


def _bonuses(tableau: Sequence[int]) -> list[int]:
    counts = [0] * 5
    for card in tableau:
        counts[BONUS[card]] += 1
    return counts


def _qualifying(msg: Table, seat: int) -> list[int]:
    return locations_met(
        _bonuses(msg.players[seat].tableau),
        [location_by_label(label).index for label in msg.locations_left],
    )


def _check_avengers(msg: Table, path: str, v: Violations) -> None:
    """The tile is with the first seat to 3 tags and never behind another seat's count."""
    tags = [sum(TAGS[c] for c in p.tableau) for p in msg.players]
    where = f"{path}.avengers_seat"
    if not msg.HasField("avengers_seat"):
        over = [seat for seat, t in enumerate(tags) if t >= AVENGERS_TAGS_NEEDED]
        if over:
            v.add(where, f"seat {over[0]} has {tags[over[0]]} Avengers tags, so someone holds it")
        return
    holder = msg.avengers_seat
    if holder >= msg.num_players:
        v.add(where, f"seat {holder} is out of range 0..{msg.num_players - 1}")
    elif tags[holder] < AVENGERS_TAGS_NEEDED:
        v.add(where, f"seat {holder} has {tags[holder]} Avengers tags; the tile needs 3")
    elif max(tags) > tags[holder]:
        v.add(where, f"seat {tags.index(max(tags))} has more Avengers tags than the holder")


def _check_result(msg: Table, path: str, v: Violations) -> None:
    if not msg.result:
        return
    if len(msg.result) != msg.num_players:
        v.add(f"{path}.result", f"needs one share per seat ({msg.num_players})")
    elif any(not 0.0 <= x <= 1.0 for x in msg.result) or abs(sum(msg.result) - 1.0) > 1e-6:
        v.add(f"{path}.result", "shares must lie in [0, 1] and sum to 1")


def _visible_by_level(msg: Table) -> tuple[dict[int, int], dict[int, int]]:
    """Per level: cards whose place is known, and hidden reserves."""
    known = {level: 0 for level in CARDS_OF_LEVEL}
    hidden = {level: 0 for level in CARDS_OF_LEVEL}
    for card in msg.board:
        if card:
            known[LEVEL[card]] += 1
    for player in msg.players:
        for card in player.tableau:
            known[LEVEL[card]] += 1
        for r in player.reserved:
            if r.card:
                known[LEVEL[r.card]] += 1
            else:
                hidden[r.level] += 1
    return known, hidden


def _check_empty_slots(msg: Table, path: str, v: Violations, deck_sizes: Sequence[int]) -> None:
    for slot, card in enumerate(msg.board):
        level = slot // SLOTS_PER_LEVEL + 1
        if not card and deck_sizes[level - 1]:
            v.add(f"{path}.board[{slot}]", f"empty while the level-{level} deck still has cards")


def _check_deck_sizes(msg: pb.SplendorObservation, path: str, v: Violations) -> None:
    """Deck sizes plus hidden reserves equal the cards of each level nobody can place."""
    if len(msg.deck_sizes) != 3:
        v.add(f"{path}.deck_sizes", f"needs 3 sizes (levels 1-3), got {len(msg.deck_sizes)}")
        return
    known, hidden = _visible_by_level(msg)
    for level, cards in CARDS_OF_LEVEL.items():
        unseen = len(cards) - known[level]
        size = msg.deck_sizes[level - 1]
        if size + hidden[level] != unseen:
            v.add(
                f"{path}.deck_sizes[{level - 1}]",
                f"{unseen} level-{level} cards are unseen, but the deck ({size}) and the hidden "
                f"reserves ({hidden[level]}) hold {size + hidden[level]}",
            )
    _check_empty_slots(msg, path, v, msg.deck_sizes)


def _check_decks(msg: pb.SplendorState, path: str, v: Violations) -> None:
    """Every card of the catalogue is in exactly one place, decks holding their own level."""
    if len(msg.decks) != 3:
        v.add(f"{path}.decks", f"needs 3 decks (levels 1-3), got {len(msg.decks)}")
        return
    placed = {c for c in msg.board if c}
    for player in msg.players:
        placed.update(player.tableau)
        placed.update(r.card for r in player.reserved)
    for index, deck in enumerate(msg.decks):
        level = index + 1
        for i, card in enumerate(deck.cards):
            where = f"{path}.decks[{index}].cards[{i}]"
            if not _valid_card(card, where, v):
                continue
            if LEVEL[card] != level:
                v.add(where, f"card {card} is level {LEVEL[card]}, not {level}")
            elif card in placed:
                v.add(where, f"card {card} is in two places")
            placed.add(card)
    missing = sorted(set(range(1, NUM_CARDS + 1)) - placed)
    if missing:
        v.add(f"{path}.decks", f"cards missing from the game: {missing[:10]}")
    _check_empty_slots(msg, path, v, [len(d.cards) for d in msg.decks])


# History


def _check_history(msg: Table, path: str, v: Violations, viewer: int | None) -> None:
    """The opening as dealt, and each play well formed up to the first bad one (the replay
    judges the rest)."""
    history = msg.history
    if len(history.opening_board) != BOARD_SLOTS:
        v.add(f"{path}.opening_board",
              f"needs the {BOARD_SLOTS} cards dealt face up, got {len(history.opening_board)}")
    dealt: dict[int, str] = {}
    for slot, card in enumerate(history.opening_board[:BOARD_SLOTS]):
        where = f"{path}.opening_board[{slot}]"
        if _check_slot(card, slot, where, v):
            if card in dealt:
                v.add(where, f"card {card} is also at {dealt[card]}")
            dealt[card] = where
    sides = [(f"{path}.opening_locations[{i}]", x) for i, x in enumerate(history.opening_locations)]
    _check_sides(sides, f"{path}.opening_locations", msg.num_players, v)
    drawable = _drawable(msg, viewer)
    for index, play in enumerate(history.plays):
        if not _check_play(play, f"{path}.plays[{index}]", v, drawable, viewer):
            return


def _drawable(msg: Table, viewer: int | None) -> set[int]:
    """The cards a record may name as drawn blind: recruited ones, and those in the viewer's
    hand (every hand's in a full state)."""
    cards = {card for player in msg.players for card in player.tableau}
    for seat, player in enumerate(msg.players):
        if viewer is None or seat == viewer:
            cards.update(r.card for r in player.reserved)
    return cards


def _check_play(play: pb.SplendorPlay, path: str, v: Violations, drawable: set[int],
                viewer: int | None) -> bool:
    """A move that decodes, dealt cards that exist, a drawn card only for a blind reserve and
    of its level, and only one the viewer can see; False when anything was reported."""
    try:
        action = codec.move_from_proto(play.move)
    except ValueError as exc:
        v.add(f"{path}.move", str(exc))
        return False
    for i, card in enumerate(play.dealt):
        if not _valid_card(card, f"{path}.dealt[{i}]", v):
            return False
    where = f"{path}.drawn"
    blind = KIND_OF[action] is Kind.RESERVE_BLIND
    if not play.drawn:
        if blind and viewer is None:
            v.add(where, "a full state knows every card drawn blind")
            return False
        return True
    if not blind:
        v.add(where, f"only a blind reserve draws a card, not {action}")
    elif not _valid_card(play.drawn, where, v):
        return False
    elif LEVEL[play.drawn] != action.arg:
        v.add(where, f"card {play.drawn} is level {LEVEL[play.drawn]}, not {action.arg}")
    elif play.drawn not in drawable:
        hands = "a hand" if viewer is None else (
            f"seat {viewer}'s hand (give 0 for a card you cannot see)")
        v.add(where, f"card {play.drawn} is in nobody's tableau nor in {hands}")
    else:
        return True
    return False


def _check_replay(views: Sequence[Observation], path: str, v: Violations) -> None:
    """The record replays to each view (every seat's, for a full state: each checks the cards
    that seat drew)."""
    for view in views:
        try:
            replay(view)
        except ValueError as exc:
            seen = f" (as seat {view.seat} sees it)" if len(views) > 1 else ""
            v.add(path, f"{exc}{seen}")
            return
