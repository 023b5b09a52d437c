"""The rules: which actions are legal, and what an action does to the state.

`apply` trusts its caller to pass a legal action (the search only plays actions it got from
`legal_actions`); hosts that take moves from outside call `why_illegal` first.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.splendor_marvel.actions import (
    ALL_ACTIONS,
    ARG_OF,
    KIND_OF,
    PASS,
    Action,
    Kind,
    card_words,
    colour_words,
    colours_of,
    make,
)
from games.splendor_marvel.catalogue import (
    AVENGERS_TAGS_NEEDED,
    BONUS,
    CARD_IDS,
    COST,
    GREEN,
    GREY,
    LEVEL,
    LOCATIONS,
    MAX_RESERVED,
    MAX_TOKENS,
    POINTS,
    STONE_COLOURS,
    TAGS,
    TIME_STONE,
)
from games.splendor_marvel.state import Phase, SplendorState

TAKE_TWO_MINIMUM = 4  # a colour needs this many tokens in the supply to take two

# Tables indexed by card id, level, colour or token kind; PASS fills the unused index 0 / green.
_RESERVE = (PASS, *(make(Kind.RESERVE, c) for c in CARD_IDS))
_RECRUIT = (PASS, *(make(Kind.RECRUIT, c) for c in CARD_IDS))
_RECRUIT_RESERVED = (PASS, *(make(Kind.RECRUIT_RESERVED, c) for c in CARD_IDS))
_BLIND = tuple(make(Kind.RESERVE_BLIND, level) for level in (1, 2, 3))
_TAKE_TWO = tuple(make(Kind.TAKE_TWO, c) for c in STONE_COLOURS)
_RETURN = tuple(make(Kind.RETURN, k) if k != GREEN else PASS for k in range(7))
_RETURNABLE = tuple(k for k in range(7) if k != GREEN)
_LOCATION = tuple(make(Kind.LOCATION, i) for i in range(len(LOCATIONS)))
_REQUIRES = tuple(side.requires for side in LOCATIONS)


def _take_options(available: int) -> tuple[Action, ...]:
    """Take actions when `available` is the mask of colours left in the supply."""
    if available.bit_count() <= 3:
        return (make(Kind.TAKE, available),) if available else ()
    return tuple(
        action
        for code, action in ALL_ACTIONS.items()
        if code < 32 and code.bit_count() == 3 and code & available == code
    )


_TAKE = tuple(_take_options(mask) for mask in range(32))


def shortfall(state: SplendorState, seat: int, card: int) -> int:
    """Grey tokens the seat would need beyond its bonuses and coloured tokens to pay for card."""
    tokens = state.tokens[seat]
    bonuses = state.bonuses[seat]
    missing = 0
    for c, price in enumerate(COST[card]):
        need = price - bonuses[c] - tokens[c]
        if need > 0:
            missing += need
    return missing


def locations_met(bonuses: Sequence[int], locations_left: Sequence[int]) -> list[int]:
    """The location sides among `locations_left` whose requirement these bonuses meet."""
    y, p, b, r, o = bonuses
    found = []
    for index in locations_left:
        ry, rp, rb, rr, ro = _REQUIRES[index]
        if y >= ry and p >= rp and b >= rb and r >= rr and o >= ro:
            found.append(index)
    return found


def qualifying_locations(state: SplendorState, seat: int) -> list[int]:
    """Location sides in the middle whose requirement the seat's bonuses meet."""
    return locations_met(state.bonuses[seat], state.locations_left)


def legal_actions(state: SplendorState) -> list[Action]:
    """Every legal action of the current player, in a fixed order; empty when the game is over."""
    if state.result is not None:
        return []
    seat = state.current
    if state.phase is Phase.RETURN:
        tokens = state.tokens[seat]
        return [_RETURN[k] for k in _RETURNABLE if tokens[k]]
    if state.phase is Phase.LOCATION:
        return [_LOCATION[i] for i in qualifying_locations(state, seat)]

    supply = state.supply
    available = (
        (supply[0] > 0)
        | (supply[1] > 0) << 1
        | (supply[2] > 0) << 2
        | (supply[3] > 0) << 3
        | (supply[4] > 0) << 4
    )
    actions = list(_TAKE[available])
    for c in STONE_COLOURS:
        if supply[c] >= TAKE_TWO_MINIMUM:
            actions.append(_TAKE_TWO[c])
    board = state.board
    reserved = state.reserved[seat]
    if len(reserved) < MAX_RESERVED:
        actions.extend([_RESERVE[card] for card in board if card])
        decks = state.decks
        for level in (0, 1, 2):
            if decks[level]:
                actions.append(_BLIND[level])

    tokens = state.tokens[seat]
    bonuses = state.bonuses[seat]
    grey = tokens[GREY]
    y = tokens[0] + bonuses[0]
    p = tokens[1] + bonuses[1]
    b = tokens[2] + bonuses[2]
    r = tokens[3] + bonuses[3]
    o = tokens[4] + bonuses[4]
    for cards, recruit_table in ((board, _RECRUIT), (reserved, _RECRUIT_RESERVED)):
        for card in cards:
            if card:
                cy, cp, cb, cr, co = COST[card]
                missing = (
                    (cy - y if cy > y else 0)
                    + (cp - p if cp > p else 0)
                    + (cb - b if cb > b else 0)
                    + (cr - r if cr > r else 0)
                    + (co - o if co > o else 0)
                )
                if missing <= grey:
                    actions.append(recruit_table[card])
    return actions if actions else [PASS]


def apply(state: SplendorState, action: Action) -> None:
    """Play a legal action in place (with its immediate effects and, if due, the turn's end);
    a played game's history records it (the search's worlds keep none)."""
    if state.history is not None:
        _apply_recorded(state, action)
        return
    kind = KIND_OF[action]
    arg = ARG_OF[action]
    seat = state.current
    if kind is Kind.RETURN:
        state.tokens[seat][arg] -= 1
        state.supply[arg] += 1
        if sum(state.tokens[seat]) <= MAX_TOKENS:
            _check_locations(state)
        return
    if kind is Kind.LOCATION:
        state.locations_left.remove(arg)
        state.locations_won[seat].append(arg)
        _end_turn(state)
        return

    tokens = state.tokens[seat]
    supply = state.supply
    if kind is Kind.TAKE:
        for c in STONE_COLOURS:
            if arg >> c & 1:
                supply[c] -= 1
                tokens[c] += 1
    elif kind is Kind.TAKE_TWO:
        supply[arg] -= 2
        tokens[arg] += 2
    elif kind is Kind.RECRUIT:
        _take_from_board(state, arg)
        _recruit(state, seat, arg)
    elif kind is Kind.RECRUIT_RESERVED:
        index = state.reserved[seat].index(arg)
        del state.reserved[seat][index]
        del state.reserved_public[seat][index]
        _recruit(state, seat, arg)
    elif kind is Kind.RESERVE:
        _take_from_board(state, arg)
        _reserve(state, seat, arg, public=True)
    elif kind is Kind.RESERVE_BLIND:
        _reserve(state, seat, state.decks[arg - 1].pop(), public=False)
    else:  # pass
        state.passes += 1

    if sum(tokens) > MAX_TOKENS:
        state.phase = Phase.RETURN
    else:
        _check_locations(state)


def _apply_recorded(state: SplendorState, action: Action) -> None:
    """`apply`, adding the move to the state's history."""
    history, board, seat = state.history, state.board[:], state.current
    assert history is not None
    state.history = None
    apply(state, action)
    state.history = history.played(board, seat, action, state)


def _take_from_board(state: SplendorState, card: int) -> None:
    """Remove a face-up card and refill its slot from the top of its deck."""
    board = state.board
    slot = board.index(card)
    deck = state.decks[LEVEL[card] - 1]
    board[slot] = deck.pop() if deck else 0


def _reserve(state: SplendorState, seat: int, card: int, *, public: bool) -> None:
    state.reserved[seat].append(card)
    state.reserved_public[seat].append(public)
    if state.supply[GREY]:
        state.supply[GREY] -= 1
        state.tokens[seat][GREY] += 1


def _recruit(state: SplendorState, seat: int, card: int) -> None:
    """Pay exactly (bonuses, then coloured tokens, grey for the rest) and gain the card."""
    tokens = state.tokens[seat]
    bonuses = state.bonuses[seat]
    supply = state.supply
    missing = 0
    for c, price in enumerate(COST[card]):
        need = price - bonuses[c]
        if need > 0:
            paid = need if need <= tokens[c] else tokens[c]
            tokens[c] -= paid
            supply[c] += paid
            missing += need - paid
    if missing:
        tokens[GREY] -= missing
        supply[GREY] += missing
    bonuses[BONUS[card]] += 1
    state.card_points[seat] += POINTS[card]
    state.tableau[seat].append(card)
    if TAGS[card]:
        state.tags[seat] += TAGS[card]
        holder = state.avengers
        tags = state.tags[seat]
        if (
            holder != seat
            and tags >= AVENGERS_TAGS_NEEDED
            and (holder < 0 or tags > state.tags[holder])
        ):
            state.avengers = seat
    if TIME_STONE[card] and not tokens[GREEN] and supply[GREEN]:
        supply[GREEN] -= 1
        tokens[GREEN] += 1


def _check_locations(state: SplendorState) -> None:
    """End of turn, after the token limit: take the one qualifying location or ask which."""
    if state.locations_left:
        found = qualifying_locations(state, state.current)
        if len(found) > 1:
            state.phase = Phase.LOCATION
            return
        if found:
            state.locations_left.remove(found[0])
            state.locations_won[state.current].append(found[0])
    _end_turn(state)


def _end_turn(state: SplendorState) -> None:
    seat = state.current
    state.phase = Phase.MAIN
    if not state.end_triggered and state.meets_gauntlet(seat):
        state.end_triggered = True
    state.current = (seat + 1) % state.num_players
    if state.current == state.start_seat:
        _end_round(state)


def _end_round(state: SplendorState) -> None:
    n = state.num_players
    state.round += 1
    if state.end_triggered:
        holders = [seat for seat in range(n) if state.meets_gauntlet(seat)]
        if holders:
            state.result = _share(n, gauntlet_winners(state, holders))
            return
        state.end_triggered = False  # the special rule: nobody meets it any more; play on
    if state.passes == n or state.round >= state.turn_cap:
        state.result = _share(n, list(range(n)))
        return
    state.passes = 0


def gauntlet_winners(state: SplendorState, holders: list[int]) -> list[int]:
    """Tie-breaks among gauntlet holders: points, then the Avengers tile, then fewest cards."""
    best = max(state.points(seat) for seat in holders)
    tied = [seat for seat in holders if state.points(seat) == best]
    if len(tied) > 1 and state.avengers in tied:
        return [state.avengers]
    fewest = min(len(state.tableau[seat]) for seat in tied)
    return [seat for seat in tied if len(state.tableau[seat]) == fewest]


def _share(num_players: int, winners: list[int]) -> tuple[float, ...]:
    share = 1.0 / len(winners)
    return tuple(share if seat in winners else 0.0 for seat in range(num_players))


def why_illegal(state: SplendorState, action: Action) -> str | None:
    """None when the action is legal now, else the reason in plain words."""
    if action in legal_actions(state):
        return None
    if state.result is not None:
        return "the game is over"
    kind, arg, seat = action.kind, action.arg, state.current
    if state.phase is Phase.RETURN:
        if kind is Kind.RETURN:
            return f"you hold no {colour_words(arg)} token to return"
        return f"you hold {sum(state.tokens[seat])} tokens: return one first (limit {MAX_TOKENS})"
    if state.phase is Phase.LOCATION:
        if kind is Kind.LOCATION:
            return f"{LOCATIONS[arg].name} is not a location you qualify for now"
        return "choose which qualifying location to take first"
    if kind in (Kind.RETURN, Kind.LOCATION):
        return "that is an end-of-turn decision; nothing is pending"
    if kind is Kind.PASS:
        return "passing is legal only when no other action is"
    if kind is Kind.TAKE:
        empty = [colour_words(c) for c in colours_of(arg) if not state.supply[c]]
        if empty:
            return f"the supply has no {', '.join(empty)} left"
        return "take three different colours while three or more are in the supply"
    if kind is Kind.TAKE_TWO:
        return (
            f"taking two {colour_words(arg)} needs {TAKE_TWO_MINIMUM} in the supply, "
            f"there are {state.supply[arg]}"
        )
    if kind in (Kind.RESERVE, Kind.RESERVE_BLIND) and len(state.reserved[seat]) >= MAX_RESERVED:
        return f"you already hold {MAX_RESERVED} reserved cards"
    if kind is Kind.RESERVE_BLIND:
        return f"the level-{arg} deck is empty"
    if kind in (Kind.RESERVE, Kind.RECRUIT) and arg not in state.board:
        return f"{card_words(arg)} is not face up on the board"
    if kind is Kind.RECRUIT_RESERVED and arg not in state.reserved[seat]:
        return f"{card_words(arg)} is not among your reserved cards"
    missing = shortfall(state, seat, arg) - state.tokens[seat][GREY]
    return f"you cannot afford {card_words(arg)}: {missing} token(s) short"
