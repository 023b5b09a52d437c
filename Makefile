# Two entry points for a fresh machine: `make run` (the service) and `make test` (the suite).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint proto catalogue evaluation bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/python -m advisor serve

test: $(STAMP)
	$(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy advisor search games clients kernels scripts benchmarks

proto: $(STAMP)
	$(BIN)/python -m advisor.gen_proto

catalogue: $(STAMP)
	$(BIN)/python scripts/build_splendor_catalogue.py
	$(BIN)/python scripts/build_challengers_catalogue.py

evaluation: $(STAMP)
	$(BIN)/python scripts/fit_splendor_evaluation.py --games 20000

bench: $(STAMP)
	$(BIN)/python -m benchmarks.engine_speed

clean:
	rm -rf $(VENV)
