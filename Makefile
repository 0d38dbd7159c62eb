# Two commands on a fresh machine: `make run` and `make test`. Everything else is optional.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
BENCH_ARGS ?=

.PHONY: setup run lint test test-fast bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

setup: $(STAMP)  ## create .venv and install the project with its test tools

run: setup  ## start every configured adapter (console chat when no tokens are set)
	$(BIN)/studybuddy run

lint: setup  ## ruff (rules in pyproject.toml) on the whole repo, mypy on core/, adapters/ and bot/
	$(BIN)/ruff check .
	$(BIN)/mypy

test: setup lint  ## lint, then the whole test suite (starts its own local servers); lists the 15 slowest tests
	$(BIN)/python -m pytest -q --durations=15

test-fast: setup  ## while editing: unit + contract tests only, no lint, no servers, tests marked slow skipped
	$(BIN)/python -m pytest -q -m 'not slow' tests/unit tests/contract

bench: setup  ## run the benchmarks; results in bench/results/ (BENCH_ARGS='--quick --only latency')
	$(BIN)/python -m bench --data ../shared/data --out bench/results $(BENCH_ARGS)

clean:
	rm -rf $(VENV) .studybuddy .pytest_cache
