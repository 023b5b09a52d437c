from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class SplendorColour(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SPLENDOR_COLOUR_UNSPECIFIED: _ClassVar[SplendorColour]
    SPLENDOR_COLOUR_YELLOW: _ClassVar[SplendorColour]
    SPLENDOR_COLOUR_PURPLE: _ClassVar[SplendorColour]
    SPLENDOR_COLOUR_BLUE: _ClassVar[SplendorColour]
    SPLENDOR_COLOUR_RED: _ClassVar[SplendorColour]
    SPLENDOR_COLOUR_ORANGE: _ClassVar[SplendorColour]
    SPLENDOR_COLOUR_GREEN: _ClassVar[SplendorColour]
    SPLENDOR_COLOUR_GREY: _ClassVar[SplendorColour]

class SplendorPhase(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SPLENDOR_PHASE_MAIN: _ClassVar[SplendorPhase]
    SPLENDOR_PHASE_RETURN: _ClassVar[SplendorPhase]
    SPLENDOR_PHASE_LOCATION: _ClassVar[SplendorPhase]
SPLENDOR_COLOUR_UNSPECIFIED: SplendorColour
SPLENDOR_COLOUR_YELLOW: SplendorColour
SPLENDOR_COLOUR_PURPLE: SplendorColour
SPLENDOR_COLOUR_BLUE: SplendorColour
SPLENDOR_COLOUR_RED: SplendorColour
SPLENDOR_COLOUR_ORANGE: SplendorColour
SPLENDOR_COLOUR_GREEN: SplendorColour
SPLENDOR_COLOUR_GREY: SplendorColour
SPLENDOR_PHASE_MAIN: SplendorPhase
SPLENDOR_PHASE_RETURN: SplendorPhase
SPLENDOR_PHASE_LOCATION: SplendorPhase

class SplendorTokens(_message.Message):
    __slots__ = ("yellow", "purple", "blue", "red", "orange", "green", "grey")
    YELLOW_FIELD_NUMBER: _ClassVar[int]
    PURPLE_FIELD_NUMBER: _ClassVar[int]
    BLUE_FIELD_NUMBER: _ClassVar[int]
    RED_FIELD_NUMBER: _ClassVar[int]
    ORANGE_FIELD_NUMBER: _ClassVar[int]
    GREEN_FIELD_NUMBER: _ClassVar[int]
    GREY_FIELD_NUMBER: _ClassVar[int]
    yellow: int
    purple: int
    blue: int
    red: int
    orange: int
    green: int
    grey: int
    def __init__(self, yellow: _Optional[int] = ..., purple: _Optional[int] = ..., blue: _Optional[int] = ..., red: _Optional[int] = ..., orange: _Optional[int] = ..., green: _Optional[int] = ..., grey: _Optional[int] = ...) -> None: ...

class SplendorColours(_message.Message):
    __slots__ = ("yellow", "purple", "blue", "red", "orange")
    YELLOW_FIELD_NUMBER: _ClassVar[int]
    PURPLE_FIELD_NUMBER: _ClassVar[int]
    BLUE_FIELD_NUMBER: _ClassVar[int]
    RED_FIELD_NUMBER: _ClassVar[int]
    ORANGE_FIELD_NUMBER: _ClassVar[int]
    yellow: int
    purple: int
    blue: int
    red: int
    orange: int
    def __init__(self, yellow: _Optional[int] = ..., purple: _Optional[int] = ..., blue: _Optional[int] = ..., red: _Optional[int] = ..., orange: _Optional[int] = ...) -> None: ...

class SplendorReservedCard(_message.Message):
    __slots__ = ("card", "level", "public")
    CARD_FIELD_NUMBER: _ClassVar[int]
    LEVEL_FIELD_NUMBER: _ClassVar[int]
    PUBLIC_FIELD_NUMBER: _ClassVar[int]
    card: int
    level: int
    public: bool
    def __init__(self, card: _Optional[int] = ..., level: _Optional[int] = ..., public: _Optional[bool] = ...) -> None: ...

class SplendorPlayer(_message.Message):
    __slots__ = ("tokens", "tableau", "reserved", "locations_won")
    TOKENS_FIELD_NUMBER: _ClassVar[int]
    TABLEAU_FIELD_NUMBER: _ClassVar[int]
    RESERVED_FIELD_NUMBER: _ClassVar[int]
    LOCATIONS_WON_FIELD_NUMBER: _ClassVar[int]
    tokens: SplendorTokens
    tableau: _containers.RepeatedScalarFieldContainer[int]
    reserved: _containers.RepeatedCompositeFieldContainer[SplendorReservedCard]
    locations_won: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, tokens: _Optional[_Union[SplendorTokens, _Mapping]] = ..., tableau: _Optional[_Iterable[int]] = ..., reserved: _Optional[_Iterable[_Union[SplendorReservedCard, _Mapping]]] = ..., locations_won: _Optional[_Iterable[str]] = ...) -> None: ...

class SplendorObservation(_message.Message):
    __slots__ = ("seat", "num_players", "start_seat", "current_seat", "phase", "round", "passes", "end_triggered", "turn_cap", "supply", "players", "board", "deck_sizes", "locations_left", "avengers_seat", "result", "history")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    NUM_PLAYERS_FIELD_NUMBER: _ClassVar[int]
    START_SEAT_FIELD_NUMBER: _ClassVar[int]
    CURRENT_SEAT_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    PASSES_FIELD_NUMBER: _ClassVar[int]
    END_TRIGGERED_FIELD_NUMBER: _ClassVar[int]
    TURN_CAP_FIELD_NUMBER: _ClassVar[int]
    SUPPLY_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    BOARD_FIELD_NUMBER: _ClassVar[int]
    DECK_SIZES_FIELD_NUMBER: _ClassVar[int]
    LOCATIONS_LEFT_FIELD_NUMBER: _ClassVar[int]
    AVENGERS_SEAT_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    HISTORY_FIELD_NUMBER: _ClassVar[int]
    seat: int
    num_players: int
    start_seat: int
    current_seat: int
    phase: SplendorPhase
    round: int
    passes: int
    end_triggered: bool
    turn_cap: int
    supply: SplendorTokens
    players: _containers.RepeatedCompositeFieldContainer[SplendorPlayer]
    board: _containers.RepeatedScalarFieldContainer[int]
    deck_sizes: _containers.RepeatedScalarFieldContainer[int]
    locations_left: _containers.RepeatedScalarFieldContainer[str]
    avengers_seat: int
    result: _containers.RepeatedScalarFieldContainer[float]
    history: SplendorHistory
    def __init__(self, seat: _Optional[int] = ..., num_players: _Optional[int] = ..., start_seat: _Optional[int] = ..., current_seat: _Optional[int] = ..., phase: _Optional[_Union[SplendorPhase, str]] = ..., round: _Optional[int] = ..., passes: _Optional[int] = ..., end_triggered: _Optional[bool] = ..., turn_cap: _Optional[int] = ..., supply: _Optional[_Union[SplendorTokens, _Mapping]] = ..., players: _Optional[_Iterable[_Union[SplendorPlayer, _Mapping]]] = ..., board: _Optional[_Iterable[int]] = ..., deck_sizes: _Optional[_Iterable[int]] = ..., locations_left: _Optional[_Iterable[str]] = ..., avengers_seat: _Optional[int] = ..., result: _Optional[_Iterable[float]] = ..., history: _Optional[_Union[SplendorHistory, _Mapping]] = ...) -> None: ...

class SplendorDeck(_message.Message):
    __slots__ = ("cards",)
    CARDS_FIELD_NUMBER: _ClassVar[int]
    cards: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, cards: _Optional[_Iterable[int]] = ...) -> None: ...

class SplendorState(_message.Message):
    __slots__ = ("num_players", "start_seat", "current_seat", "phase", "round", "passes", "end_triggered", "turn_cap", "supply", "players", "board", "decks", "locations_left", "avengers_seat", "result", "history")
    NUM_PLAYERS_FIELD_NUMBER: _ClassVar[int]
    START_SEAT_FIELD_NUMBER: _ClassVar[int]
    CURRENT_SEAT_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    PASSES_FIELD_NUMBER: _ClassVar[int]
    END_TRIGGERED_FIELD_NUMBER: _ClassVar[int]
    TURN_CAP_FIELD_NUMBER: _ClassVar[int]
    SUPPLY_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    BOARD_FIELD_NUMBER: _ClassVar[int]
    DECKS_FIELD_NUMBER: _ClassVar[int]
    LOCATIONS_LEFT_FIELD_NUMBER: _ClassVar[int]
    AVENGERS_SEAT_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    HISTORY_FIELD_NUMBER: _ClassVar[int]
    num_players: int
    start_seat: int
    current_seat: int
    phase: SplendorPhase
    round: int
    passes: int
    end_triggered: bool
    turn_cap: int
    supply: SplendorTokens
    players: _containers.RepeatedCompositeFieldContainer[SplendorPlayer]
    board: _containers.RepeatedScalarFieldContainer[int]
    decks: _containers.RepeatedCompositeFieldContainer[SplendorDeck]
    locations_left: _containers.RepeatedScalarFieldContainer[str]
    avengers_seat: int
    result: _containers.RepeatedScalarFieldContainer[float]
    history: SplendorHistory
    def __init__(self, num_players: _Optional[int] = ..., start_seat: _Optional[int] = ..., current_seat: _Optional[int] = ..., phase: _Optional[_Union[SplendorPhase, str]] = ..., round: _Optional[int] = ..., passes: _Optional[int] = ..., end_triggered: _Optional[bool] = ..., turn_cap: _Optional[int] = ..., supply: _Optional[_Union[SplendorTokens, _Mapping]] = ..., players: _Optional[_Iterable[_Union[SplendorPlayer, _Mapping]]] = ..., board: _Optional[_Iterable[int]] = ..., decks: _Optional[_Iterable[_Union[SplendorDeck, _Mapping]]] = ..., locations_left: _Optional[_Iterable[str]] = ..., avengers_seat: _Optional[int] = ..., result: _Optional[_Iterable[float]] = ..., history: _Optional[_Union[SplendorHistory, _Mapping]] = ...) -> None: ...

class SplendorTake(_message.Message):
    __slots__ = ("colours",)
    COLOURS_FIELD_NUMBER: _ClassVar[int]
    colours: _containers.RepeatedScalarFieldContainer[SplendorColour]
    def __init__(self, colours: _Optional[_Iterable[_Union[SplendorColour, str]]] = ...) -> None: ...

class SplendorPass(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class SplendorMove(_message.Message):
    __slots__ = ("take", "take_two", "reserve", "reserve_blind", "recruit", "recruit_reserved", "return_token", "location")
    TAKE_FIELD_NUMBER: _ClassVar[int]
    TAKE_TWO_FIELD_NUMBER: _ClassVar[int]
    RESERVE_FIELD_NUMBER: _ClassVar[int]
    RESERVE_BLIND_FIELD_NUMBER: _ClassVar[int]
    RECRUIT_FIELD_NUMBER: _ClassVar[int]
    RECRUIT_RESERVED_FIELD_NUMBER: _ClassVar[int]
    RETURN_TOKEN_FIELD_NUMBER: _ClassVar[int]
    LOCATION_FIELD_NUMBER: _ClassVar[int]
    PASS_FIELD_NUMBER: _ClassVar[int]
    take: SplendorTake
    take_two: SplendorColour
    reserve: int
    reserve_blind: int
    recruit: int
    recruit_reserved: int
    return_token: SplendorColour
    location: str
    def __init__(self, take: _Optional[_Union[SplendorTake, _Mapping]] = ..., take_two: _Optional[_Union[SplendorColour, str]] = ..., reserve: _Optional[int] = ..., reserve_blind: _Optional[int] = ..., recruit: _Optional[int] = ..., recruit_reserved: _Optional[int] = ..., return_token: _Optional[_Union[SplendorColour, str]] = ..., location: _Optional[str] = ..., **kwargs) -> None: ...

class SplendorPlay(_message.Message):
    __slots__ = ("move", "dealt", "drawn")
    MOVE_FIELD_NUMBER: _ClassVar[int]
    DEALT_FIELD_NUMBER: _ClassVar[int]
    DRAWN_FIELD_NUMBER: _ClassVar[int]
    move: SplendorMove
    dealt: _containers.RepeatedScalarFieldContainer[int]
    drawn: int
    def __init__(self, move: _Optional[_Union[SplendorMove, _Mapping]] = ..., dealt: _Optional[_Iterable[int]] = ..., drawn: _Optional[int] = ...) -> None: ...

class SplendorHistory(_message.Message):
    __slots__ = ("opening_board", "opening_locations", "plays")
    OPENING_BOARD_FIELD_NUMBER: _ClassVar[int]
    OPENING_LOCATIONS_FIELD_NUMBER: _ClassVar[int]
    PLAYS_FIELD_NUMBER: _ClassVar[int]
    opening_board: _containers.RepeatedScalarFieldContainer[int]
    opening_locations: _containers.RepeatedScalarFieldContainer[str]
    plays: _containers.RepeatedCompositeFieldContainer[SplendorPlay]
    def __init__(self, opening_board: _Optional[_Iterable[int]] = ..., opening_locations: _Optional[_Iterable[str]] = ..., plays: _Optional[_Iterable[_Union[SplendorPlay, _Mapping]]] = ...) -> None: ...

class SplendorSeatSummary(_message.Message):
    __slots__ = ("bonuses", "avengers_tags", "tokens", "cards", "reserved", "locations", "has_avengers_tile", "has_green", "meets_gauntlet")
    BONUSES_FIELD_NUMBER: _ClassVar[int]
    AVENGERS_TAGS_FIELD_NUMBER: _ClassVar[int]
    TOKENS_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    RESERVED_FIELD_NUMBER: _ClassVar[int]
    LOCATIONS_FIELD_NUMBER: _ClassVar[int]
    HAS_AVENGERS_TILE_FIELD_NUMBER: _ClassVar[int]
    HAS_GREEN_FIELD_NUMBER: _ClassVar[int]
    MEETS_GAUNTLET_FIELD_NUMBER: _ClassVar[int]
    bonuses: SplendorColours
    avengers_tags: int
    tokens: int
    cards: int
    reserved: int
    locations: int
    has_avengers_tile: bool
    has_green: bool
    meets_gauntlet: bool
    def __init__(self, bonuses: _Optional[_Union[SplendorColours, _Mapping]] = ..., avengers_tags: _Optional[int] = ..., tokens: _Optional[int] = ..., cards: _Optional[int] = ..., reserved: _Optional[int] = ..., locations: _Optional[int] = ..., has_avengers_tile: _Optional[bool] = ..., has_green: _Optional[bool] = ..., meets_gauntlet: _Optional[bool] = ...) -> None: ...

class SplendorCard(_message.Message):
    __slots__ = ("id", "level", "name", "bonus", "cost", "points", "avengers_tags", "time_stone")
    ID_FIELD_NUMBER: _ClassVar[int]
    LEVEL_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    BONUS_FIELD_NUMBER: _ClassVar[int]
    COST_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    AVENGERS_TAGS_FIELD_NUMBER: _ClassVar[int]
    TIME_STONE_FIELD_NUMBER: _ClassVar[int]
    id: int
    level: int
    name: str
    bonus: SplendorColour
    cost: SplendorColours
    points: int
    avengers_tags: int
    time_stone: bool
    def __init__(self, id: _Optional[int] = ..., level: _Optional[int] = ..., name: _Optional[str] = ..., bonus: _Optional[_Union[SplendorColour, str]] = ..., cost: _Optional[_Union[SplendorColours, _Mapping]] = ..., points: _Optional[int] = ..., avengers_tags: _Optional[int] = ..., time_stone: _Optional[bool] = ...) -> None: ...

class SplendorLocation(_message.Message):
    __slots__ = ("label", "tile", "side", "name", "requires", "points")
    LABEL_FIELD_NUMBER: _ClassVar[int]
    TILE_FIELD_NUMBER: _ClassVar[int]
    SIDE_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    REQUIRES_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    label: str
    tile: int
    side: str
    name: str
    requires: SplendorColours
    points: int
    def __init__(self, label: _Optional[str] = ..., tile: _Optional[int] = ..., side: _Optional[str] = ..., name: _Optional[str] = ..., requires: _Optional[_Union[SplendorColours, _Mapping]] = ..., points: _Optional[int] = ...) -> None: ...

class SplendorSupply(_message.Message):
    __slots__ = ("players", "each_colour", "green", "grey", "locations")
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    EACH_COLOUR_FIELD_NUMBER: _ClassVar[int]
    GREEN_FIELD_NUMBER: _ClassVar[int]
    GREY_FIELD_NUMBER: _ClassVar[int]
    LOCATIONS_FIELD_NUMBER: _ClassVar[int]
    players: int
    each_colour: int
    green: int
    grey: int
    locations: int
    def __init__(self, players: _Optional[int] = ..., each_colour: _Optional[int] = ..., green: _Optional[int] = ..., grey: _Optional[int] = ..., locations: _Optional[int] = ...) -> None: ...

class SplendorCatalogue(_message.Message):
    __slots__ = ("cards", "locations", "supply", "avengers_tile_points", "avengers_tags_needed", "location_points", "gauntlet_points", "max_tokens", "max_reserved", "default_turn_cap")
    CARDS_FIELD_NUMBER: _ClassVar[int]
    LOCATIONS_FIELD_NUMBER: _ClassVar[int]
    SUPPLY_FIELD_NUMBER: _ClassVar[int]
    AVENGERS_TILE_POINTS_FIELD_NUMBER: _ClassVar[int]
    AVENGERS_TAGS_NEEDED_FIELD_NUMBER: _ClassVar[int]
    LOCATION_POINTS_FIELD_NUMBER: _ClassVar[int]
    GAUNTLET_POINTS_FIELD_NUMBER: _ClassVar[int]
    MAX_TOKENS_FIELD_NUMBER: _ClassVar[int]
    MAX_RESERVED_FIELD_NUMBER: _ClassVar[int]
    DEFAULT_TURN_CAP_FIELD_NUMBER: _ClassVar[int]
    cards: _containers.RepeatedCompositeFieldContainer[SplendorCard]
    locations: _containers.RepeatedCompositeFieldContainer[SplendorLocation]
    supply: _containers.RepeatedCompositeFieldContainer[SplendorSupply]
    avengers_tile_points: int
    avengers_tags_needed: int
    location_points: int
    gauntlet_points: int
    max_tokens: int
    max_reserved: int
    default_turn_cap: int
    def __init__(self, cards: _Optional[_Iterable[_Union[SplendorCard, _Mapping]]] = ..., locations: _Optional[_Iterable[_Union[SplendorLocation, _Mapping]]] = ..., supply: _Optional[_Iterable[_Union[SplendorSupply, _Mapping]]] = ..., avengers_tile_points: _Optional[int] = ..., avengers_tags_needed: _Optional[int] = ..., location_points: _Optional[int] = ..., gauntlet_points: _Optional[int] = ..., max_tokens: _Optional[int] = ..., max_reserved: _Optional[int] = ..., default_turn_cap: _Optional[int] = ...) -> None: ...
