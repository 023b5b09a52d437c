"""The test suite serves the toy third game too (games/registry.py, `TOY_GAMES`): set before
any module reads the registry, and inherited by the servers and CLIs the tests start."""

import os

os.environ["CARD_ADVISOR_TOY_GAMES"] = "nim"
