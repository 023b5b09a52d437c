"""Coaching reasons for Splendor: Marvel: what a move does toward the game's goals.

The mover's turn is played to its end (token returns and a location choice by the heuristic
policy) in one world consistent with the observation, once after the move and once after the
alternative (or not at all: the position before). Each feature (a number tied to one goal of
the game: the Gauntlet, points, the Avengers tile, locations, cards to afford or deny, the
token limit) is measured in both. Every feature that differs, and weighs more than 0, becomes
a reason: a sentence saying what the move does for that goal, with both numbers in the
structured fields. Reasons are ordered by how much they matter (`Feature.weight`, in Infinity
Points or their equivalent). Each feature knows which direction is good for the mover
(`Feature.good`: more points good, more cards left to the opponents bad, the token and reserve
counts neither), so each reason says which move its fact favours. Features count only cards
the mover can see now, so they do not depend on the hidden cards of the sampled world.
"""

from __future__ import annotations

import random

from advisor import coaching
from advisor.coaching import BEFORE, Reason, fewer_is_better, more_is_better
from games.splendor_marvel import Action, Observation, Phase, SplendorState, sample
from games.splendor_marvel.actions import describe
from games.splendor_marvel.catalogue import (
    AVENGERS_TILE_POINTS,
    BONUS,
    CARD,
    COLOUR_KEYS,
    GAUNTLET_POINTS,
    GREEN,
    GREY,
    LOCATION_POINTS,
    LOCATIONS,
    MAX_RESERVED,
    MAX_TOKENS,
    POINTS,
    TAGS,
    TIME_STONE,
)
from games.splendor_marvel.knowledge.heuristics import rollout_action
from games.splendor_marvel.rules import apply, shortfall

FOLLOW_UP_LIMIT = 8

GAME_DECIDING = 30.0
"""The weight of a difference that wins or loses the game on the spot (in points)."""


Measured = coaching.Measured[SplendorState, frozenset[int]]
"""A feature measured in two positions; its `context` is the cards the mover sees now."""
Feature = coaching.Feature[SplendorState, frozenset[int]]


def _name(card: int) -> str:
    points = POINTS[card]
    tags = f", {TAGS[card]} tag{'s' if TAGS[card] > 1 else ''}" if TAGS[card] else ""
    named = CARD[card]
    assert named is not None
    return f"{named.name} ({points} point{'s' if points != 1 else ''}{tags})"


def _colours(colours: list[int]) -> str:
    return " and ".join(COLOUR_KEYS[c] for c in colours)


def _sign(delta: float, up: str, down: str) -> str:
    return up if delta > 0 else down


# --- the Infinity Gauntlet: 16 points, a bonus of every colour, a green token ------------------

def _gauntlet_needs(state: SplendorState, seat: int) -> str:
    needs = []
    if state.points(seat) < GAUNTLET_POINTS:
        needs.append(f"{GAUNTLET_POINTS - state.points(seat)} more points")
    missing = _missing_colours(state, seat)
    if missing:
        needs.append(f"a {_colours(missing)} bonus")
    if not state.tokens[seat][GREEN]:
        needs.append("the green token")
    return ", ".join(needs) or "nothing more"


def _say_gauntlet(m: Measured) -> str:
    if m.value:
        done = "completes the Infinity Gauntlet (16 points, every colour, the green token)"
        return done + (": the game ends this round" if m.than == BEFORE
                       else f", which {m.other} does not")
    if m.than == BEFORE:
        return f"no longer meets the Infinity Gauntlet: it needs {_gauntlet_needs(m.after, m.seat)}"
    return (f"misses the Infinity Gauntlet: {m.other} completes it now, while after this move "
            f"it still needs {_gauntlet_needs(m.after, m.seat)}")


def _missing_colours(state: SplendorState, seat: int) -> list[int]:
    return [c for c, b in enumerate(state.bonuses[seat]) if b == 0]


def _say_colours(m: Measured) -> str:
    still = _missing_colours(m.after, m.seat)
    rest = f"the Gauntlet still needs {_colours(still)}" if still else \
        "you have every colour the Gauntlet needs"
    gained = [c for c in _missing_colours(m.base, m.seat) if c not in still]
    if gained:
        return f"gives you a first {_colours(gained)} bonus: {rest}"
    lost = [c for c in still if c not in _missing_colours(m.base, m.seat)]
    return f"{rest}, where {m.other} gives you a first {_colours(lost)} bonus"


def _weight_colours(m: Measured) -> float:
    near = 2.0 if m.after.points(m.seat) >= GAUNTLET_POINTS - 6 else 1.0
    return 1.5 * near * abs(m.value - m.baseline)


def _say_green(m: Measured) -> str:
    if m.value > m.baseline:
        return "takes the green Time Stone token the Gauntlet needs"
    return f"the Gauntlet still needs the green token, which {m.other} takes"


# --- points, locations, the Avengers tile --------------------------------------------------

def _card_points(state: SplendorState, seat: int) -> int:
    return state.card_points[seat]


def _say_points(m: Measured) -> str:
    delta = m.value - m.baseline
    where = f"from {m.baseline:g}" if m.than == BEFORE else \
        f"{abs(delta):g} {_sign(delta, 'more', 'fewer')} than {m.other}"
    verb = _sign(delta, "brings you to", "leaves you at")
    return f"{verb} {m.value:g} of the {GAUNTLET_POINTS} points you need ({where})"


def _weight_points(m: Measured) -> float:
    """The points the move's cards bring; locations and the tile are weighed by their own
    goals."""
    cards = abs(_card_points(m.after, m.seat) - _card_points(m.base, m.seat))
    closing = 1.5 if max(m.value, m.baseline) >= GAUNTLET_POINTS - 4 else 1.0
    return closing * cards


def _nearest_location(state: SplendorState, seat: int) -> tuple[int, int]:
    """(bonuses missing, location side) for the nearest location left in the middle."""
    bonuses = state.bonuses[seat]
    gaps = [(sum(max(0, need - have) for need, have in
                 zip(LOCATIONS[i].requires, bonuses, strict=True)), i)
            for i in state.locations_left]
    return min(gaps, default=(0, -1))


def _location_gap(state: SplendorState, seat: int, _visible: frozenset[int]) -> float:
    """Bonuses still missing for the nearest location left in the middle (0: one qualifies)."""
    return _nearest_location(state, seat)[0]


def _say_location_gap(m: Measured) -> str:
    gap, side = _nearest_location(m.after, m.seat)
    if side < 0:
        return "no location is left in the middle"
    return (f"{_sign(m.baseline - m.value, 'brings you', 'leaves you')} "
            f"{coaching.count(gap, 'bonus', 'bonuses')} short of the location "
            f"{LOCATIONS[side].name}, worth {LOCATION_POINTS} points ({m.baseline:g} "
            f"{m.against})")


def _weight_location_gap(m: Measured) -> float:
    """0 (no reason) when a location was taken: the gap is then to another location."""
    if m.after.locations_won[m.seat] != m.base.locations_won[m.seat]:
        return 0.0
    return 0.7 * abs(m.value - m.baseline)


def _say_locations(m: Measured) -> str:
    won = [i for i in m.after.locations_won[m.seat] if i not in m.base.locations_won[m.seat]]
    if won:
        return f"takes the location {LOCATIONS[won[0]].name}: {LOCATION_POINTS} points"
    lost = [i for i in m.base.locations_won[m.seat] if i not in m.after.locations_won[m.seat]]
    return (f"misses the location {LOCATIONS[lost[0]].name} ({LOCATION_POINTS} points), "
            f"which {m.other} takes")


def _tags_ahead(state: SplendorState, seat: int, _visible: frozenset[int]) -> float:
    """Avengers tags the mover holds beyond the most any opponent holds (negative: behind);
    an opponent needs more tags than the holder to take the tile."""
    return state.tags[seat] - max(state.tags[o] for o in range(state.num_players) if o != seat)


def _tile_threat(state: SplendorState, seat: int, visible: frozenset[int]) -> int:
    """A visible card whose tags would take the tile from `seat` (its holder) for an opponent
    who can pay for it next turn; 0 if none."""
    if state.avengers != seat:
        return 0
    for other in _opponents(state, seat):
        for card in _reachable(state, other, visible):
            if state.tags[other] + TAGS[card] > state.tags[seat]:
                return card
    return 0


def _say_tile(m: Measured) -> str:
    held, was_held = m.after.avengers == m.seat, m.base.avengers == m.seat
    ahead = int(m.value)
    lead = f"you are {ahead} tag{'s' if ahead != 1 else ''} ahead"
    if held and not was_held:
        return f"takes the Avengers tile ({AVENGERS_TILE_POINTS} points): {lead}"
    if was_held and not held:  # tags never fall: the alternative takes the tile
        return f"misses the Avengers tile ({AVENGERS_TILE_POINTS} points), which {m.other} takes"
    if held:
        threat = _tile_threat(m.after, m.seat, m.context)
        if threat:
            return (f"leaves the Avengers tile ({AVENGERS_TILE_POINTS} points) open: your "
                    f"opponent can recruit {_name(threat)} next turn and take it, where "
                    f"{m.other} keeps you {m.baseline:g} tag{'s' if m.baseline != 1 else ''} "
                    "ahead")
        stopped = _tile_threat(m.base, m.seat, m.context)
        if stopped and m.value > m.baseline:
            return (f"keeps the Avengers tile out of your opponent's reach: {lead}, so "
                    f"{_name(stopped)} no longer takes it")
        if m.value > m.baseline:
            return f"keeps the Avengers tile: {lead}"
        return f"keeps the Avengers tile, but {lead} ({m.baseline:g} {m.against})"
    behind = f"{_race(ahead)} ({_race(int(m.baseline))} {m.against})"
    return f"{_sign(m.value - m.baseline, 'gains', 'loses')} ground in the Avengers race: {behind}"


def _race(ahead: int) -> str:
    """Where a seat stands against the leader in tags: "one tag behind the leader"."""
    if ahead == 0:
        return "level with the leader"
    tags = "one tag" if abs(ahead) == 1 else f"{abs(ahead)} tags"
    return f"{tags} {'ahead of' if ahead > 0 else 'behind'} the leader"


def _good_tile(m: Measured) -> int:
    """More tags ahead are good, but a tile left open to an opponent's tag card next turn is
    bad whatever the count (the sentence then says so)."""
    left_open = m.after.avengers == m.base.avengers == m.seat and _tile_threat(
        m.after, m.seat, m.context)
    return (-1 if m.value > m.baseline else 1) if left_open else 1


def _weight_tile(m: Measured) -> float:
    held, was_held = m.after.avengers == m.seat, m.base.avengers == m.seat
    if held != was_held:
        return 2.0 * AVENGERS_TILE_POINTS
    found = m.after if _tile_threat(m.after, m.seat, m.context) else m.base
    threat = _tile_threat(found, m.seat, m.context)
    if threat:  # the opponent who reaches it in the position where it was found
        other = next(o for o in _opponents(found, m.seat)
                     if threat in _reachable(found, o, m.context))
        swing = 2.0 * AVENGERS_TILE_POINTS
        return swing + (GAME_DECIDING if _would_complete(m.after, other, threat, tile=True)
                        else 0.0)
    return 0.5 * abs(m.value - m.baseline)


# --- cards to afford and to deny ---------------------------------------------------------------

def _opponents(state: SplendorState, seat: int) -> list[int]:
    return [o for o in range(state.num_players) if o != seat]


def _reachable(state: SplendorState, seat: int, visible: frozenset[int]) -> list[int]:
    """Visible cards on the board or in the seat's reserve it could recruit next turn."""
    cards = [c for c in state.board if c in visible] + [
        c for c in state.reserved[seat] if c in visible]
    return [c for c in cards if shortfall(state, seat, c) <= state.tokens[seat][GREY]]


def _affordable(state: SplendorState, seat: int, visible: frozenset[int]) -> float:
    """Visible cards on the board or in the seat's reserve it could recruit on its next turn."""
    return len(_reachable(state, seat, visible))


def _cards(count: float) -> str:
    return f"{count:g} card{'s' if count != 1 else ''}"


def _best(cards: set[int]) -> int:
    return max(sorted(cards), key=lambda c: (POINTS[c], TAGS[c]))


def _afford_changes(m: Measured) -> tuple[set[int], set[int]]:
    """Cards within reach after the move only, and after the alternative only, among those
    still there in both positions (a card the alternative recruits is not "missed")."""
    now = set(_reachable(m.after, m.seat, m.context))
    then = set(_reachable(m.base, m.seat, m.context))
    both = _open_cards(m.after, m.seat) & _open_cards(m.base, m.seat)
    return (now - then) & both, (then - now) & both


def _open_cards(state: SplendorState, seat: int) -> set[int]:
    return {c for c in state.board if c} | set(state.reserved[seat])


def _afford_named(m: Measured) -> tuple[int, bool]:
    """The card a reason names (0: none) and whether it is within reach after the move only:
    the best of those within reach on the side the count favours only (the move's side when
    more cards are within reach after it), so the sentence and its number agree."""
    now, then = _afford_changes(m)
    gained = m.value > m.baseline
    changed = now if gained else then
    return (_best(changed), gained) if changed else (0, gained)


def _say_afford(m: Measured) -> str:
    card, gained = _afford_named(m)
    count = f"{_cards(m.value)} within reach ({m.baseline:g} {m.against})"
    if not card:
        more = m.value > m.baseline
        return f"{'brings more' if more else 'leaves fewer'} cards within your reach next " \
            f"turn: {count}"
    if gained:
        return f"lets you afford {_name(card)} next turn: {count}"
    return f"{m.other} would let you afford {_name(card)} next turn: {count}" \
        if m.than != BEFORE else f"spends what you needed for {_name(card)}: {count}"


def _weight_afford(m: Measured) -> float:
    card, _gained = _afford_named(m)
    return 0.5 + 0.5 * POINTS[card] if card else 0.5


def _opponents_affordable(state: SplendorState, seat: int, visible: frozenset[int]) -> float:
    """Visible cards the opponents could recruit on their next turns (summed over them)."""
    return sum(_affordable(state, other, visible) for other in _opponents(state, seat))


def _opponents_reach(state: SplendorState, seat: int, visible: frozenset[int]) -> dict[int, int]:
    """Each visible card an opponent could recruit next turn, with that opponent."""
    return {c: o for o in reversed(_opponents(state, seat)) for c in _reachable(state, o, visible)}


def _would_complete(state: SplendorState, seat: int, card: int, tile: bool = False) -> bool:
    """Whether recruiting `card` brings `seat` to the Gauntlet: points (with the tile when
    `tile`), every colour and a green token."""
    points = state.points(seat) + POINTS[card] + (AVENGERS_TILE_POINTS if tile else 0)
    colours = [b + (1 if c == BONUS[card] else 0) for c, b in enumerate(state.bonuses[seat])]
    green = state.tokens[seat][GREEN] > 0 or (TIME_STONE[card] and state.supply[GREEN] > 0)
    return points >= GAUNTLET_POINTS and min(colours) > 0 and green


def _deny_changes(m: Measured) -> tuple[dict[int, int], dict[int, int]]:
    now, then = _opponents_reach(m.after, m.seat, m.context), _opponents_reach(
        m.base, m.seat, m.context)
    return ({c: o for c, o in now.items() if c not in then},
            {c: o for c, o in then.items() if c not in now})


def _deny_named(m: Measured) -> tuple[int, int, bool]:
    """The card a reason names (0: none), the opponent who could recruit it, and whether the
    move takes it away (else leaves it): the best on the side the count favours only (the
    move's side when the opponents can afford fewer cards after it)."""
    left, denied = _deny_changes(m)
    taken_away = m.value < m.baseline
    changed = denied if taken_away else left
    if not changed:
        return 0, -1, taken_away
    card = _best(set(changed))
    return card, changed[card], taken_away


def _say_deny(m: Measured) -> str:
    card, other, taken_away = _deny_named(m)
    if not card:
        return (f"your opponents can afford {'more' if m.value > m.baseline else 'fewer'} "
                f"cards next turn: {coaching.count(m.value, 'card')} ({m.baseline:g} "
                f"{m.against})")
    if taken_away:
        wins = ", the card that completes their Gauntlet" if _would_complete(
            m.base, other, card) else ""
        return f"takes {_name(card)} away from your opponent, who could recruit it next turn{wins}"
    wins = " and complete their Gauntlet" if _would_complete(m.after, other, card) else ""
    taken = f", where {m.other} takes it" if m.than != BEFORE else ""
    return f"leaves {_name(card)} for your opponent to recruit next turn{wins}{taken}"


def _weight_deny(m: Measured) -> float:
    card, other, taken_away = _deny_named(m)
    if not card:
        return 0.3
    state = m.base if taken_away else m.after
    return 0.5 + 0.8 * POINTS[card] + (
        GAME_DECIDING if _would_complete(state, other, card) else 0.0)


# --- tokens and reserves -----------------------------------------------------------------------

def _say_grey(m: Measured) -> str:
    delta = m.value - m.baseline
    if delta > 0:
        return (f"gains a grey S.H.I.E.L.D. token, wild for any colour: you hold {m.value:g} "
                f"({m.baseline:g} {m.against})")
    if m.than == BEFORE:
        return f"spends a grey token: you hold {m.value:g} ({m.baseline:g} before the move)"
    return (f"forgoes the grey token that {m.other} gains: you hold {m.value:g} "
            f"({m.baseline:g} {m.against})")


def _say_tokens(m: Measured) -> str:
    if m.value >= MAX_TOKENS:
        return (f"fills your hand to the limit of {MAX_TOKENS} tokens: any token taken "
                f"beyond it goes back ({m.baseline:g} {m.against})")
    return f"leaves you {m.value:g} of the {MAX_TOKENS} tokens allowed ({m.baseline:g} {m.against})"


def _weight_tokens(m: Measured) -> float:
    return 1.0 if m.value >= MAX_TOKENS else 0.2


def _say_reserved(m: Measured) -> str:
    full = ": your reserve is full" if m.value >= MAX_RESERVED else ""
    return (f"holds {m.value:g} of the {MAX_RESERVED} reserved cards allowed "
            f"({m.baseline:g} {m.against}){full}")


FEATURES = (
    Feature("gauntlet", "gauntlet", lambda s, p, v: float(s.meets_gauntlet(p)),
            _say_gauntlet, lambda m: 2 * GAME_DECIDING, good=more_is_better),
    Feature("points", "points", lambda s, p, v: s.points(p), _say_points, _weight_points,
            good=more_is_better),
    Feature("gauntlet_colours_missing", "gauntlet",
            lambda s, p, v: len(_missing_colours(s, p)), _say_colours, _weight_colours,
            good=fewer_is_better),
    Feature("green_token", "gauntlet", lambda s, p, v: s.tokens[p][GREEN], _say_green,
            lambda m: 3.0, good=more_is_better),
    Feature("avengers_tags_ahead", "avengers_tile", _tags_ahead, _say_tile, _weight_tile,
            good=_good_tile),
    Feature("locations_won", "location", lambda s, p, v: len(s.locations_won[p]),
            _say_locations, lambda m: float(LOCATION_POINTS), good=more_is_better),
    Feature("location_gap", "location", _location_gap, _say_location_gap,
            _weight_location_gap, next_turn=True, good=fewer_is_better),
    Feature("opponents_affordable", "deny_card", _opponents_affordable, _say_deny, _weight_deny,
            next_turn=True, good=fewer_is_better),
    Feature("affordable_next_turn", "afford_card", _affordable, _say_afford, _weight_afford,
            next_turn=True, good=more_is_better),
    Feature("grey_tokens", "afford_card", lambda s, p, v: s.tokens[p][GREY], _say_grey,
            lambda m: 0.8, next_turn=True, good=more_is_better),
    Feature("tokens", "token_limit", lambda s, p, v: sum(s.tokens[p]), _say_tokens,
            _weight_tokens, next_turn=True),
    Feature("reserved", "reserve", lambda s, p, v: len(s.reserved[p]), _say_reserved,
            lambda m: 0.4, next_turn=True),
)


def reasons(
    obs: Observation, action: Action, alternative: Action | None, rng: random.Random
) -> list[Reason]:
    """What `action` does toward the game's goals against `alternative` (or against the
    position before), most important first. When nothing differs from the alternative, the
    differences from the position before are given."""
    world = sample(obs, rng)
    seed = rng.getrandbits(64)
    after = played(world, action, random.Random(seed))
    visible = visible_cards(obs)
    found = []
    if alternative is not None:
        base = played(world, alternative, random.Random(seed))
        found = _differences(after, base, world.current, visible, describe(alternative))
    return found or _differences(after, world, world.current, visible, BEFORE)


def _differences(after: SplendorState, base: SplendorState, seat: int,
                 visible: frozenset[int], than: str) -> list[Reason]:
    """A reason for each feature whose number differs between `after` and `base` and weighs
    more than 0, the one that matters most first (features in `FEATURES` order among equals)."""
    over = after.result is not None or base.result is not None
    weighed = coaching.differences(FEATURES, after, base, seat, visible, than, over)
    return coaching.most_important_first([(w, r) for w, r in weighed if w > 0])


def played(world: SplendorState, action: Action, rng: random.Random) -> SplendorState:
    """A copy of `world` after `action` and the rest of the mover's turn (token returns and
    location choice by the heuristic policy)."""
    state = world.clone()
    seat = state.current
    apply(state, action)
    for _ in range(FOLLOW_UP_LIMIT):
        if state.result is not None or state.current != seat or state.phase is Phase.MAIN:
            break
        apply(state, rollout_action(state, rng))
    return state


def visible_cards(obs: Observation) -> frozenset[int]:
    """The cards the mover sees now: the board and the face-up or own reserves."""
    cards = {c for c in obs.board if c}
    for hand in obs.reserved:
        cards.update(r.card for r in hand if r.card)
    return frozenset(cards)
