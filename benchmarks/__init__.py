"""Measurements, laid out by the question each answers: `speed` (engines, searches, kernels),
`service` (a real server's latency and health under load), `strength` (matches between bots)
and `coaching` (how well judged moves and their reasons hold up); benchmarks/README.md has the
table, the reports beside it (`*.md`) and the data in `results/`."""
