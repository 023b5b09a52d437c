"""What a move caused, read off the states before and after it (for ApplyMove).

Kinds: tokens_taken, card_reserved, card_recruited, tokens_returned, location_chosen, passed,
card_revealed, time_stone_gained, location_taken, avengers_tile_taken, end_triggered,
must_return_tokens, must_choose_location, round_ended, game_over.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.splendor_marvel import Action, Kind, Phase, SplendorState, describe
from games.splendor_marvel.actions import card_words
from games.splendor_marvel.catalogue import GREEN, LOCATIONS

_MAIN_KIND = {
    Kind.TAKE: "tokens_taken",
    Kind.TAKE_TWO: "tokens_taken",
    Kind.RESERVE: "card_reserved",
    Kind.RESERVE_BLIND: "card_reserved",
    Kind.RECRUIT: "card_recruited",
    Kind.RECRUIT_RESERVED: "card_recruited",
    Kind.RETURN: "tokens_returned",
    Kind.LOCATION: "location_chosen",
    Kind.PASS: "passed",
}


@dataclass(frozen=True)
class Event:
    """One consequence of a move."""

    kind: str
    seat: int
    card: int
    description: str


def events(before: SplendorState, after: SplendorState, action: Action) -> list[Event]:
    """The move itself, then its consequences in the order they happen."""
    seat = before.current
    card = 0
    if action.kind in (Kind.RESERVE, Kind.RECRUIT, Kind.RECRUIT_RESERVED):
        card = action.arg
    elif action.kind is Kind.RESERVE_BLIND:
        card = after.reserved[seat][-1]
    out = [Event(_MAIN_KIND[action.kind], seat, card, f"seat {seat}: {describe(action)}")]
    for old, new in zip(before.board, after.board, strict=True):
        if new and new != old:
            out.append(Event("card_revealed", seat, new, f"revealed {card_words(new)}"))
    if after.tokens[seat][GREEN] > before.tokens[seat][GREEN]:
        out.append(Event("time_stone_gained", seat, 0, f"seat {seat} takes a green token"))
    if action.kind is not Kind.LOCATION:
        for index in after.locations_won[seat][len(before.locations_won[seat]) :]:
            text = f"seat {seat} takes the location {LOCATIONS[index].name}"
            out.append(Event("location_taken", seat, 0, text))
    if after.avengers != before.avengers:
        text = f"seat {after.avengers} takes the Avengers Assemble tile"
        out.append(Event("avengers_tile_taken", after.avengers, 0, text))
    if after.end_triggered and not before.end_triggered:
        text = f"seat {seat} meets the Infinity Gauntlet: the round is played out"
        out.append(Event("end_triggered", seat, 0, text))
    if after.phase is Phase.RETURN:
        held = sum(after.tokens[seat])
        out.append(Event("must_return_tokens", seat, 0, f"seat {seat} holds {held} tokens"))
    elif after.phase is Phase.LOCATION:
        out.append(Event("must_choose_location", seat, 0, f"seat {seat} chooses a location"))
    if after.round > before.round:
        out.append(Event("round_ended", seat, 0, f"round {after.round} ends"))
    if after.result is not None:
        winners = [str(s) for s, share in enumerate(after.result) if share > 0]
        text = "game over: " + (
            f"seat {winners[0]} wins" if len(winners) == 1 else f"seats {', '.join(winners)} share"
        )
        out.append(Event("game_over", seat, 0, text))
    return out
