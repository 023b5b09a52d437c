"""Replaying a game's public record (`History`) to the observation that holds it.

`replay` rebuilds a game from an observation's history, with the hidden cards stood in for by
unseen cards of their level, and checks that it arrives at the observation; the opponent model
(`games.splendor_marvel.opponent_model`) reads the other seats' decisions from it.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.splendor_marvel import rules
from games.splendor_marvel.actions import KIND_OF, PASS, Action, Kind
from games.splendor_marvel.catalogue import LEVEL, LEVELS, SUPPLY
from games.splendor_marvel.history import History, dealt
from games.splendor_marvel.observation import Observation, observe
from games.splendor_marvel.state import SplendorState, table


@dataclass(frozen=True, slots=True)
class Decision:
    """A move of another seat in the replayed game: the position before it, the move, and its
    index in the record's plays."""

    before: SplendorState
    action: Action
    ply: int


@dataclass(frozen=True, slots=True)
class Replay:
    """A replayed game: its last position, the stand-ins for cards hidden from the reader (each
    still in a hand there), and the other seats' decisions made while holding one."""

    state: SplendorState
    stand_ins: frozenset[int]
    decisions: tuple[Decision, ...]


def _draws(history: History, unseen: dict[int, list[int]]) -> tuple[dict[int, list[int]], set[int]]:
    """Per level, the cards the replay deals from the deck, first draw first; hidden blind
    draws take unseen cards of their level, in order."""
    draws: dict[int, list[int]] = {level: [] for level in LEVELS}
    stand_ins: set[int] = set()
    spare = {level: iter(unseen[level]) for level in LEVELS}
    for play in history.plays:
        if KIND_OF[play.action] is Kind.RESERVE_BLIND:
            level = play.action.arg
            card = play.drawn or next(spare[level], 0)
            if not card:
                raise ValueError(f"level {level}: more hidden blind reserves than unseen cards")
            if not play.drawn:
                stand_ins.add(card)
            draws[level].append(card)
        for card in play.dealt:
            draws[LEVEL[card]].append(card)
    return draws, stand_ins


def _opening(obs: Observation, draws: dict[int, list[int]], stand_ins: set[int]) -> SplendorState:
    history = obs.history
    assert history is not None
    unseen = obs.unseen_cards()
    decks = []
    for level in LEVELS:
        rest = [card for card in unseen[level] if card not in stand_ins]
        decks.append(rest + draws[level][::-1])
    return table(
        obs.num_players, obs.start_seat, obs.turn_cap, list(history.opening_board),
        sorted(history.opening_locations), decks,
    )


def _may_be_legal(state: SplendorState, action: Action, stand_ins: set[int]) -> bool:
    """Whether `action` is legal for some cards in place of the stand-ins: a pass is, when the
    only other moves recruit a stand-in (the true cards were not affordable)."""
    legal = rules.legal_actions(state)
    if action in legal:
        return True
    return action is PASS and all(
        KIND_OF[a] is Kind.RECRUIT_RESERVED and a.arg in stand_ins for a in legal
    )


def replay(obs: Observation) -> Replay:
    """Replay `obs.history` from its opening, recording the decisions another seat took while
    holding a card hidden from `obs.seat`.

    Raises ValueError (naming the play) when the history does not replay to the observation.
    """
    history = obs.history
    if history is None:
        raise ValueError("the observation has no history")
    if obs.num_players not in SUPPLY or len(history.opening_board) != 12:
        raise ValueError("history: the opening needs 12 board cards")
    draws, stand_ins = _draws(history, obs.unseen_cards())
    state = _opening(obs, draws, stand_ins)
    decisions = []
    for index, play in enumerate(history.plays):
        if state.result is not None:
            raise ValueError(f"history.plays[{index}]: the game was already over")
        if not _may_be_legal(state, play.action, stand_ins):
            raise ValueError(f"history.plays[{index}]: {play.action} is not legal there")
        seat = state.current
        if seat != obs.seat and any(card in stand_ins for card in state.reserved[seat]):
            decisions.append(Decision(state.clone(), play.action, index))
        before = state.board[:]
        rules.apply(state, play.action)
        turned = dealt(before, state.board)
        if turned != play.dealt:
            raise ValueError(
                f"history.plays[{index}]: dealt {list(play.dealt)}, but the replay dealt "
                f"{list(turned)}"
            )
    seen = observe(state, obs.seat)
    if seen != obs:
        raise ValueError("history: the plays do not lead to this observation")
    return Replay(state, frozenset(stand_ins), tuple(decisions))

