"""The tournament around the matches: rounds, pairings, trophies, fans, the end and the final."""

from __future__ import annotations

import random

from . import decisions, draft, match
from .actions import Action
from .catalogue import FAN_LEAD, ROUNDS, SCHEDULE, pairings_for
from .state import D_OPTION, DECK, FINAL_TRIM, MATCH, OVER, PH_SIZE, TAG_PUBLIC, TAG_TRIM, State


def fan_total(s: State, p: int) -> int:
    """Fan tokens plus the fans on p's trophies (hidden or not)."""
    return s.fans[p] + sum(s.trophy_fans[(t >> 2) - 1][t & 3] for t in s.trophies[p])


def rank_key(s: State, p: int) -> tuple[int, int, int]:
    """Order of standing: fans, then trophies won, then the round of the highest trophy."""
    return fan_total(s, p), len(s.trophies[p]), match.highest_trophy(s, p)


def park_players(s: State, park: int) -> tuple[int, int]:
    """The two participants who meet in `park` this round."""
    table = pairings_for(s.num_participants)
    a, b = (p for p in range(s.num_participants) if table[p][s.round - 1] == park)
    return a, b


def reveal_decks(s: State) -> None:
    """End of a deck phase: every deck, fan count and removed card becomes public."""
    for p in range(s.num_participants):
        reveal_deck(s, p)


def reveal_deck(s: State, p: int) -> None:
    """Participant p's deck, fan count and the cards it removed this phase become public."""
    s.public_deck[p] = sorted(s.decks[p])
    s.phase_counters[p] = [0] * PH_SIZE
    for tags in (*s.discard_tags, s.box_tags):
        for i, tag in enumerate(tags):
            if tag == TAG_TRIM + p:
                tags[i] = TAG_PUBLIC


def _drafters(s: State) -> int:
    return len(s.finalists) if s.finalists else s.num_players


def _start_match(s: State, rng: random.Random) -> None:
    if s.finalists:
        a, b = s.finalists
    else:
        a, b = park_players(s, s.park)
    match.start(s, a, b, rng)


def _finish(s: State, result: tuple[float, ...]) -> None:
    s.result = result
    s.phase = OVER


def _finish_duel(s: State) -> None:
    k0, k1 = rank_key(s, 0), rank_key(s, 1)
    share = 1.0 if k0 > k1 else 0.0 if k0 < k1 else 0.5
    _finish(s, (share,) if s.num_players == 1 else (share, 1.0 - share))


def _start_final(s: State, rng: random.Random) -> None:
    s.revealed = True
    order = sorted(range(s.num_players), key=lambda p: (rank_key(s, p), rng.random()), reverse=True)
    s.finalists = tuple(sorted(order[:2]))
    s.round = ROUNDS + 1
    s.phase, s.turn = FINAL_TRIM, 0
    draft.begin_turn(s)


def _end_round(s: State, rng: random.Random) -> None:
    if s.num_players <= 2 and abs(fan_total(s, 0) - fan_total(s, 1)) >= FAN_LEAD:
        _finish_duel(s)
    elif s.round == ROUNDS:
        if s.num_players <= 2:
            _finish_duel(s)
        else:
            _start_final(s, rng)
    else:
        s.round += 1
        s.phase, s.turn = DECK, 0
        draft.begin_turn(s)


def _end_match(s: State, rng: random.Random) -> None:
    winner = s.side_b if s.loser == s.side_a else s.side_a
    final = bool(s.finalists)
    if not final and (winner != s.robot or s.num_players == 1):
        s.trophies[winner].append(s.round << 2 | s.park)
    for p in (s.side_a, s.side_b):
        match.gather(s, p)
    s.loser, s.pending_kind, s.pending_participant, s.attacker = -1, 0, -1, -1
    if final:
        _finish(s, tuple(1.0 if p == winner else 0.0 for p in range(s.num_players)))
        return
    s.park += 1
    if s.park < s.num_participants // 2:
        _start_match(s, rng)
    else:
        _end_round(s, rng)


def current_player(s: State) -> int:
    """Seat to decide next (-1 when the tournament is over)."""
    if s.phase == MATCH:
        return s.pending_participant
    if s.phase == OVER:
        return -1
    return draft.drafter(s)


def advance(s: State, rng: random.Random) -> None:
    """Run everything that needs no decision until a player must choose or the game ends.

    Decisions with a single legal action are taken automatically; a robot's rare choices
    (only possible with a custom robot deck) take the first legal action.
    """
    while True:
        phase = s.phase
        if phase == MATCH:
            if s.pending_kind:
                acts = decisions.legal(s)
                if len(acts) == 1 or s.pending_participant == s.robot:
                    decisions.resolve(s, acts[0])
                    continue
                return
            if s.loser >= 0:
                _end_match(s, rng)
                continue
            match.step(s, rng)
        elif phase in (DECK, FINAL_TRIM):
            if s.turn >= _drafters(s):
                reveal_decks(s)
                s.phase, s.park = MATCH, 0
                _start_match(s, rng)
                continue
            if s.draft_step == D_OPTION and len(SCHEDULE[s.round - 1]) == 1:
                pile, picks = SCHEDULE[s.round - 1][0]
                draft.choose_option(s, pile, picks, rng)
                continue
            acts = draft.legal(s)
            if len(acts) == 1:
                if draft.apply(s, acts[0], rng):
                    s.turn += 1
                    draft.begin_turn(s)
                continue
            return
        else:
            return


def apply(s: State, action: Action, rng: random.Random) -> None:
    """Play `action` for the current player, then advance to the next decision."""
    if s.phase == MATCH:
        decisions.resolve(s, action)
    elif draft.apply(s, action, rng):
        s.turn += 1
        draft.begin_turn(s)
    advance(s, rng)


def legal_actions(s: State) -> list[Action]:
    """The current player's legal actions (empty when the game is over)."""
    if s.phase == MATCH:
        return decisions.legal(s) if s.pending_kind else []
    if s.phase == OVER:
        return []
    return draft.legal(s)
