"""The ladder chart: a PNG with matplotlib, a clear error without it."""

import importlib.util

import pytest

from clients.arena.chart import ladder_chart
from clients.arena.stats import Rating

RATINGS = [Rating("random", 0.0, 0.0), Rating("greedy", 300.0, 80.0)]


@pytest.mark.skipif(importlib.util.find_spec("matplotlib") is None, reason="no matplotlib")
def test_chart_is_a_png(tmp_path):
    path = tmp_path / "ladder.png"
    ladder_chart(RATINGS, path, "test")
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.skipif(importlib.util.find_spec("matplotlib") is not None, reason="has matplotlib")
def test_chart_without_matplotlib_says_what_to_install(tmp_path):
    with pytest.raises(RuntimeError, match="needs matplotlib"):
        ladder_chart(RATINGS, tmp_path / "ladder.png", "test")
