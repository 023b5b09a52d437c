from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class ChallengersTaggedCard(_message.Message):
    __slots__ = ("card", "seen_by")
    CARD_FIELD_NUMBER: _ClassVar[int]
    SEEN_BY_FIELD_NUMBER: _ClassVar[int]
    card: int
    seen_by: int
    def __init__(self, card: _Optional[int] = ..., seen_by: _Optional[int] = ...) -> None: ...

class ChallengersCompartment(_message.Message):
    __slots__ = ("cards",)
    CARDS_FIELD_NUMBER: _ClassVar[int]
    cards: _containers.RepeatedCompositeFieldContainer[ChallengersTaggedCard]
    def __init__(self, cards: _Optional[_Iterable[_Union[ChallengersTaggedCard, _Mapping]]] = ...) -> None: ...

class ChallengersCards(_message.Message):
    __slots__ = ("cards",)
    CARDS_FIELD_NUMBER: _ClassVar[int]
    cards: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, cards: _Optional[_Iterable[int]] = ...) -> None: ...

class ChallengersDrawCard(_message.Message):
    __slots__ = ("card", "owner_knows", "opponent_knows")
    CARD_FIELD_NUMBER: _ClassVar[int]
    OWNER_KNOWS_FIELD_NUMBER: _ClassVar[int]
    OPPONENT_KNOWS_FIELD_NUMBER: _ClassVar[int]
    card: int
    owner_knows: bool
    opponent_knows: bool
    def __init__(self, card: _Optional[int] = ..., owner_knows: _Optional[bool] = ..., opponent_knows: _Optional[bool] = ...) -> None: ...

class ChallengersDraft(_message.Message):
    __slots__ = ("turn", "step", "option_pile", "picks_left", "redraw_used")
    TURN_FIELD_NUMBER: _ClassVar[int]
    STEP_FIELD_NUMBER: _ClassVar[int]
    OPTION_PILE_FIELD_NUMBER: _ClassVar[int]
    PICKS_LEFT_FIELD_NUMBER: _ClassVar[int]
    REDRAW_USED_FIELD_NUMBER: _ClassVar[int]
    turn: int
    step: int
    option_pile: int
    picks_left: int
    redraw_used: bool
    def __init__(self, turn: _Optional[int] = ..., step: _Optional[int] = ..., option_pile: _Optional[int] = ..., picks_left: _Optional[int] = ..., redraw_used: _Optional[bool] = ...) -> None: ...

class ChallengersMatch(_message.Message):
    __slots__ = ("park", "side_a", "side_b", "attacker", "step", "pending_kind", "pending_participant", "pending_data", "loser")
    PARK_FIELD_NUMBER: _ClassVar[int]
    SIDE_A_FIELD_NUMBER: _ClassVar[int]
    SIDE_B_FIELD_NUMBER: _ClassVar[int]
    ATTACKER_FIELD_NUMBER: _ClassVar[int]
    STEP_FIELD_NUMBER: _ClassVar[int]
    PENDING_KIND_FIELD_NUMBER: _ClassVar[int]
    PENDING_PARTICIPANT_FIELD_NUMBER: _ClassVar[int]
    PENDING_DATA_FIELD_NUMBER: _ClassVar[int]
    LOSER_FIELD_NUMBER: _ClassVar[int]
    park: int
    side_a: int
    side_b: int
    attacker: int
    step: int
    pending_kind: int
    pending_participant: int
    pending_data: int
    loser: int
    def __init__(self, park: _Optional[int] = ..., side_a: _Optional[int] = ..., side_b: _Optional[int] = ..., attacker: _Optional[int] = ..., step: _Optional[int] = ..., pending_kind: _Optional[int] = ..., pending_participant: _Optional[int] = ..., pending_data: _Optional[int] = ..., loser: _Optional[int] = ...) -> None: ...

class ChallengersParticipant(_message.Message):
    __slots__ = ("deck", "public_deck", "fans", "phase_counters", "trophies", "draw", "bench", "exhaust", "in_play", "play_bonus", "play_attack", "next_attack_bonus", "match_public", "hidden_adds")
    DECK_FIELD_NUMBER: _ClassVar[int]
    PUBLIC_DECK_FIELD_NUMBER: _ClassVar[int]
    FANS_FIELD_NUMBER: _ClassVar[int]
    PHASE_COUNTERS_FIELD_NUMBER: _ClassVar[int]
    TROPHIES_FIELD_NUMBER: _ClassVar[int]
    DRAW_FIELD_NUMBER: _ClassVar[int]
    BENCH_FIELD_NUMBER: _ClassVar[int]
    EXHAUST_FIELD_NUMBER: _ClassVar[int]
    IN_PLAY_FIELD_NUMBER: _ClassVar[int]
    PLAY_BONUS_FIELD_NUMBER: _ClassVar[int]
    PLAY_ATTACK_FIELD_NUMBER: _ClassVar[int]
    NEXT_ATTACK_BONUS_FIELD_NUMBER: _ClassVar[int]
    MATCH_PUBLIC_FIELD_NUMBER: _ClassVar[int]
    HIDDEN_ADDS_FIELD_NUMBER: _ClassVar[int]
    deck: _containers.RepeatedScalarFieldContainer[int]
    public_deck: _containers.RepeatedScalarFieldContainer[int]
    fans: int
    phase_counters: _containers.RepeatedScalarFieldContainer[int]
    trophies: _containers.RepeatedScalarFieldContainer[int]
    draw: _containers.RepeatedCompositeFieldContainer[ChallengersDrawCard]
    bench: _containers.RepeatedCompositeFieldContainer[ChallengersCards]
    exhaust: _containers.RepeatedScalarFieldContainer[int]
    in_play: _containers.RepeatedScalarFieldContainer[int]
    play_bonus: _containers.RepeatedScalarFieldContainer[int]
    play_attack: _containers.RepeatedScalarFieldContainer[int]
    next_attack_bonus: int
    match_public: _containers.RepeatedScalarFieldContainer[int]
    hidden_adds: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, deck: _Optional[_Iterable[int]] = ..., public_deck: _Optional[_Iterable[int]] = ..., fans: _Optional[int] = ..., phase_counters: _Optional[_Iterable[int]] = ..., trophies: _Optional[_Iterable[int]] = ..., draw: _Optional[_Iterable[_Union[ChallengersDrawCard, _Mapping]]] = ..., bench: _Optional[_Iterable[_Union[ChallengersCards, _Mapping]]] = ..., exhaust: _Optional[_Iterable[int]] = ..., in_play: _Optional[_Iterable[int]] = ..., play_bonus: _Optional[_Iterable[int]] = ..., play_attack: _Optional[_Iterable[int]] = ..., next_attack_bonus: _Optional[int] = ..., match_public: _Optional[_Iterable[int]] = ..., hidden_adds: _Optional[_Iterable[int]] = ...) -> None: ...

class ChallengersResult(_message.Message):
    __slots__ = ("per_seat",)
    PER_SEAT_FIELD_NUMBER: _ClassVar[int]
    per_seat: _containers.RepeatedScalarFieldContainer[float]
    def __init__(self, per_seat: _Optional[_Iterable[float]] = ...) -> None: ...

class ChallengersObservation(_message.Message):
    __slots__ = ("seat", "players", "sets", "robot_deck", "round", "phase", "draft", "offer", "pile_sizes", "discards", "box", "participants", "own_public_deck", "trophy_fans", "trophies_revealed", "finalists", "result", "match")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    SETS_FIELD_NUMBER: _ClassVar[int]
    ROBOT_DECK_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    DRAFT_FIELD_NUMBER: _ClassVar[int]
    OFFER_FIELD_NUMBER: _ClassVar[int]
    PILE_SIZES_FIELD_NUMBER: _ClassVar[int]
    DISCARDS_FIELD_NUMBER: _ClassVar[int]
    BOX_FIELD_NUMBER: _ClassVar[int]
    PARTICIPANTS_FIELD_NUMBER: _ClassVar[int]
    OWN_PUBLIC_DECK_FIELD_NUMBER: _ClassVar[int]
    TROPHY_FANS_FIELD_NUMBER: _ClassVar[int]
    TROPHIES_REVEALED_FIELD_NUMBER: _ClassVar[int]
    FINALISTS_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    MATCH_FIELD_NUMBER: _ClassVar[int]
    seat: int
    players: int
    sets: _containers.RepeatedScalarFieldContainer[str]
    robot_deck: _containers.RepeatedScalarFieldContainer[int]
    round: int
    phase: int
    draft: ChallengersDraft
    offer: _containers.RepeatedScalarFieldContainer[int]
    pile_sizes: _containers.RepeatedScalarFieldContainer[int]
    discards: _containers.RepeatedCompositeFieldContainer[ChallengersCompartment]
    box: _containers.RepeatedCompositeFieldContainer[ChallengersTaggedCard]
    participants: _containers.RepeatedCompositeFieldContainer[ChallengersParticipant]
    own_public_deck: _containers.RepeatedScalarFieldContainer[int]
    trophy_fans: _containers.RepeatedCompositeFieldContainer[ChallengersCards]
    trophies_revealed: bool
    finalists: _containers.RepeatedScalarFieldContainer[int]
    result: ChallengersResult
    match: ChallengersMatch
    def __init__(self, seat: _Optional[int] = ..., players: _Optional[int] = ..., sets: _Optional[_Iterable[str]] = ..., robot_deck: _Optional[_Iterable[int]] = ..., round: _Optional[int] = ..., phase: _Optional[int] = ..., draft: _Optional[_Union[ChallengersDraft, _Mapping]] = ..., offer: _Optional[_Iterable[int]] = ..., pile_sizes: _Optional[_Iterable[int]] = ..., discards: _Optional[_Iterable[_Union[ChallengersCompartment, _Mapping]]] = ..., box: _Optional[_Iterable[_Union[ChallengersTaggedCard, _Mapping]]] = ..., participants: _Optional[_Iterable[_Union[ChallengersParticipant, _Mapping]]] = ..., own_public_deck: _Optional[_Iterable[int]] = ..., trophy_fans: _Optional[_Iterable[_Union[ChallengersCards, _Mapping]]] = ..., trophies_revealed: _Optional[bool] = ..., finalists: _Optional[_Iterable[int]] = ..., result: _Optional[_Union[ChallengersResult, _Mapping]] = ..., match: _Optional[_Union[ChallengersMatch, _Mapping]] = ...) -> None: ...

class ChallengersState(_message.Message):
    __slots__ = ("players", "sets", "robot_deck", "round", "phase", "draft", "offer", "piles", "discards", "box", "participants", "trophy_fans", "trophies_revealed", "finalists", "result", "match")
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    SETS_FIELD_NUMBER: _ClassVar[int]
    ROBOT_DECK_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    DRAFT_FIELD_NUMBER: _ClassVar[int]
    OFFER_FIELD_NUMBER: _ClassVar[int]
    PILES_FIELD_NUMBER: _ClassVar[int]
    DISCARDS_FIELD_NUMBER: _ClassVar[int]
    BOX_FIELD_NUMBER: _ClassVar[int]
    PARTICIPANTS_FIELD_NUMBER: _ClassVar[int]
    TROPHY_FANS_FIELD_NUMBER: _ClassVar[int]
    TROPHIES_REVEALED_FIELD_NUMBER: _ClassVar[int]
    FINALISTS_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    MATCH_FIELD_NUMBER: _ClassVar[int]
    players: int
    sets: _containers.RepeatedScalarFieldContainer[str]
    robot_deck: _containers.RepeatedScalarFieldContainer[int]
    round: int
    phase: int
    draft: ChallengersDraft
    offer: _containers.RepeatedScalarFieldContainer[int]
    piles: _containers.RepeatedCompositeFieldContainer[ChallengersCards]
    discards: _containers.RepeatedCompositeFieldContainer[ChallengersCompartment]
    box: _containers.RepeatedCompositeFieldContainer[ChallengersTaggedCard]
    participants: _containers.RepeatedCompositeFieldContainer[ChallengersParticipant]
    trophy_fans: _containers.RepeatedCompositeFieldContainer[ChallengersCards]
    trophies_revealed: bool
    finalists: _containers.RepeatedScalarFieldContainer[int]
    result: ChallengersResult
    match: ChallengersMatch
    def __init__(self, players: _Optional[int] = ..., sets: _Optional[_Iterable[str]] = ..., robot_deck: _Optional[_Iterable[int]] = ..., round: _Optional[int] = ..., phase: _Optional[int] = ..., draft: _Optional[_Union[ChallengersDraft, _Mapping]] = ..., offer: _Optional[_Iterable[int]] = ..., piles: _Optional[_Iterable[_Union[ChallengersCards, _Mapping]]] = ..., discards: _Optional[_Iterable[_Union[ChallengersCompartment, _Mapping]]] = ..., box: _Optional[_Iterable[_Union[ChallengersTaggedCard, _Mapping]]] = ..., participants: _Optional[_Iterable[_Union[ChallengersParticipant, _Mapping]]] = ..., trophy_fans: _Optional[_Iterable[_Union[ChallengersCards, _Mapping]]] = ..., trophies_revealed: _Optional[bool] = ..., finalists: _Optional[_Iterable[int]] = ..., result: _Optional[_Union[ChallengersResult, _Mapping]] = ..., match: _Optional[_Union[ChallengersMatch, _Mapping]] = ...) -> None: ...

class ChallengersMove(_message.Message):
    __slots__ = ("kind", "cards", "option_pile", "option_picks", "copy")
    KIND_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    OPTION_PILE_FIELD_NUMBER: _ClassVar[int]
    OPTION_PICKS_FIELD_NUMBER: _ClassVar[int]
    COPY_FIELD_NUMBER: _ClassVar[int]
    kind: str
    cards: _containers.RepeatedScalarFieldContainer[int]
    option_pile: int
    option_picks: int
    copy: int
    def __init__(self, kind: _Optional[str] = ..., cards: _Optional[_Iterable[int]] = ..., option_pile: _Optional[int] = ..., option_picks: _Optional[int] = ..., copy: _Optional[int] = ...) -> None: ...

class ChallengersSeatSummary(_message.Message):
    __slots__ = ("visible_fans", "trophies", "deck_size")
    VISIBLE_FANS_FIELD_NUMBER: _ClassVar[int]
    TROPHIES_FIELD_NUMBER: _ClassVar[int]
    DECK_SIZE_FIELD_NUMBER: _ClassVar[int]
    visible_fans: int
    trophies: int
    deck_size: int
    def __init__(self, visible_fans: _Optional[int] = ..., trophies: _Optional[int] = ..., deck_size: _Optional[int] = ...) -> None: ...

class ChallengersCardInfo(_message.Message):
    __slots__ = ("index", "id", "name", "key", "set", "level", "power", "copies", "trigger")
    INDEX_FIELD_NUMBER: _ClassVar[int]
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    KEY_FIELD_NUMBER: _ClassVar[int]
    SET_FIELD_NUMBER: _ClassVar[int]
    LEVEL_FIELD_NUMBER: _ClassVar[int]
    POWER_FIELD_NUMBER: _ClassVar[int]
    COPIES_FIELD_NUMBER: _ClassVar[int]
    TRIGGER_FIELD_NUMBER: _ClassVar[int]
    index: int
    id: str
    name: str
    key: str
    set: str
    level: str
    power: int
    copies: int
    trigger: str
    def __init__(self, index: _Optional[int] = ..., id: _Optional[str] = ..., name: _Optional[str] = ..., key: _Optional[str] = ..., set: _Optional[str] = ..., level: _Optional[str] = ..., power: _Optional[int] = ..., copies: _Optional[int] = ..., trigger: _Optional[str] = ...) -> None: ...

class ChallengersSet(_message.Message):
    __slots__ = ("id", "name", "optional")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    OPTIONAL_FIELD_NUMBER: _ClassVar[int]
    id: str
    name: str
    optional: bool
    def __init__(self, id: _Optional[str] = ..., name: _Optional[str] = ..., optional: _Optional[bool] = ...) -> None: ...

class ChallengersCatalogue(_message.Message):
    __slots__ = ("cards", "sets", "sets_per_game", "rounds")
    CARDS_FIELD_NUMBER: _ClassVar[int]
    SETS_FIELD_NUMBER: _ClassVar[int]
    SETS_PER_GAME_FIELD_NUMBER: _ClassVar[int]
    ROUNDS_FIELD_NUMBER: _ClassVar[int]
    cards: _containers.RepeatedCompositeFieldContainer[ChallengersCardInfo]
    sets: _containers.RepeatedCompositeFieldContainer[ChallengersSet]
    sets_per_game: int
    rounds: int
    def __init__(self, cards: _Optional[_Iterable[_Union[ChallengersCardInfo, _Mapping]]] = ..., sets: _Optional[_Iterable[_Union[ChallengersSet, _Mapping]]] = ..., sets_per_game: _Optional[int] = ..., rounds: _Optional[int] = ...) -> None: ...
