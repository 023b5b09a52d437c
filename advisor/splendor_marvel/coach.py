"""Coaching hints: what a move does for the mover and what it lets the opponents do.

The hints are read off one world consistent with the observation; a threat counts only if it
uses cards the mover can see now (a card revealed by the move is a guess in that world).
"""

from __future__ import annotations

import random

from games.splendor_marvel import Action, Kind, Observation, Phase, SplendorState, sample
from games.splendor_marvel.actions import card_words, colour_words
from games.splendor_marvel.catalogue import GREEN, GREY, LOCATIONS, MAX_TOKENS
from games.splendor_marvel.heuristics import rollout_action
from games.splendor_marvel.rules import apply, legal_actions

FOLLOW_UP_LIMIT = 8


def reasons(obs: Observation, action: Action, rng: random.Random) -> list[str]:
    """Short hints about `action` by the seat to move, most important first."""
    before = sample(obs, rng)
    seat = before.current
    after = before.clone()
    apply(after, action)
    hints = _own_gains(before, after, seat, action)
    if after.phase is Phase.RETURN:
        extra = sum(after.tokens[seat]) - MAX_TOKENS
        hints.append(f"leaves you with {extra} token(s) over the limit of {MAX_TOKENS} to return")
    _finish_turn(after, seat, rng)
    visible = _visible_cards(obs)
    for other in range(obs.num_players):
        if other == seat:
            continue
        was, now = _threats(before, other, visible), _threats(after, other, visible)
        hints.extend(f"lets seat {other} {t} next turn" for t in now if t not in was)
        hints.extend(f"stops seat {other} from being able to {t}" for t in was if t not in now)
    return hints


def _own_gains(before: SplendorState, after: SplendorState, seat: int, action: Action) -> list[str]:
    hints = []
    for colour, new in enumerate(after.bonuses[seat]):
        if new and not before.bonuses[seat][colour]:
            hints.append(f"takes your first {colour_words(colour)} bonus")
    gained = after.points(seat) - before.points(seat)
    if gained > 0:
        hints.append(f"scores {gained} Infinity Point{'s' if gained > 1 else ''}")
    if after.tokens[seat][GREEN] > before.tokens[seat][GREEN]:
        hints.append("takes the Time Stone (green token) the Gauntlet needs")
    for index in after.locations_won[seat][len(before.locations_won[seat]) :]:
        hints.append(f"takes the location {LOCATIONS[index].name}")
    if after.avengers == seat != before.avengers:
        hints.append("takes the Avengers Assemble tile")
    if after.end_triggered and not before.end_triggered:
        hints.append("meets the Infinity Gauntlet condition: the end is triggered")
    if action.kind is Kind.RESERVE:
        hints.append(f"keeps {card_words(action.arg)} from the others")
    if action.kind in (Kind.RESERVE, Kind.RESERVE_BLIND) and before.supply[GREY] == 0:
        hints.append("no grey token is left to take with the reserve")
    return hints


def _finish_turn(state: SplendorState, seat: int, rng: random.Random) -> None:
    """Play the mover's pending follow-ups (returns, location) with the heuristic policy."""
    for _ in range(FOLLOW_UP_LIMIT):
        if state.result is not None or state.current != seat or state.phase is Phase.MAIN:
            return
        apply(state, rollout_action(state, rng))


def _visible_cards(obs: Observation) -> set[int]:
    cards = {c for c in obs.board if c}
    for hand in obs.reserved:
        cards.update(r.card for r in hand if r.card)
    return cards


def _threats(state: SplendorState, seat: int, visible: set[int]) -> list[str]:
    """What `seat` could reach with one recruit of a visible card if it were to move now."""
    if state.result is not None:
        return []
    probe = state.clone()
    probe.current, probe.phase = seat, Phase.MAIN
    found: list[str] = []
    for action in legal_actions(probe):
        if action.kind not in (Kind.RECRUIT, Kind.RECRUIT_RESERVED) or action.arg not in visible:
            continue
        trial = probe.clone()
        trial.start_seat = seat  # the probe's turn never ends a round
        apply(trial, action)
        if trial.phase is Phase.LOCATION or len(trial.locations_won[seat]) > len(
            probe.locations_won[seat]
        ):
            found.append("take a location")
        if trial.avengers == seat != probe.avengers:
            found.append("reach the Avengers tile")
        if trial.meets_gauntlet(seat) and not probe.meets_gauntlet(seat):
            found.append("meet the Infinity Gauntlet condition")
    return list(dict.fromkeys(found))
