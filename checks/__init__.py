"""Independent checks the tests and the benchmarks share, imported as libraries: differential
play of an engine against its compiled kernel in lockstep (`challengers_kernel_differential`,
also a command: `python -m checks.challengers_kernel_differential`) and example positions and
requests of every registered game (`examples`)."""
