"""A Python `State` as the kernel's world array and back (`kernel.layout` describes the cells)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..catalogue import OPTIONAL_SETS, ROUNDS
from ..setup import empty_state
from ..state import DraftStep, Phase, State
from . import layout as L


def _put(world: np.ndarray, at: int, cells: Sequence[int], cap: int, what: str) -> None:
    """Write a list (its count, then its cells); ValueError when it outgrows its cells."""
    if len(cells) > cap:
        raise ValueError(f"{what} holds {len(cells)} cards, more than the kernel's {cap}")
    world[at] = len(cells)
    world[at + 1 : at + 1 + len(cells)] = cells


def _tagged(world: np.ndarray, at: int, cards: list[int], tags: list[int], cap: int,
            what: str) -> None:
    _put(world, at, cards, cap, what)
    world[at + 1 + cap : at + 1 + cap + len(tags)] = tags


def encode_state(s: State) -> np.ndarray:
    """The world array of a full state; ValueError when a list outgrows the kernel's cells."""
    w = np.zeros(L.STATE_SIZE, dtype=np.int32)
    w[L.NUM_PLAYERS], w[L.NUM_PARTICIPANTS], w[L.ROBOT] = (
        s.num_players, s.num_participants, s.robot)
    w[L.SETS] = sum(1 << i for i, name in enumerate(OPTIONAL_SETS) if name in s.sets)
    w[L.ROUND], w[L.PHASE], w[L.TURN], w[L.DRAFT_STEP] = s.round, s.phase, s.turn, s.draft_step
    w[L.OPTION_PILE], w[L.PICKS_LEFT], w[L.REDRAW_USED] = (
        s.option_pile, s.picks_left, s.redraw_used)
    w[L.PARK], w[L.SIDE_A], w[L.SIDE_B], w[L.ATTACKER], w[L.MATCH_STEP] = (
        s.park, s.side_a, s.side_b, s.attacker, s.match_step)
    w[L.PENDING_KIND], w[L.PENDING_PARTICIPANT], w[L.PENDING_DATA], w[L.LOSER] = (
        s.pending_kind, s.pending_participant, s.pending_data, s.loser)
    w[L.REVEALED] = s.revealed
    w[L.FINALIST_COUNT] = len(s.finalists)
    w[L.FINALISTS : L.FINALISTS + len(s.finalists)] = s.finalists
    if s.result is not None:
        w[L.OVER] = 1
        w[L.RESULT : L.RESULT + len(s.result)] = [round(2 * share) for share in s.result]
    for r, values in enumerate(s.trophy_fans):
        w[L.TROPHY_FANS + 4 * r : L.TROPHY_FANS + 4 * r + 4] = values
    _put(w, L.ROBOT_DECK, s.robot_deck, L.ROBOT_DECK_CAP, "the robot's deck")
    _put(w, L.OFFER, s.offer, L.OFFER_CAP, "the offer")
    for i in range(3):
        _put(w, L.PILES + i * L.PILE_SIZE, s.piles[i], L.PILE_CAP, "a level pile")
        _tagged(w, L.DISCARDS + i * L.DISCARD_SIZE, s.discards[i], s.discard_tags[i],
                L.PILE_CAP, "a discard compartment")
    _tagged(w, L.BOX, s.box, s.box_tags, L.BOX_CAP, "the box")
    for p in range(s.num_participants):
        _encode_participant(w, s, p)
    return w


def _encode_participant(w: np.ndarray, s: State, p: int) -> None:
    b = L.BLOCKS + p * L.BLOCK_SIZE
    for at, cells in ((L.DECK, s.decks[p]), (L.PUBLIC_DECK, s.public_deck[p]),
                      (L.DRAWS, s.draws[p]), (L.EXHAUSTED, s.exhausted[p]),
                      (L.IN_PLAY, s.in_play[p]), (L.MATCH_PUBLIC, s.match_public[p])):
        _put(w, b + at, cells, L.LIST_CAP, f"participant {p}'s cards")
    for at, cells in ((L.PLAY_BONUS, s.play_bonus[p]), (L.PLAY_ATTACK, s.play_attack[p])):
        w[b + at + 1 : b + at + 1 + len(cells)] = cells
    _put(w, b + L.TROPHIES, s.trophies[p], L.TROPHY_CAP, "the trophies")
    w[b + L.PHASE_COUNTERS : b + L.PHASE_COUNTERS + len(s.phase_counters[p])] = (
        s.phase_counters[p])
    w[b + L.FANS], w[b + L.NEXT_ATTACK_BONUS] = s.fans[p], s.next_attack_bonus[p]
    w[b + L.HIDDEN_ADDS : b + L.HIDDEN_ADDS + 3] = s.hidden_adds[p]
    w[b + L.BENCH] = len(s.benches[p])
    for seat, cards in enumerate(s.benches[p]):
        _put(w, b + L.BENCH + 1 + seat * L.SEAT_SIZE, cards, L.SEAT_CAP, "a bench seat")


def _cells(w: np.ndarray, at: int) -> list[int]:
    return [int(x) for x in w[at + 1 : at + 1 + w[at]]]


def _tags(w: np.ndarray, at: int, cap: int) -> list[int]:
    return [int(x) for x in w[at + 1 + cap : at + 1 + cap + w[at]]]


def decode_state(w: np.ndarray) -> State:
    """The full state a world array holds (`encode_state`'s inverse)."""
    n = int(w[L.NUM_PLAYERS])
    sets = tuple(name for i, name in enumerate(OPTIONAL_SETS) if int(w[L.SETS]) >> i & 1)
    s = empty_state(n, sets, _cells(w, L.ROBOT_DECK))
    s.round, s.phase, s.turn = int(w[L.ROUND]), Phase(int(w[L.PHASE])), int(w[L.TURN])
    s.draft_step = DraftStep(int(w[L.DRAFT_STEP]))
    s.option_pile, s.picks_left = int(w[L.OPTION_PILE]), int(w[L.PICKS_LEFT])
    s.redraw_used = bool(w[L.REDRAW_USED])
    s.park, s.side_a, s.side_b = int(w[L.PARK]), int(w[L.SIDE_A]), int(w[L.SIDE_B])
    s.attacker, s.match_step = int(w[L.ATTACKER]), int(w[L.MATCH_STEP])
    s.pending_kind, s.pending_participant = int(w[L.PENDING_KIND]), int(w[L.PENDING_PARTICIPANT])
    s.pending_data, s.loser = int(w[L.PENDING_DATA]), int(w[L.LOSER])
    s.revealed = bool(w[L.REVEALED])
    s.finalists = tuple(int(x) for x in w[L.FINALISTS : L.FINALISTS + w[L.FINALIST_COUNT]])
    if w[L.OVER]:
        s.result = tuple(int(x) / 2 for x in w[L.RESULT : L.RESULT + n])
    fans = [int(x) for x in w[L.TROPHY_FANS : L.TROPHY_FANS + 4 * ROUNDS]]
    s.trophy_fans = tuple(tuple(fans[4 * r : 4 * r + 4]) for r in range(ROUNDS))
    s.offer = _cells(w, L.OFFER)
    s.piles = [_cells(w, L.PILES + i * L.PILE_SIZE) for i in range(3)]
    s.discards = [_cells(w, L.DISCARDS + i * L.DISCARD_SIZE) for i in range(3)]
    s.discard_tags = [_tags(w, L.DISCARDS + i * L.DISCARD_SIZE, L.PILE_CAP) for i in range(3)]
    s.box, s.box_tags = _cells(w, L.BOX), _tags(w, L.BOX, L.BOX_CAP)
    for p in range(s.num_participants):
        _decode_participant(w, s, p)
    return s


def _decode_participant(w: np.ndarray, s: State, p: int) -> None:
    b = L.BLOCKS + p * L.BLOCK_SIZE
    s.decks[p], s.public_deck[p] = _cells(w, b + L.DECK), _cells(w, b + L.PUBLIC_DECK)
    s.draws[p], s.exhausted[p] = _cells(w, b + L.DRAWS), _cells(w, b + L.EXHAUSTED)
    s.in_play[p], s.match_public[p] = _cells(w, b + L.IN_PLAY), _cells(w, b + L.MATCH_PUBLIC)
    playing = len(s.in_play[p])
    s.play_bonus[p] = [int(x) for x in w[b + L.PLAY_BONUS + 1 : b + L.PLAY_BONUS + 1 + playing]]
    s.play_attack[p] = [int(x) for x in w[b + L.PLAY_ATTACK + 1 : b + L.PLAY_ATTACK + 1 + playing]]
    s.trophies[p] = _cells(w, b + L.TROPHIES)
    s.phase_counters[p] = [int(x) for x in w[b + L.PHASE_COUNTERS : b + L.FANS]]
    s.fans[p], s.next_attack_bonus[p] = int(w[b + L.FANS]), int(w[b + L.NEXT_ATTACK_BONUS])
    s.hidden_adds[p] = [int(x) for x in w[b + L.HIDDEN_ADDS : b + L.HIDDEN_ADDS + 3]]
    s.benches[p] = [_cells(w, b + L.BENCH + 1 + seat * L.SEAT_SIZE)
                    for seat in range(int(w[b + L.BENCH]))]
