# Two entry points, both doing all of their own set-up on a fresh machine:
#   make run   - create .venv, install mjref, run the main job
#   make test  - create/update .venv with the dev extras, then ruff, mypy --strict and pytest
#   (make test-fast skips the tests marked slow; docs/contributing.md)
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
RUN_STAMP := $(VENV)/.installed-run
DEV_STAMP := $(VENV)/.installed-dev

.PHONY: run test test-fast lint typecheck pytest bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip==26.3

$(RUN_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(DEV_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@ $(RUN_STAMP)

run: $(RUN_STAMP)
	$(BIN)/mjref serve --demo

lint: $(DEV_STAMP)
	$(BIN)/ruff check src tests benchmarks scripts
	$(BIN)/ruff format --check src tests benchmarks scripts

typecheck: $(DEV_STAMP)
	$(BIN)/mypy

# One BLAS thread per test worker: two workers on two cores, each with a second OpenBLAS
# thread for the seating's matrix products, only fight over the cores (docs/contributing.md).
pytest: $(DEV_STAMP)
	OPENBLAS_NUM_THREADS=1 $(BIN)/pytest -n 2 --dist worksteal

test: lint typecheck pytest

# Without the tests marked slow (property runs, seating searches, browser and live servers).
test-fast: lint typecheck
	OPENBLAS_NUM_THREADS=1 $(BIN)/pytest -n 2 --dist worksteal -m "not slow"

bench: $(DEV_STAMP)
	$(BIN)/python benchmarks/mcr_judge.py
	$(BIN)/python benchmarks/riichi_judge.py

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache
