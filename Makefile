# Two entry points for a fresh machine: `make run` (the service, in the foreground until Ctrl-C)
# and `make test` (the suite). Both install the exact versions of uv.lock (README, "The lock").
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test lint lock upgrade proto catalogue evaluation bench clean

# uv, the lock's tool, in a folder of its own (a sync of .venv would remove it from there); its
# version is pyproject.toml's [tool.uv] required-version
UV_VERSION := 0.13.9
TOOLS := .tools
UV := $(TOOLS)/bin/uv
SYNC := $(UV) sync --locked --python $(PYTHON)
STALE_LOCK := echo "uv.lock does not match pyproject.toml (or uv cannot reach the index): run \`make lock\`" >&2; exit 1

RUNTIME := $(VENV)/.runtime
DEV := $(VENV)/.dev

$(UV):
	$(PYTHON) -m venv $(TOOLS)
	$(TOOLS)/bin/pip install --quiet uv==$(UV_VERSION)

# `make run` installs what the service needs and compiles the search kernels into numba's cache
# (`python -m advisor warm`, once: later starts load them); `make test` and `make lint` add the
# dev tools.
$(RUNTIME): pyproject.toml uv.lock | $(UV)
	$(SYNC) --quiet || { $(STALE_LOCK); }
	$(BIN)/python -m advisor warm
	rm -f $(DEV)
	touch $(RUNTIME)

$(DEV): $(RUNTIME)
	$(SYNC) --quiet --extra dev || { $(STALE_LOCK); }
	touch $(DEV)

# the HTTP port (Connect, gRPC-Web: browsers, curl, clients/typescript) beside gRPC's 50051
HTTP_PORT ?= 8080

run: $(RUNTIME)
	$(BIN)/python -m advisor serve --http-port $(HTTP_PORT)

test: $(DEV)
	$(BIN)/python -m pytest

lint: $(DEV)
	$(BIN)/ruff check .
	$(BIN)/mypy advisor contract search games clients kernels scripts benchmarks checks

# uv.lock anew from pyproject.toml, keeping every locked version the ranges still allow
lock: | $(UV)
	$(UV) lock --python $(PYTHON)

# every dependency to the newest version pyproject.toml's ranges allow; then `make test`
upgrade: | $(UV)
	$(UV) lock --upgrade --python $(PYTHON)

proto: $(DEV)
	$(BIN)/python -m contract.generate
	cd clients/typescript && npm ci --no-audit --no-fund && npm run generate

catalogue: $(RUNTIME)
	$(BIN)/python scripts/build_splendor_catalogue.py
	$(BIN)/python scripts/build_challengers_catalogue.py

evaluation: $(RUNTIME)
	$(BIN)/python scripts/fit_splendor_evaluation.py --games 20000

bench: $(RUNTIME)
	$(BIN)/python -m benchmarks.speed.engine_speed

clean:
	rm -rf $(VENV) $(TOOLS)
