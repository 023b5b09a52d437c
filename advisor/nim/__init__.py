"""Nim, the toy third game, behind the service's `GameAdapter` interface."""
