"""Bot specs: short strings to configs."""

import pytest

from clients.arena.remote import RemoteBot
from clients.arena.specs import build_bot, evaluator_named, parse_spec
from games.splendor_marvel import GAME
from search import ISMCTSBot, Limits, PIMCBot, SearchConfig


def test_search_spec_sets_limits_and_config():
    bot, limits = build_bot(parse_spec("ismcts:time=0.1,c=0.5,depth=8,sel=puct"), GAME)
    assert isinstance(bot, ISMCTSBot)
    assert limits == Limits(time=0.1)
    assert bot.config == SearchConfig(uct_c=0.5, rollout_depth=8, selection="puct")


def test_default_budget_and_pimc_options():
    bot, limits = build_bot(parse_spec("pimc:worlds=4,eval=search,depth=none"), GAME)
    assert isinstance(bot, PIMCBot)
    assert limits == Limits(iterations=1000)
    assert (bot.worlds, bot.scoring, bot.config.rollout_depth) == (4, "search", None)


def test_engine_option_picks_the_search_engine():
    bot, _ = build_bot(parse_spec("ismcts:engine=python,iters=10"), GAME)
    assert isinstance(bot, ISMCTSBot)
    assert bot.config.engine == "python"
    pimc, _ = build_bot(parse_spec("pimc:iters=10"), GAME)
    assert isinstance(pimc, PIMCBot)
    assert pimc.config.engine == "compiled"


def test_the_retired_final_option_is_refused_by_name():
    """`final=lcb` left the search (benchmarks/TUNING.md, experiment 21): the spec says so."""
    with pytest.raises(ValueError, match="bad option 'final=lcb' for ismcts"):
        parse_spec("ismcts:iters=1000,final=lcb")


def test_strength_option_plays_a_level_for_ismcts_and_remote():
    bot, limits = build_bot(parse_spec("ismcts:iters=500,strength=3"), GAME)
    assert isinstance(bot, ISMCTSBot)
    assert (bot.strength, limits) == (3, Limits(iterations=500))
    default, _ = build_bot(parse_spec("ismcts:iters=500"), GAME)
    assert isinstance(default, ISMCTSBot) and default.strength == 10
    remote, _ = build_bot(parse_spec("remote:localhost:1,iters=5,strength=4"), GAME)
    assert isinstance(remote, RemoteBot) and remote.strength == 4


@pytest.mark.parametrize("strength", ["0", "11", "x", ""])
def test_bad_strength_is_refused(strength):
    with pytest.raises(ValueError, match="strength"):
        parse_spec(f"ismcts:strength={strength}")
    with pytest.raises(ValueError, match="strength"):
        parse_spec(f"remote:localhost:1,strength={strength}")


def test_strength_is_for_ismcts_and_remote_only():
    with pytest.raises(ValueError, match="bad option 'strength=3' for pimc"):
        parse_spec("pimc:strength=3")


def test_label_is_canonical():
    assert parse_spec(" ISMCTS:iters=800, c=0.7 ").label == "ismcts:c=0.7,iters=800"
    assert parse_spec("random").label == "random"


@pytest.mark.parametrize(
    "text", ["minimax", "random:iters=3", "ismcts:iters=x", "ismcts:depth=-1", "pimc:worlds=0",
             "ismcts:speed=2", "remote:nohost", "ismcts:engine=rust"],
)  # fmt: skip
def test_bad_specs_say_what_is_wrong(text):
    with pytest.raises(ValueError):
        parse_spec(text)


def test_remote_spec_names_the_server_and_its_budget():
    spec = parse_spec("remote:localhost:50051,iters=50")
    assert spec.label == "remote:localhost:50051,iters=50"
    bot, limits = build_bot(spec, GAME)
    assert bot.name == "remote:localhost:50051" and limits.iterations == 50


def test_a_remote_spec_names_several_replicas() -> None:
    spec = parse_spec("remote:10.0.0.1:50051+10.0.0.2:50051,iters=5")
    assert spec.address == "10.0.0.1:50051,10.0.0.2:50051"
    assert spec.label == "remote:10.0.0.1:50051+10.0.0.2:50051,iters=5"
    assert parse_spec(spec.label) == spec
    with pytest.raises(ValueError, match="HOST:PORT"):
        parse_spec("remote:10.0.0.1:50051+nohost")


def test_power_drafter_spec_is_for_challengers_only():
    from games.challengers import Challengers
    from games.challengers.drafters import PowerDrafter

    bot, limits = build_bot(parse_spec("power"), Challengers())
    assert isinstance(bot, PowerDrafter) and bot.trim == "starters"
    assert limits == Limits(iterations=1)
    bot, _ = build_bot(parse_spec("power:trim=none"), Challengers())
    assert bot.trim == "none" and bot.name == "power:trim=none"
    with pytest.raises(ValueError, match="challengers only"):
        build_bot(parse_spec("power"), GAME)
    for text in ("power:trim=all", "power:iters=5"):
        with pytest.raises(ValueError):
            parse_spec(text)


def test_value_option_chooses_the_engine_that_evaluates():
    from games.challengers import Challengers
    from games.splendor_marvel.evaluators import EVALUATOR, LOGISTIC

    bot, _ = build_bot(parse_spec("ismcts:iters=50,value=learned"), GAME)
    assert isinstance(bot, ISMCTSBot) and bot.game is GAME
    assert bot.evaluator is EVALUATOR, "the default is the learned search"
    logistic, _ = build_bot(parse_spec("ismcts:iters=50,value=logistic"), GAME)
    assert isinstance(logistic, ISMCTSBot) and logistic.game is GAME
    assert logistic.evaluator is LOGISTIC
    pimc, _ = build_bot(parse_spec("pimc:iters=50,value=logistic"), GAME)
    assert isinstance(pimc, PIMCBot) and pimc.game is GAME and pimc.evaluator is LOGISTIC
    assert bot.config.puct_c is None, "the search takes the game's constant for the table"
    mine, _ = build_bot(parse_spec("ismcts:iters=50,value=learned,pc=0.9"), GAME)
    assert isinstance(mine, ISMCTSBot) and mine.config.puct_c == 0.9
    default, _ = build_bot(parse_spec("ismcts:iters=50,value=default"), GAME)
    assert isinstance(default, ISMCTSBot) and default.game is GAME
    assert default.evaluator is EVALUATOR
    with pytest.raises(ValueError, match="value must be one of default, learned, logistic"):
        parse_spec("ismcts:value=deep")
    with pytest.raises(ValueError, match="challengers has no evaluator value=deep; its "
                                         "evaluators: default, learned, logistic"):
        evaluator_named(Challengers(), "deep")


def test_challengers_searches_with_the_learned_worth_and_greedy_keeps_the_hand_written_one():
    from games.challengers import GAME as CHALLENGERS
    from games.challengers.evaluators import EVALUATOR as LEARNED
    from games.challengers.evaluators import LOGISTIC as HAND_WRITTEN
    from games.splendor_marvel.evaluators import EVALUATOR

    for text, game, evaluator in [
        ("ismcts:iters=50", CHALLENGERS, LEARNED), ("pimc:iters=50", CHALLENGERS, LEARNED),
        ("ismcts:iters=50,value=learned", CHALLENGERS, LEARNED),
        ("ismcts:iters=50,value=logistic", CHALLENGERS, HAND_WRITTEN),
        ("greedy", CHALLENGERS, HAND_WRITTEN),
        ("greedy", GAME, EVALUATOR),  # Splendor: Marvel's greedy plays its own priors, as before
    ]:
        bot, _ = build_bot(parse_spec(text), game)
        assert getattr(bot, "game", None) is game, (text, game.name)
        assert getattr(bot, "evaluator", None) is evaluator, (text, game.name)
