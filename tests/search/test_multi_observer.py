"""Multiple-observer ISMCTS: each seat decides by what it sees, and nothing hidden leaks."""

from __future__ import annotations

import itertools
import random

import pytest

from clients.arena.specs import build_bot, parse_spec
from search import ISMCTSBot, Limits, SearchConfig, SearchResult, ismcts
from search.config import Selection
from search.core import TreeSearch
from search.multi_observer import MultiObserverSearch, Seen, Unseen, visible_line
from search.tree import Node
from tests.search.test_information import same_answer
from tests.search.toy_games import (
    A_PICK,
    HIGH,
    LOW,
    PICKS,
    GuessState,
    GuessTheCard,
    HighCard,
    HighCardState,
    PickState,
    RaiseOrCheck,
    RaiseState,
    SecretPick,
)

MULTIPLE = SearchConfig(observers="multiple", selection="uct")
CONFIGS = [MULTIPLE, SearchConfig(observers="multiple", selection="puct")]
IDS = ["uct", "puct"]


def grown(game: RaiseOrCheck | SecretPick, state: object, config: SearchConfig,
          iterations: int) -> MultiObserverSearch:
    observation = game.observe(state, 0)  # type: ignore[arg-type]
    search = MultiObserverSearch(
        game, game, lambda rng: game.sample(observation, rng), config, random.Random(5)
    )
    search.run(iterations)
    return search


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_the_opponent_answers_by_its_own_card(config: SearchConfig) -> None:
    game = RaiseOrCheck()
    search = grown(game, RaiseState(HIGH), config, 3000)

    # In the opponent's tree, after the raise it sees, its decision splits by its card:
    # it calls holding the high card and folds holding the low one.
    after_raise = search.trees[1].children["raise"]
    assert set(after_raise.children) == {Seen(HIGH), Seen(LOW)}
    holding_high = after_raise.children[Seen(HIGH)].best_child()
    holding_low = after_raise.children[Seen(LOW)].best_child()
    assert holding_high is not None and holding_high.action == "call"
    assert holding_low is not None and holding_low.action == "fold"
    # The searcher cannot see that card: its own tree holds one node per reply.
    assert set(search.root.children["raise"].children) == {"call", "fold"}


@pytest.mark.parametrize("selection", ["uct", "puct"])
def test_only_the_multiple_observer_search_sees_that_raising_loses(
    selection: Selection,
) -> None:
    game = RaiseOrCheck()
    observation = game.observe(RaiseState(LOW), 0)
    limits = Limits(iterations=3000)

    single = ismcts(game, game, observation, limits, SearchConfig(selection=selection), seed=3)
    multiple = ismcts(
        game, game, observation, limits, SearchConfig(selection=selection, observers="multiple"),
        seed=3,
    )

    # One tree pools the opponent's answers over both cards: it always calls (1/2 > 0.4),
    # so raising looks worth 0.5 > 0.4. Deciding by its card, it calls only when it wins:
    # raising is worth (0 + 0.6) / 2 = 0.3 < 0.4.
    assert single.action == "raise"
    assert single.best.pv == ("raise", "call")
    assert multiple.action == "check"
    raised = next(c for c in multiple.candidates if c.action == "raise")
    assert raised.value < 0.4


def test_a_move_another_seat_cannot_see_is_one_branch_in_its_tree() -> None:
    game = SecretPick()
    search = grown(game, PickState(), MULTIPLE, 3000)

    assert set(search.root.children) == {("pick", n) for n in PICKS}
    assert list(search.trees[1].children) == [Unseen(A_PICK)]
    # Guessing blind, the opponent is right one time in three: every pick is worth about 2/3.
    for pick in search.root.children.values():
        assert pick.score / pick.visits == pytest.approx(2 / 3, abs=0.1)

    # The single-observer tree lets the guesser see the pick: it thinks every pick loses.
    single = TreeSearch(game, game, lambda rng: PickState(), SearchConfig(selection="uct"),
                        random.Random(5))
    single.run(3000)
    for pick in single.root.children.values():
        assert pick.score / pick.visits < 0.1


def test_principal_lines_skip_information_branches_and_stop_at_unseen_moves() -> None:
    line = [Node("mine", 0, 2), Node(Seen("my card"), 0, 2), Node("again", 0, 2),
            Node(Unseen("a pick"), 1, 2), Node("after", 0, 2)]
    for parent, child in itertools.pairwise(line):
        parent.children[child.action] = child
    for node in line:
        node.visits = 1

    assert [n.action for n in visible_line(line[0])] == ["mine", "again"]


def test_answers_show_only_moves() -> None:
    game = SecretPick()
    result = ismcts(game, game, game.observe(PickState(), 0), Limits(iterations=500), MULTIPLE,
                    seed=2)
    for candidate in result.candidates:
        assert candidate.pv[0] == candidate.action
        assert candidate.pv[1] in game.legal_actions(PickState(pick=0))  # seat 1's guesses
        assert len(candidate.pv) == len(candidate.line_visits) == len(candidate.line_values)


class KeyAuditedHighCard(HighCard):
    """High card that records whose information the search asks for, and when."""

    def __init__(self) -> None:
        super().__init__(deck=12, hand_size=4)
        self.asked: list[tuple[int, int]] = []

    def information_key(self, state: HighCardState, seat: int) -> tuple[int, ...]:
        self.asked.append((seat, state.player))
        return super().information_key(state, seat)


def test_a_seat_is_split_by_its_own_information_only_where_it_decides() -> None:
    game = KeyAuditedHighCard()
    deal = game.deal(random.Random(3))
    search = MultiObserverSearch(
        game, game, lambda rng: game.sample(game.observe(deal, 0), rng), MULTIPLE,
        random.Random(1),
    )
    search.run(2000)

    assert game.asked and all(seat == mover for seat, mover in game.asked)
    assert {seat for seat, _ in game.asked} == {0, 1}
    # the opponent's first decision branches on the hands it might hold in the sampled worlds
    lead = next(iter(search.root.children))
    assert len(search.trees[1].children[lead].children) > 10
    for tree in search.trees:
        assert tree.visits == search.iterations == 2000


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_same_seed_same_answer(config: SearchConfig) -> None:
    game = HighCard(deck=12, hand_size=4)
    observation = game.observe(game.deal(random.Random(8)), 0)
    limits = Limits(iterations=1200)
    first = ismcts(game, game, observation, limits, config, seed=21)
    again = ismcts(game, game, observation, limits, config, seed=21)
    assert same_answer(first, again)
    assert first.stats.iterations == 1200 and first.stats.engine == "python"
    other = ismcts(game, game, observation, limits, config, seed=22)
    assert not same_answer(first, other)


def test_progress_reports_come_in_the_result_shape() -> None:
    game = HighCard(deck=12, hand_size=4)
    deal = game.deal(random.Random(2))
    reports: list[SearchResult] = []
    limits = Limits(iterations=3000, progress_ms=1, on_progress=reports.append)
    ismcts(game, game, game.observe(deal, 0), limits, MULTIPLE, seed=1)

    assert reports
    for report in reports:
        assert report.stats.stopped_by == "running"
        assert {c.action for c in report.candidates} <= set(deal.hands[0])
        assert all(isinstance(card, int) for c in report.candidates for card in c.pv)


def test_what_the_option_refuses() -> None:
    game = GuessTheCard()
    with pytest.raises(ValueError, match="information_key"):
        ismcts(game, game, game.observe(GuessState(card=1), 0), Limits(iterations=10),
               MULTIPLE)
    with pytest.raises(ValueError, match="one worker"):
        SearchConfig(observers="multiple", workers=2)
    with pytest.raises(ValueError, match="observers"):
        SearchConfig(observers="many")  # type: ignore[arg-type]


def test_the_arena_spec_selects_the_multiple_observer_search() -> None:
    from games.splendor_marvel import GAME as SPLENDOR  # the arena plays registered games

    spec = parse_spec("ismcts:iters=200,obs=multiple")
    bot, limits = build_bot(spec, SPLENDOR)
    assert isinstance(bot, ISMCTSBot) and bot.config.observers == "multiple"
    state = SPLENDOR.new_game(2, seed=3)
    assert bot.choose(SPLENDOR.observe(state, 0), limits, seed=1) in SPLENDOR.legal_actions(state)
    with pytest.raises(ValueError, match="observers"):
        parse_spec("ismcts:obs=some")


def test_kuhn_poker_opponent_calls_a_bet_with_the_king_and_folds_the_jack() -> None:
    pytest.importorskip("pyspiel")
    from benchmarks.strength.openspiel_compare import SpielGame, SpielUniform

    game = SpielGame("kuhn_poker")
    deal = game.game.new_initial_state()
    deal.apply_action(1)  # seat 0: the queen
    deal.apply_action(0)  # seat 1: the jack (seat 0 does not know which of the other two)
    observation = game.observe(deal, 0)
    config = SearchConfig(rollout="random", rollout_depth=None, observers="multiple")
    search = MultiObserverSearch(
        game, SpielUniform(game), lambda rng: game.sample(observation, rng), config,
        random.Random(1),
    )
    search.run(5000)

    pass_, bet = 0, 1
    facing_a_bet = search.trees[1].children[bet].children
    # OpenSpiel's information state string: the seat's card, then the bets so far.
    assert set(facing_a_bet) == {Seen("0b"), Seen("2b")}
    with_the_jack = facing_a_bet[Seen("0b")].best_child()
    with_the_king = facing_a_bet[Seen("2b")].best_child()
    assert with_the_jack is not None and with_the_jack.action == pass_
    assert with_the_king is not None and with_the_king.action == bet


def test_splendor_marvel_keys_a_blind_reserve_for_its_owner_only() -> None:
    from games.splendor_marvel import GAME
    from games.splendor_marvel.actions import Action
    from games.splendor_marvel.evaluators import EVALUATOR

    state = GAME.new_game(2, seed=5)
    GAME.apply(state, GAME.parse("blind:1"), random.Random(0))
    (card,) = GAME.information_key(state, 0)
    assert GAME.information_key(state, 1) == ()

    rng = random.Random(1)
    owner_worlds = [GAME.sample(GAME.observe(state, 0), rng) for _ in range(20)]
    other_worlds = [GAME.sample(GAME.observe(state, 1), rng) for _ in range(20)]
    # The owner knows its card in every world it imagines; the other seat does not.
    assert {GAME.information_key(w, 0) for w in owner_worlds} == {(card,)}
    assert len({GAME.information_key(w, 0) for w in other_worlds}) > 5
    assert {GAME.information_key(w, 1) for w in other_worlds} == {()}

    result = ismcts(GAME, EVALUATOR, GAME.observe(state, 1), Limits(iterations=200), MULTIPLE,
                    seed=3)
    assert result.stats.engine == "python"
    assert result.action in GAME.legal_actions(state)
    for candidate in result.candidates:  # moves only: no information branch in a line
        assert all(isinstance(move, Action) for move in candidate.pv)
