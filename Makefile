# Two entry points for a fresh machine: `make run` (the service) and `make test` (the suite).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test lint proto catalogue evaluation bench clean

RUNTIME := $(VENV)/.runtime
DEV := $(VENV)/.dev

# `make run` installs what the service needs; `make test` and `make lint` add the dev tools.
$(RUNTIME): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e .
	touch $(RUNTIME)

$(DEV): $(RUNTIME)
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(DEV)

# the HTTP port (Connect, gRPC-Web: browsers, curl, clients/typescript) beside gRPC's 50051
HTTP_PORT ?= 8080

run: $(RUNTIME)
	$(BIN)/python -m advisor serve --http-port $(HTTP_PORT)

test: $(DEV)
	$(BIN)/python -m pytest

lint: $(DEV)
	$(BIN)/ruff check .
	$(BIN)/mypy advisor contract search games clients kernels scripts benchmarks

proto: $(DEV)
	$(BIN)/python -m contract.generate
	cd clients/typescript && npm ci --no-audit --no-fund && npm run generate

catalogue: $(RUNTIME)
	$(BIN)/python scripts/build_splendor_catalogue.py
	$(BIN)/python scripts/build_challengers_catalogue.py

evaluation: $(RUNTIME)
	$(BIN)/python scripts/fit_splendor_evaluation.py --games 20000

bench: $(RUNTIME)
	$(BIN)/python -m benchmarks.engine_speed

clean:
	rm -rf $(VENV)
