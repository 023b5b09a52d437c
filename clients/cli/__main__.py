"""`python -m clients.cli`."""

import sys

from clients.cli.app import main

sys.exit(main())
