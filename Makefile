# Chronicle: `make run` serves the API on the embedded SQLite store; `make test` runs every test.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
PORT   ?= 8000
export CHRONICLE_DATA_DIR ?= $(CURDIR)/var

.PHONY: venv run test bench init-db worker clean services

$(BIN)/.installed: setup.cfg pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test,bench]'
	touch $@

venv: $(BIN)/.installed

services:
	./scripts/ensure-services.sh

init-db: venv
	mkdir -p $(CHRONICLE_DATA_DIR)
	$(BIN)/flask --app service.app:create_app init-db

run: venv init-db
	@echo "Chronicle is starting on http://127.0.0.1:$(PORT)/ (API docs: http://127.0.0.1:$(PORT)/api/v1/docs)"
	$(BIN)/gunicorn --config service/gunicorn_conf.py 'service.app:create_app()'

test: venv services
	$(BIN)/python -m pytest

bench: venv services
	$(BIN)/python -m bench

clean:
	rm -rf $(VENV) var .pytest_cache .hypothesis
