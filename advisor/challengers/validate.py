"""Checks of Challengers! messages: every inconsistency becomes a field violation, never a crash.

Structural checks name the exact field; a last line asks the engine itself (sampling a world,
observing it back, listing the legal moves) and reports any failure on the whole message.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

from advisor.errors import RequestError, Violations
from contract.codecs import challengers as codec
from contract.v1 import challengers_pb2 as pb
from games.challengers import CARDS, GAME, Observation, State, observe, sample
from games.challengers.catalogue import (
    BENCH_SEATS,
    OPTIONAL_SETS,
    ROUNDS,
    SETS_PER_GAME,
    TROPHY_FANS,
)
from games.challengers.evaluators import EVALUATOR
from games.challengers.flow import current_player, legal_actions
from games.challengers.invariants import cards_in_play
from games.challengers.state import PH_SIZE, TAG_NOBODY, TAG_PUBLIC, TAG_TRIM, DraftStep, Phase
from games.registry import GAMES

HIDDEN = -1
MAX_PLAYERS = max(GAMES["challengers"].player_counts)
PROBE_WORLDS = 2
"""Sampled worlds of an observation played to the end before it is accepted."""
PROBE_PLIES = 5000
CARD_COUNT = sum(card.copies for card in CARDS)
"""No count in a tournament (picks, trims, payments, fans of a phase, cards added, a pile's
size, decisions pending) exceeds the number of cards: a larger one is refused before the
engine loops over it."""
MAX_FANS = 10 * CARD_COUNT
T = TypeVar("T")


def _cards(v: Violations, path: str, cards: Iterable[int], hidden_ok: bool = False) -> None:
    for i, card in enumerate(cards):
        if not (0 <= card < len(CARDS) or (hidden_ok and card == HIDDEN)):
            v.add(f"{path}[{i}]", f"unknown card {card} (catalogue has 0..{len(CARDS) - 1})")
            return


def _range(v: Violations, path: str, value: int, low: int, high: int) -> None:
    if not low <= value <= high:
        v.add(path, f"{value} is out of range {low}..{high}")


def _counts(v: Violations, path: str, values: Iterable[int], high: int = CARD_COUNT,
            low: int = 0) -> None:
    """The first of `values` out of `low..high`, as one violation."""
    for i, value in enumerate(values):
        if not low <= value <= high:
            v.add(f"{path}[{i}]", f"{value} is out of range {low}..{high}")
            return


def _length(v: Violations, path: str, items: Sequence[object], want: int) -> bool:
    if len(items) != want:
        v.add(path, f"expected {want} entries, got {len(items)}")
        return False
    return True


def _tagged(v: Violations, path: str, entries: Sequence[pb.ChallengersTaggedCard], n: int,
            hidden_ok: bool) -> None:
    seers = {TAG_PUBLIC, TAG_NOBODY, *range(n), *range(TAG_TRIM, TAG_TRIM + n)}
    for i, e in enumerate(entries):
        if e.seen_by not in seers:
            v.add(f"{path}[{i}].seen_by", f"{e.seen_by} is no seer: -2, -1, a seat or 100+seat")
        _cards(v, f"{path}[{i}].card", [e.card], hidden_ok)


def _participant(v: Violations, path: str, p: pb.ChallengersParticipant, hidden_ok: bool) -> None:
    _cards(v, f"{path}.deck", p.deck)
    _cards(v, f"{path}.public_deck", p.public_deck)
    _length(v, f"{path}.phase_counters", p.phase_counters, PH_SIZE)
    _counts(v, f"{path}.phase_counters", p.phase_counters)
    _counts(v, f"{path}.hidden_adds", p.hidden_adds)
    _range(v, f"{path}.fans", p.fans, -MAX_FANS, MAX_FANS)
    _range(v, f"{path}.next_attack_bonus", p.next_attack_bonus, -MAX_FANS, MAX_FANS)
    _counts(v, f"{path}.play_bonus", p.play_bonus, MAX_FANS, -MAX_FANS)
    _counts(v, f"{path}.play_attack", p.play_attack, MAX_FANS, -MAX_FANS)
    for i, code in enumerate(p.trophies):
        if not (1 <= code >> 2 <= ROUNDS):
            v.add(f"{path}.trophies[{i}]", f"{code} is no trophy (round << 2 | park)")
    _cards(v, f"{path}.draw", [c.card for c in p.draw], hidden_ok)
    if hidden_ok and any(c.owner_knows != c.opponent_knows for c in p.draw):
        v.add(f"{path}.draw", "in an observation a card is public (both flags) or not (neither)")
    if len(p.bench) > BENCH_SEATS:
        v.add(f"{path}.bench", f"a bench has at most {BENCH_SEATS} seats")
    for i, seat in enumerate(p.bench):
        if not seat.cards:
            v.add(f"{path}.bench[{i}].cards", "an occupied bench seat holds a card")
        _cards(v, f"{path}.bench[{i}].cards", seat.cards)
    _cards(v, f"{path}.exhaust", p.exhaust)
    _cards(v, f"{path}.in_play", p.in_play)
    _cards(v, f"{path}.match_public", p.match_public)
    _length(v, f"{path}.play_bonus", p.play_bonus, len(p.in_play))
    _length(v, f"{path}.play_attack", p.play_attack, len(p.in_play))
    _length(v, f"{path}.hidden_adds", p.hidden_adds, 3)


Message = pb.ChallengersObservation | pb.ChallengersState


def _common(v: Violations, path: str, msg: Message, hidden_ok: bool) -> int:
    """Checks shared by observations and states; the number of participants (0 if unknown)."""
    n = msg.players
    if not 1 <= n <= MAX_PLAYERS:
        v.add(f"{path}.players", f"Challengers! is played by 1 to {MAX_PLAYERS} players")
        return 0
    if len(set(msg.sets)) != SETS_PER_GAME or any(s not in OPTIONAL_SETS for s in msg.sets):
        v.add(f"{path}.sets", f"name {SETS_PER_GAME} distinct sets of {', '.join(OPTIONAL_SETS)}")
    _cards(v, f"{path}.robot_deck", msg.robot_deck)
    _range(v, f"{path}.round", msg.round, 1, ROUNDS + 1)
    _range(v, f"{path}.phase", msg.phase, 0, Phase.OVER)
    d = msg.draft
    _range(v, f"{path}.draft.turn", d.turn, 0, n)
    _range(v, f"{path}.draft.step", d.step, 0, DraftStep.TRIM)
    _range(v, f"{path}.draft.option_pile", d.option_pile, -1, 2)
    _range(v, f"{path}.draft.picks_left", d.picks_left, 0, CARD_COUNT)
    _cards(v, f"{path}.offer", msg.offer, hidden_ok)
    if _length(v, f"{path}.discards", msg.discards, 3):
        for i, comp in enumerate(msg.discards):
            _tagged(v, f"{path}.discards[{i}].cards", comp.cards, n, hidden_ok)
    _tagged(v, f"{path}.box", msg.box, n, hidden_ok)
    count = n + n % 2
    if _length(v, f"{path}.participants", msg.participants, count):
        for i, p in enumerate(msg.participants):
            _participant(v, f"{path}.participants[{i}]", p, hidden_ok)
    if _length(v, f"{path}.trophy_fans", msg.trophy_fans, ROUNDS):
        for r, row in enumerate(msg.trophy_fans):
            if _length(v, f"{path}.trophy_fans[{r}].cards", row.cards, len(TROPHY_FANS[r])):
                low = HIDDEN if hidden_ok else 0
                for k, fans in enumerate(row.cards):
                    _range(v, f"{path}.trophy_fans[{r}].cards[{k}]", fans, low, 99)
    if msg.finalists and len(msg.finalists) != 2:
        v.add(f"{path}.finalists", "none or two finalists")
    for i, seat in enumerate(msg.finalists):
        _range(v, f"{path}.finalists[{i}]", seat, 0, n - 1)
    if msg.HasField("result"):
        _length(v, f"{path}.result.per_seat", msg.result.per_seat, n)
    if msg.HasField("result") != (msg.phase == Phase.OVER):
        v.add(f"{path}.result", "present exactly when the phase is 3 (over)")
    m = msg.match
    for name in ("side_a", "side_b", "attacker", "pending_participant", "loser"):
        _range(v, f"{path}.match.{name}", getattr(m, name), -1, count - 1)
    _range(v, f"{path}.match.park", m.park, -1, count)
    _range(v, f"{path}.match.pending_data", m.pending_data, -CARD_COUNT, CARD_COUNT)
    _draft_step(v, path, msg)
    return count


def _ask_engine(path: str, question: Callable[[], T]) -> T:
    """The engine's answer, or INVALID_ARGUMENT on `path` when the position makes it fail."""
    try:
        return question()
    except RequestError:
        raise
    except Exception as exc:  # the last line of defence on client data
        reason = f"inconsistent position: {exc or type(exc).__name__}"
        raise RequestError([(path, reason)]) from None


def _decisions(path: str, s: State) -> None:
    if s.phase != Phase.OVER and not 0 <= current_player(s) < s.num_players:
        raise RequestError([(path, "no seat has a decision to make")])
    if s.phase != Phase.OVER and not legal_actions(s):
        raise RequestError([(path, "the seat to decide has no legal move")])


def _plays_out(path: str, s: State, seed: int) -> None:
    """Play `s` to the end with the rollout policy: every position on the way must be sound."""
    rng = random.Random(seed)
    for _ in range(PROBE_PLIES):
        if s.phase == Phase.OVER:
            return
        _decisions(path, s)
        GAME.apply(s, EVALUATOR.rollout_action(s, rng), rng)
    raise RequestError([(path, "inconsistent position: the tournament does not end")])


def _draft_step(v: Violations, path: str, msg: Message) -> None:
    """What the deck-phase step needs: an offer to pick from, picks left for a regular pick."""
    d = msg.draft
    if msg.phase not in (Phase.DECK, Phase.FINAL_TRIM):
        return
    if d.step in (DraftStep.PICK, DraftStep.EXTRA) and not msg.offer:
        v.add(f"{path}.offer", "a pick needs an offer")
    if d.step == DraftStep.PICK and d.picks_left < 1:
        v.add(f"{path}.draft.picks_left", "a pick needs picks left")


def _field_of(path: str, problem: str) -> str:
    """The field an engine's inconsistency message is about."""
    if "pile sizes" in problem:
        return f"{path}.pile_sizes"
    counters = re.search(r"participant (\d+)'s phase counters", problem)
    return f"{path}.participants[{counters[1]}].phase_counters" if counters else path


def validate_observation(msg: pb.ChallengersObservation, path: str) -> Observation:
    """The engine observation of `msg`, or RequestError listing what is wrong."""
    v = Violations()
    if _common(v, path, msg, hidden_ok=True):
        _range(v, f"{path}.seat", msg.seat, 0, msg.players - 1)
    _cards(v, f"{path}.own_public_deck", msg.own_public_deck)
    _length(v, f"{path}.pile_sizes", msg.pile_sizes, 3)
    _counts(v, f"{path}.pile_sizes", msg.pile_sizes)
    v.raise_if_any()
    obs = codec.observation_from_proto(msg)

    def check() -> None:
        try:
            world = sample(obs, random.Random(0))
        except ValueError as exc:
            field = _field_of(path, str(exc))
            raise RequestError([(field, f"inconsistent position: {exc}")]) from None
        if observe(world, obs.seat) != obs:
            raise RequestError([(path, "inconsistent position: no world shows this observation")])
        for seed in range(PROBE_WORLDS):
            _plays_out(path, world if seed == 0 else sample(obs, random.Random(seed)), seed)

    _ask_engine(path, check)
    return obs


def _all_cards(msg: pb.ChallengersState) -> Counter[int]:
    out: Counter[int] = Counter(msg.offer)
    out.update(e.card for e in msg.box)
    for pile in msg.piles:
        out.update(pile.cards)
    for comp in msg.discards:
        out.update(e.card for e in comp.cards)
    for p in msg.participants:
        out.update(p.deck)
        out.update(c.card for c in p.draw)
        for seat in p.bench:
            out.update(seat.cards)
        out.update(p.exhaust)
        out.update(p.in_play)
    return out


def validate_state(msg: pb.ChallengersState, path: str) -> State:
    """The full state of `msg`, or RequestError listing what is wrong."""
    v = Violations()
    _common(v, path, msg, hidden_ok=False)
    if _length(v, f"{path}.piles", msg.piles, 3):
        for i, pile in enumerate(msg.piles):
            _cards(v, f"{path}.piles[{i}].cards", pile.cards)
    v.raise_if_any()
    have = _all_cards(msg)
    want = cards_in_play(msg.players, tuple(msg.sets), msg.robot_deck)
    if have != want:
        extra = sorted((have - want).elements())[:5]
        missing = sorted((want - have).elements())[:5]
        raise RequestError([(path, f"the cards do not add up: extra {extra}, missing {missing}")])
    state = codec.state_from_proto(msg)

    def check() -> None:
        for seat in range(state.num_players):
            observe(state, seat)
        _plays_out(path, state.clone(), 0)

    _ask_engine(path, check)
    return state
