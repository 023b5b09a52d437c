"""Human text: `describe` an action in plain words and `render` a state."""

from __future__ import annotations

from .actions import (
    BOTTOM,
    DONE,
    EXHAUST,
    OPT,
    ORDER,
    PASS,
    PICK,
    REDRAW,
    TOP,
    TRIM,
    Action,
)
from .catalogue import LEVEL, LEVELS, NAME, PILE_LEVELS, POWER, SET_NAMES, SET_OF
from .effects import K_SIREN
from .flow import current_player, fan_total
from .power import attack_power, defence_power
from .state import MATCH, OVER, State, card_of


def card_text(card: int) -> str:
    """"Name (set, level, power)"."""
    power = POWER[card] if POWER[card] >= 0 else "round"
    return f"{NAME[card]} ({SET_NAMES[SET_OF[card]]} {LEVELS[LEVEL[card]]}, {power})"


def describe(action: Action, s: State | None = None) -> str:
    """A short sentence saying what `action` does (the state adds context when given)."""
    kind, arg = action.kind, action.arg
    if kind == OPT:
        return f"take {arg & 7} card(s) from pile {PILE_LEVELS[arg >> 3]}"
    if kind == REDRAW:
        return "throw the offer away and draw a new one"
    if kind == PICK:
        paid = " and ".join(NAME[t] for t in action.paid())
        extra = f", removing {paid} to take an extra card" if paid else ""
        return f"add {card_text(action.card)} to the deck{extra}"
    if kind == TRIM:
        return f"remove {NAME[arg]} from the deck"
    if kind == DONE:
        return "stop removing cards"
    if kind == PASS:
        return "do nothing more"
    if kind in (TOP, BOTTOM):
        which = NAME[action.card]
        if action.copy > 1:
            which = f"the {_ordinal(action.copy)} {which} from the top"
        where = "on top of" if kind == TOP else "at the bottom of"
        return f"put {which} {where} the deck"
    if kind == EXHAUST:
        whose = "the opponent's" if s is not None and s.pending_kind == K_SIREN else "your"
        return f"move {NAME[arg]} from {whose} bench to the exhaust pile"
    if kind == ORDER:
        return "put back, top first: " + ", ".join(NAME[t] for t in action.cards())
    return str(action)


def _ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, ... 11th, 12th, 13th, 21st."""
    suffix = "th" if n % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _cards(cards: list[int]) -> str:
    return ", ".join(NAME[card_of(c)] for c in cards) or "-"


def render(s: State) -> str:
    """A readable multi-line picture of the whole state (hidden parts included)."""
    sets = ", ".join(SET_NAMES[x] for x in s.sets)
    lines = [f"Challengers! {s.num_players} player(s), sets: {sets}"]
    if s.phase == OVER:
        lines.append(f"Game over: {s.result}")
    else:
        stage = "final" if s.finalists and s.phase == MATCH else ("deck phase", "match",
                                                                  "final trimming")[s.phase]
        lines.append(f"Round {min(s.round, 7)}, {stage}; to decide: seat {current_player(s)}")
    lines.append("Piles A/B/C: " + " / ".join(
        f"{len(p)} (+{len(d)} discarded)" for p, d in zip(s.piles, s.discards, strict=True)))
    for p in range(s.num_participants):
        who = "robot" if p == s.robot else f"seat {p}"
        trophies = ", ".join(f"r{t >> 2}" for t in s.trophies[p]) or "none"
        lines.append(f"{who}: fans {fan_total(s, p)} ({s.fans[p]} tokens), trophies {trophies}")
        if s.decks[p]:
            lines.append(f"  deck: {_cards(sorted(s.decks[p]))}")
    if s.phase != MATCH and s.offer:
        lines.append(f"Offer: {_cards(sorted(s.offer))}")
    if s.phase == MATCH:
        for p in (s.side_a, s.side_b):
            role = "attacks" if p == s.attacker else "holds the flag"
            power = attack_power(s, p) if p == s.attacker else defence_power(s, p)
            lines.append(f"{'robot' if p == s.robot else f'seat {p}'} {role} ({power}): "
                         f"{_cards(s.in_play[p])}")
            lines.append(f"  draw pile (top last): {_cards(s.draws[p])}")
            lines.append("  bench: " + (" | ".join(_cards(seat) for seat in s.benches[p]) or "-"))
            lines.append(f"  exhausted: {_cards(s.exhausted[p])}")
    return "\n".join(lines)
