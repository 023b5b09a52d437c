"""Challengers! engine values <-> advisor.v1 messages (decoding assumes validated messages)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from contract.v1 import challengers_pb2 as pb
from games.challengers import CARDS, Observation, State
from games.challengers.actions import (
    BOTTOM,
    KIND_WORDS,
    MAX_COPY,
    OPT,
    ORDER,
    PICK,
    TOP,
    Action,
    make,
    moved,
    option,
    order,
    pick,
)
from games.challengers.catalogue import OPTIONAL_SETS, ROUNDS, SET_NAMES, SETS_PER_GAME
from games.challengers.setup import empty_state
from games.challengers.state import (
    OPP_KNOWS,
    OWNER_KNOWS,
    DraftStep,
    Phase,
    card_of,
    draw_code,
)

Cards = tuple[int, ...]


def _t(values: Iterable[int]) -> Cards:
    return tuple(int(v) for v in values)


def _rows(rows: Iterable[pb.ChallengersCards]) -> tuple[Cards, ...]:
    return tuple(_t(r.cards) for r in rows)


def _tagged(entries: Iterable[tuple[int, int]]) -> list[pb.ChallengersTaggedCard]:
    return [pb.ChallengersTaggedCard(seen_by=tag, card=card) for tag, card in entries]


def _untagged(entries: Iterable[pb.ChallengersTaggedCard]) -> tuple[tuple[int, int], ...]:
    return tuple((e.seen_by, e.card) for e in entries)


def _draft(v: Observation | State) -> pb.ChallengersDraft:
    return pb.ChallengersDraft(turn=v.turn, step=v.draft_step, option_pile=v.option_pile,
                               picks_left=v.picks_left, redraw_used=v.redraw_used)


MATCH_FIELDS = ("park", "side_a", "side_b", "attacker", "match_step", "pending_kind",
                "pending_participant", "pending_data", "loser")
"""The engine's fields that make a `ChallengersMatch`."""
PUBLIC_ROWS = ("trophies", "exhausted", "in_play", "play_bonus", "play_attack", "match_public",
               "hidden_adds")
"""The engine's per-participant lists a `ChallengersParticipant` holds as they are."""
PROTO_NAMES = {"match_step": "step", "exhausted": "exhaust"}
"""Engine field -> proto field, where the two names differ."""


def _proto_name(field: str) -> str:
    return PROTO_NAMES.get(field, field)


def _match(v: Observation | State) -> pb.ChallengersMatch:
    return pb.ChallengersMatch(**{_proto_name(f): getattr(v, f) for f in MATCH_FIELDS})


def _match_fields(m: pb.ChallengersMatch) -> dict[str, Any]:
    return {f: getattr(m, _proto_name(f)) for f in MATCH_FIELDS}


def _participant(v: Observation | State, p: int) -> pb.ChallengersParticipant:
    """The fields an observation and a state share (draw pile and decks are set by callers)."""
    return pb.ChallengersParticipant(
        fans=v.fans[p], phase_counters=v.phase_counters[p],
        bench=[pb.ChallengersCards(cards=seat) for seat in v.benches[p]],
        next_attack_bonus=v.next_attack_bonus[p],
        **{_proto_name(f): getattr(v, f)[p] for f in PUBLIC_ROWS},
    )


def _public_rows(ps: Sequence[pb.ChallengersParticipant]) -> dict[str, Any]:
    return {f: tuple(_t(getattr(p, _proto_name(f))) for p in ps) for f in PUBLIC_ROWS}


def observation_to_proto(o: Observation) -> pb.ChallengersObservation:
    """The message of an engine observation."""
    participants = []
    for p in range(o.num_participants):
        msg = _participant(o, p)
        msg.deck.extend(o.decks[p])
        msg.draw.extend(
            pb.ChallengersDrawCard(card=card, owner_knows=public, opponent_knows=public)
            for card, public in o.draws[p]
        )
        participants.append(msg)
    return pb.ChallengersObservation(
        seat=o.seat, players=o.num_players, sets=o.sets, robot_deck=o.robot_deck, round=o.round,
        phase=o.phase,
        draft=_draft(o),
        offer=o.offer, pile_sizes=o.pile_sizes,
        discards=[pb.ChallengersCompartment(cards=_tagged(d)) for d in o.discards],
        box=_tagged(o.box), participants=participants, own_public_deck=o.own_public_deck,
        trophy_fans=[pb.ChallengersCards(cards=row) for row in o.trophy_fans],
        trophies_revealed=o.revealed, finalists=o.finalists,
        result=None if o.result is None else pb.ChallengersResult(per_seat=o.result),
        match=_match(o),
    )


def _result(msg: pb.ChallengersObservation | pb.ChallengersState) -> tuple[float, ...] | None:
    return tuple(msg.result.per_seat) if msg.HasField("result") else None


def observation_from_proto(msg: pb.ChallengersObservation) -> Observation:
    """The engine observation of a validated message."""
    n, d, ps = msg.players, msg.draft, msg.participants
    return Observation(
        seat=msg.seat, num_players=n, num_participants=n + n % 2, robot=n if n % 2 else -1,
        sets=tuple(msg.sets), robot_deck=_t(msg.robot_deck), round=msg.round,
        phase=Phase(msg.phase), turn=d.turn, draft_step=DraftStep(d.step),
        option_pile=d.option_pile, picks_left=d.picks_left, redraw_used=d.redraw_used,
        offer=_t(msg.offer), pile_sizes=(msg.pile_sizes[0], msg.pile_sizes[1], msg.pile_sizes[2]),
        discards=tuple(_untagged(c.cards) for c in msg.discards), box=_untagged(msg.box),
        decks=tuple(_t(p.deck) for p in ps), own_public_deck=_t(msg.own_public_deck),
        fans=_t(p.fans for p in ps), phase_counters=tuple(_t(p.phase_counters) for p in ps),
        trophy_fans=_rows(msg.trophy_fans), revealed=msg.trophies_revealed,
        finalists=_t(msg.finalists), result=_result(msg),
        draws=tuple(
            tuple((c.card, c.owner_knows and c.opponent_knows) for c in p.draw) for p in ps
        ),
        benches=tuple(_rows(p.bench) for p in ps),
        next_attack_bonus=_t(p.next_attack_bonus for p in ps),
        **_match_fields(msg.match), **_public_rows(ps),
    )


def state_to_proto(s: State) -> pb.ChallengersState:
    """The message of a full state."""
    participants = []
    for p in range(s.num_participants):
        msg = _participant(s, p)
        msg.deck.extend(s.decks[p])
        msg.public_deck.extend(s.public_deck[p])
        msg.draw.extend(
            pb.ChallengersDrawCard(card=card_of(code), owner_knows=bool(code & OWNER_KNOWS),
                                   opponent_knows=bool(code & OPP_KNOWS))
            for code in s.draws[p]
        )
        participants.append(msg)
    return pb.ChallengersState(
        players=s.num_players, sets=s.sets, robot_deck=s.robot_deck, round=s.round, phase=s.phase,
        draft=_draft(s),
        offer=s.offer, piles=[pb.ChallengersCards(cards=pile) for pile in s.piles],
        discards=[pb.ChallengersCompartment(cards=_tagged(zip(tags, cards, strict=True)))
                  for cards, tags in zip(s.discards, s.discard_tags, strict=True)],
        box=_tagged(zip(s.box_tags, s.box, strict=True)), participants=participants,
        trophy_fans=[pb.ChallengersCards(cards=row) for row in s.trophy_fans],
        trophies_revealed=s.revealed, finalists=s.finalists,
        result=None if s.result is None else pb.ChallengersResult(per_seat=s.result),
        match=_match(s),
    )


def _code(c: pb.ChallengersDrawCard) -> int:
    return draw_code(c.card, c.owner_knows, c.opponent_knows)


def state_from_proto(msg: pb.ChallengersState) -> State:
    """The full state of a validated message."""
    s = empty_state(msg.players, tuple(msg.sets), _t(msg.robot_deck))
    d, ps = msg.draft, msg.participants
    s.round, s.phase = msg.round, Phase(msg.phase)
    s.turn, s.draft_step, s.option_pile = d.turn, DraftStep(d.step), d.option_pile
    s.picks_left, s.redraw_used = d.picks_left, d.redraw_used
    s.offer = list(msg.offer)
    s.piles = [list(pile.cards) for pile in msg.piles]
    s.discards = [[e.card for e in c.cards] for c in msg.discards]
    s.discard_tags = [[e.seen_by for e in c.cards] for c in msg.discards]
    s.box, s.box_tags = [e.card for e in msg.box], [e.seen_by for e in msg.box]
    s.decks = [list(p.deck) for p in ps]
    s.public_deck = [list(p.public_deck) for p in ps]
    s.fans = [p.fans for p in ps]
    s.phase_counters = [list(p.phase_counters) for p in ps]
    s.draws = [[_code(c) for c in p.draw] for p in ps]
    s.benches = [[list(seat.cards) for seat in p.bench] for p in ps]
    s.next_attack_bonus = [p.next_attack_bonus for p in ps]
    for name, rows in _public_rows(ps).items():
        setattr(s, name, [list(row) for row in rows])
    for name, value in _match_fields(msg.match).items():
        setattr(s, name, value)
    s.trophy_fans = _rows(msg.trophy_fans)
    s.revealed, s.finalists, s.result = msg.trophies_revealed, _t(msg.finalists), _result(msg)
    return s


def move_to_proto(action: Action) -> pb.ChallengersMove:
    """The structured form of an action."""
    if action.kind == OPT:
        return pb.ChallengersMove(kind="opt", option_pile=action.arg >> 3,
                                  option_picks=action.arg & 7)
    copy = action.copy if action.copy > 1 else 0
    return pb.ChallengersMove(kind=KIND_WORDS[action.kind], cards=action.cards(), copy=copy)


def move_from_proto(msg: pb.ChallengersMove) -> Action:
    """The action of a structured move; ValueError when it names no action."""
    if msg.kind not in KIND_WORDS:
        raise ValueError(f"unknown kind {msg.kind!r}: one of {', '.join(KIND_WORDS)}")
    kind = KIND_WORDS.index(msg.kind)
    if kind == OPT:
        if msg.option_pile > 2 or not 1 <= msg.option_picks <= 7:
            raise ValueError("an option needs option_pile 0..2 and option_picks 1..7")
        return option(msg.option_pile, msg.option_picks)
    if any(c >= len(CARDS) for c in msg.cards):
        raise ValueError(f"cards must be catalogue indices below {len(CARDS)}")
    if kind == PICK:
        if not 1 <= len(msg.cards) <= 3:
            raise ValueError("'pick' names the picked card, then 0 to 2 cards paid for it")
        return pick(*msg.cards)
    if kind == ORDER:
        if len(msg.cards) not in (2, 3):
            raise ValueError("'order' names two or three catalogue cards, top first")
        return order(*msg.cards)
    if msg.copy and kind not in (TOP, BOTTOM):
        raise ValueError(f"only 'top' and 'bottom' name a copy, not {msg.kind!r}")
    want = len(make(kind, 0).cards())
    if len(msg.cards) != want:
        raise ValueError(f"{msg.kind!r} names {want} catalogue card(s)")
    if kind in (TOP, BOTTOM):
        if msg.copy > MAX_COPY:
            raise ValueError(f"copy counts 1..{MAX_COPY} from the top of the deck")
        return moved(kind, msg.cards[0], msg.copy or 1)
    return make(kind, msg.cards[0]) if want else make(kind, 0)


def catalogue_to_proto() -> pb.ChallengersCatalogue:
    """Every card type and set."""
    return pb.ChallengersCatalogue(
        cards=[
            pb.ChallengersCardInfo(index=c.index, id=c.id, name=c.name, key=c.key, set=c.set,
                                   level=c.level, power=c.power, copies=c.copies,
                                   trigger=c.trigger)
            for c in CARDS
        ],
        sets=[pb.ChallengersSet(id=i, name=name, optional=i in OPTIONAL_SETS)
              for i, name in SET_NAMES.items()],
        sets_per_game=SETS_PER_GAME, rounds=ROUNDS,
    )

