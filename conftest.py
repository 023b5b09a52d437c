"""The test suite serves the toy third game too (games/registry.py, `TOY_GAMES`): set before
any module reads the registry, and inherited by the servers and CLIs the tests start. Their
games (the play page's store, advisor/play_store.py) go to a folder of this run's own, never
the user's."""

import os
import tempfile

os.environ["CARD_ADVISOR_TOY_GAMES"] = "nim"
os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="card-advisor-test-")
