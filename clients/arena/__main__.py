"""`python -m clients.arena`."""

import sys

from clients.arena.cli import main

sys.exit(main())
