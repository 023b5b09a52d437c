"""Splendor: Marvel messages to engine values and back.

Decoders trust their input: run `validate` first. Observations and full states share their
field names, so one pair of helpers handles the table they have in common.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from contract.v1 import splendor_marvel_pb2 as pb
from games.splendor_marvel import (
    DEFAULT_TURN_CAP,
    Action,
    Kind,
    Observation,
    Phase,
    ReservedCard,
    SplendorState,
)
from games.splendor_marvel.actions import colours_of, make, take
from games.splendor_marvel.catalogue import (
    AVENGERS_TAGS_NEEDED,
    AVENGERS_TILE_POINTS,
    BONUS,
    CARDS,
    COLOUR_KEYS,
    GAUNTLET_POINTS,
    LEVEL,
    LOCATION_POINTS,
    LOCATIONS,
    MAX_RESERVED,
    MAX_TOKENS,
    POINTS,
    STONE_COLOURS,
    SUPPLY,
    TAGS,
    location_by_label,
)
from games.splendor_marvel.history import History, Play
from games.splendor_marvel.summary import SeatSummary

_GREY = 6


def tokens_to_proto(counts: Sequence[int]) -> pb.SplendorTokens:
    """Seven token counts as a message."""
    return pb.SplendorTokens(**dict(zip(COLOUR_KEYS, counts, strict=True)))


def colours_to_proto(counts: Sequence[int]) -> pb.SplendorColours:
    """Five colour counts as a message."""
    return pb.SplendorColours(**dict(zip(COLOUR_KEYS[:5], counts, strict=True)))


def _tokens(msg: pb.SplendorTokens) -> list[int]:
    return [getattr(msg, key) for key in COLOUR_KEYS]


def colour_to_proto(colour: int) -> pb.SplendorColour:
    """Engine colour index (0 yellow .. 6 grey) as the enum value."""
    return cast(pb.SplendorColour, colour + 1)


def _colour(value: int, *, stones_only: bool) -> int:
    colour = value - 1
    if not 0 <= colour <= _GREY:
        raise ValueError(f"unknown colour {value}")
    if stones_only and colour not in STONE_COLOURS:
        raise ValueError(f"{COLOUR_KEYS[colour]} tokens cannot be taken")
    return colour


# Tables


def _table_fields(msg: pb.SplendorObservation | pb.SplendorState) -> dict[str, Any]:
    """Engine fields common to observations and states (the hands excepted)."""
    tableaus = [list(p.tableau) for p in msg.players]
    bonuses = [[0] * 5 for _ in tableaus]
    for seat, cards in enumerate(tableaus):
        for card in cards:
            bonuses[seat][BONUS[card]] += 1
    return {
        "num_players": msg.num_players,
        "start_seat": msg.start_seat,
        "current": msg.current_seat,
        "phase": Phase(msg.phase),
        "round": msg.round,
        "passes": msg.passes,
        "end_triggered": msg.end_triggered,
        "turn_cap": msg.turn_cap or DEFAULT_TURN_CAP,
        "result": tuple(msg.result) if msg.result else None,
        "supply": _tokens(msg.supply),
        "tokens": [_tokens(p.tokens) for p in msg.players],
        "bonuses": bonuses,
        "card_points": [sum(POINTS[c] for c in cards) for cards in tableaus],
        "tags": [sum(TAGS[c] for c in cards) for cards in tableaus],
        "tableau": tableaus,
        "locations_left": sorted(location_by_label(x).index for x in msg.locations_left),
        "locations_won": [
            [location_by_label(x).index for x in p.locations_won] for p in msg.players
        ],
        "avengers": msg.avengers_seat if msg.HasField("avengers_seat") else -1,
        "board": list(msg.board),
    }


def _fill_table(msg: pb.SplendorObservation | pb.SplendorState, src: Any) -> None:
    """Write the fields common to observations and states from an engine value."""
    msg.num_players = src.num_players
    msg.start_seat = src.start_seat
    msg.current_seat = src.current
    msg.phase = cast(pb.SplendorPhase, int(src.phase))
    msg.round = src.round
    msg.passes = src.passes
    msg.end_triggered = src.end_triggered
    msg.turn_cap = src.turn_cap
    msg.result.extend(src.result or ())
    msg.supply.CopyFrom(tokens_to_proto(src.supply))
    msg.board.extend(src.board)
    msg.locations_left.extend(LOCATIONS[i].label for i in src.locations_left)
    if src.avengers >= 0:
        msg.avengers_seat = src.avengers
    for seat in range(src.num_players):
        player = msg.players.add()
        player.tokens.CopyFrom(tokens_to_proto(src.tokens[seat]))
        player.tableau.extend(src.tableau[seat])
        player.locations_won.extend(LOCATIONS[i].label for i in src.locations_won[seat])


def observation_from_proto(msg: pb.SplendorObservation) -> Observation:
    """The engine observation of a validated message."""
    fields = _table_fields(msg)
    reserved = tuple(
        tuple(ReservedCard(r.card, r.level or LEVEL[r.card], r.public) for r in p.reserved)
        for p in msg.players
    )
    return Observation(
        seat=msg.seat,
        reserved=reserved,
        deck_sizes=(msg.deck_sizes[0], msg.deck_sizes[1], msg.deck_sizes[2]),
        history=_history(msg),
        **{name: _freeze(value) for name, value in fields.items()},
    )


def _freeze(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_freeze(x) for x in value)
    return value


def observation_to_proto(obs: Observation) -> pb.SplendorObservation:
    """The message form of an engine observation."""
    msg = pb.SplendorObservation(seat=obs.seat, deck_sizes=obs.deck_sizes)
    _fill_table(msg, obs)
    for player, hand in zip(msg.players, obs.reserved, strict=True):
        player.reserved.extend(
            pb.SplendorReservedCard(card=r.card, level=r.level, public=r.public) for r in hand
        )
    _fill_history(msg, obs.history)
    return msg


def state_from_proto(msg: pb.SplendorState) -> SplendorState:
    """The engine state of a validated message (decks come top card first)."""
    state = SplendorState.__new__(SplendorState)
    for name, value in _table_fields(msg).items():
        setattr(state, name, value)
    state.reserved = [[r.card for r in p.reserved] for p in msg.players]
    state.reserved_public = [[r.public for r in p.reserved] for p in msg.players]
    state.decks = [list(reversed(deck.cards)) for deck in msg.decks]
    state.history = _history(msg)
    return state


def state_to_proto(state: SplendorState) -> pb.SplendorState:
    """The message form of a full state."""
    msg = pb.SplendorState()
    _fill_table(msg, state)
    for player, cards, flags in zip(
        msg.players, state.reserved, state.reserved_public, strict=True
    ):
        player.reserved.extend(
            pb.SplendorReservedCard(card=c, level=LEVEL[c], public=f)
            for c, f in zip(cards, flags, strict=True)
        )
    msg.decks.extend(pb.SplendorDeck(cards=list(reversed(deck))) for deck in state.decks)
    _fill_history(msg, state.history)
    return msg


# Histories


def history_from_proto(msg: pb.SplendorHistory) -> History:
    """The engine record of a validated history (location sides as indices, sorted)."""
    return History(
        opening_board=tuple(msg.opening_board),
        opening_locations=tuple(sorted(location_by_label(x).index for x in msg.opening_locations)),
        plays=tuple(
            Play(move_from_proto(p.move), tuple(p.dealt), p.drawn) for p in msg.plays
        ),
    )


def history_to_proto(history: History) -> pb.SplendorHistory:
    """The message form of a game's record."""
    return pb.SplendorHistory(
        opening_board=history.opening_board,
        opening_locations=[LOCATIONS[i].label for i in history.opening_locations],
        plays=[
            pb.SplendorPlay(move=move_to_proto(p.action), dealt=p.dealt, drawn=p.drawn)
            for p in history.plays
        ],
    )


def _history(msg: pb.SplendorObservation | pb.SplendorState) -> History | None:
    return history_from_proto(msg.history) if msg.HasField("history") else None


def _fill_history(msg: pb.SplendorObservation | pb.SplendorState, history: History | None) -> None:
    if history is not None:
        msg.history.CopyFrom(history_to_proto(history))


# Moves


def move_from_proto(msg: pb.SplendorMove) -> Action:
    """The engine action of a structured move; ValueError naming the field if none."""
    kind = msg.WhichOneof("kind")
    if kind is None:
        raise ValueError("no move given: set one of take, take_two, reserve, ...")
    try:
        return _action(msg, kind)
    except ValueError as exc:
        raise ValueError(f"{kind}: {exc}") from None


def _action(msg: pb.SplendorMove, kind: str) -> Action:
    if kind == "take":
        colours = [_colour(c, stones_only=True) for c in msg.take.colours]
        if not colours:
            raise ValueError("name 1 to 3 colours")
        return take(*colours)
    if kind == "take_two":
        return make(Kind.TAKE_TWO, _colour(msg.take_two, stones_only=True))
    if kind == "return_token":
        return make(Kind.RETURN, _colour(msg.return_token, stones_only=False))
    if kind == "location":
        try:
            return make(Kind.LOCATION, location_by_label(msg.location).index)
        except KeyError:
            raise ValueError(f"unknown location {msg.location!r}") from None
    if kind == "pass":
        return make(Kind.PASS)
    simple = {
        "reserve": Kind.RESERVE,
        "reserve_blind": Kind.RESERVE_BLIND,
        "recruit": Kind.RECRUIT,
        "recruit_reserved": Kind.RECRUIT_RESERVED,
    }
    return make(simple[kind], getattr(msg, kind))


def move_to_proto(action: Action) -> pb.SplendorMove:
    """The structured form of an engine action."""
    kind, arg = action.kind, action.arg
    if kind is Kind.TAKE:
        return pb.SplendorMove(
            take=pb.SplendorTake(colours=[colour_to_proto(c) for c in colours_of(arg)])
        )
    if kind is Kind.TAKE_TWO:
        return pb.SplendorMove(take_two=colour_to_proto(arg))
    if kind is Kind.RETURN:
        return pb.SplendorMove(return_token=colour_to_proto(arg))
    if kind is Kind.LOCATION:
        return pb.SplendorMove(location=LOCATIONS[arg].label)
    msg = pb.SplendorMove()
    if kind is Kind.PASS:
        getattr(msg, "pass").SetInParent()
        return msg
    field = {
        Kind.RESERVE: "reserve",
        Kind.RESERVE_BLIND: "reserve_blind",
        Kind.RECRUIT: "recruit",
        Kind.RECRUIT_RESERVED: "recruit_reserved",
    }[kind]
    setattr(msg, field, arg)
    return msg


# Catalogue and summaries


def catalogue_to_proto() -> pb.SplendorCatalogue:
    """Every card, location side and rule number."""
    return pb.SplendorCatalogue(
        cards=[
            pb.SplendorCard(
                id=c.id,
                level=c.level,
                name=c.name,
                bonus=colour_to_proto(c.bonus),
                cost=colours_to_proto(c.cost),
                points=c.points,
                avengers_tags=c.avengers,
                time_stone=c.time_stone,
            )
            for c in CARDS
        ],
        locations=[
            pb.SplendorLocation(
                label=s.label,
                tile=s.tile,
                side=s.side,
                name=s.name,
                requires=colours_to_proto(s.requires),
                points=s.points,
            )
            for s in LOCATIONS
        ],
        supply=[
            pb.SplendorSupply(
                players=n, each_colour=s.each_colour, green=s.green, grey=s.grey,
                locations=s.locations,
            )
            for n, s in sorted(SUPPLY.items())
        ],
        avengers_tile_points=AVENGERS_TILE_POINTS,
        avengers_tags_needed=AVENGERS_TAGS_NEEDED,
        location_points=LOCATION_POINTS,
        gauntlet_points=GAUNTLET_POINTS,
        max_tokens=MAX_TOKENS,
        max_reserved=MAX_RESERVED,
        default_turn_cap=DEFAULT_TURN_CAP,
    )


def summary_to_proto(summary: SeatSummary) -> pb.SplendorSeatSummary:
    """The game-specific part of a seat summary."""
    return pb.SplendorSeatSummary(
        bonuses=colours_to_proto(summary.bonuses),
        avengers_tags=summary.tags,
        tokens=summary.tokens,
        cards=summary.cards,
        reserved=summary.reserved,
        locations=summary.locations,
        has_avengers_tile=summary.has_avengers_tile,
        has_green=summary.has_green,
        meets_gauntlet=summary.meets_gauntlet,
    )
