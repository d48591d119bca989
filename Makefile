# Chronicle: `make run` serves the API (and one worker) on the embedded SQLite store;
# `make test` runs every test, `make test-fast` all but the slow ones, `make lint` the linters.
# See README.md.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
PORT   ?= 8000
STREAM_PORT ?= $(shell echo $$(($(PORT) + 1)))
export CHRONICLE_DATA_DIR ?= $(CURDIR)/var

.PHONY: venv run serve streams worker projector rebuild test test-fast lint format bench \
        bench-scale init-db clean services i18n

$(BIN)/.installed: setup.cfg pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test,bench,lint]'
	touch $@

venv: $(BIN)/.installed

# start PostgreSQL and Redis where they are installed but not running (never stops anything)
services:
	./scripts/ensure-services.sh

init-db: venv
	mkdir -p $(CHRONICLE_DATA_DIR)
	$(BIN)/chronicle init-db

# the API on 127.0.0.1:$(PORT), the event-stream process on $(STREAM_PORT) and one RQ worker
# beside them (Ctrl-C stops all three); both read the data directory's secret key
run: venv services init-db
	@echo "Chronicle is starting on http://127.0.0.1:$(PORT)/  (API docs: http://127.0.0.1:$(PORT)/api/v1/docs), with one worker and the event streams on port $(STREAM_PORT)"
	@export CHRONICLE_STREAM_URL="$${CHRONICLE_STREAM_URL-http://127.0.0.1:$(STREAM_PORT)}"; \
	$(BIN)/chronicle-worker & WORKER=$$!; \
	CHRONICLE_STREAM_PORT=$(STREAM_PORT) $(BIN)/chronicle-stream & STREAMS=$$!; \
	trap 'kill $$WORKER $$STREAMS 2>/dev/null; wait $$WORKER $$STREAMS 2>/dev/null' EXIT INT TERM; \
	PORT=$(PORT) $(BIN)/chronicle-serve

# the event-stream process alone (service/stream_server.py)
streams: venv init-db
	CHRONICLE_STREAM_PORT=$(STREAM_PORT) $(BIN)/chronicle-stream

# the API alone
serve: venv init-db
	PORT=$(PORT) $(BIN)/chronicle-serve

worker: venv init-db
	$(BIN)/chronicle-worker

projector: venv init-db
	$(BIN)/chronicle-projector

rebuild: venv
	$(BIN)/chronicle-rebuild

test: venv services
	$(BIN)/python -m pytest

# every test but those marked slow (whole games end to end, long property runs): while working
test-fast: venv services
	$(BIN)/python -m pytest -m "not slow"

# The whole tree is in `ruff format` style (`make format` rewrites it); `make lint` keeps it so.
FORMATTED := .

# ruff (the rules in pyproject.toml) over the whole tree, the format of $(FORMATTED), and mypy
# over domain/, projections/, workers/ and service/ (CI runs this before the tests)
lint: venv
	$(BIN)/ruff check .
	$(BIN)/ruff format --check $(FORMATTED)
	$(BIN)/mypy

# rewrite the tree in ruff's format and apply ruff's safe fixes
format: venv
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

bench: venv services
	$(BIN)/python -m bench

# 100,000 games on PostgreSQL: lobby, my games, moves under load, memory, verify --all (slow)
bench-scale: venv services
	$(BIN)/python -m bench scale

# extract the messages the code and templates use and bring the Russian and Czech catalogues
# (locales/*/LC_MESSAGES/messages.po) in step: new messages added (game nouns
# filled from docs/i18n/data), translations kept, unused ones dropped (README, "Languages")
i18n: venv
	$(BIN)/python -m service.i18n_catalog

clean:
	rm -rf $(VENV) var .pytest_cache .hypothesis bench/reports
