"""`card-advisor-cli` (or `python -m clients.cli`): the advisor from the terminal (suggest,
evaluate, analyze, new, moves, apply, info) and a terminal game against the bot (play). Public
name: `main`."""

from clients.cli.app import main

__all__ = ["main"]
