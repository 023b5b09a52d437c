"""The command line: a match written to JSON replays to the same results."""

from clients.arena.cli import main


def test_match_then_replay(tmp_path, capsys):
    path = tmp_path / "games.json"
    argv = ["match", "random", "greedy", "--deals", "2", "--processes", "1", "--quiet"]
    assert main([*argv, "--json", str(path)]) == 0
    out = capsys.readouterr().out
    assert "random" in out and "0-0-4" in out
    assert main(["replay", str(path)]) == 0
    assert "4/4 games replayed" in capsys.readouterr().out


def test_a_bad_bot_spec_is_an_error_before_any_game(capsys):
    assert main(["match", "random", "ismcts:iters=many", "--quiet"]) == 2
    assert "bad bot spec 'ismcts:iters=many'" in capsys.readouterr().err
