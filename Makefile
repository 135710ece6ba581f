# The README's commands. Each target installs what it needs into .venv first.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8000

.PHONY: run test lint bench install clean

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(VENV)/.base: requirements/base.txt | $(VENV)/bin/python
	$(PY) -m pip install --quiet -r requirements/base.txt
	touch $@

$(VENV)/.test: requirements/test.txt requirements/base.txt | $(VENV)/bin/python
	$(PY) -m pip install --quiet -r requirements/test.txt
	touch $@

$(VENV)/.bench: requirements/bench.txt requirements/test.txt requirements/base.txt | $(VENV)/bin/python
	$(PY) -m pip install --quiet -r requirements/bench.txt
	touch $@

install: $(VENV)/.base

## Serve the site on http://127.0.0.1:$(PORT) (SQLite, tasks in-process, demo data on a new database).
run: $(VENV)/.base
	$(PY) manage.py migrate --noinput
	$(PY) manage.py seed_demo --if-empty
	DJANGO_EMAIL_BACKEND=$${DJANGO_EMAIL_BACKEND:-django.core.mail.backends.console.EmailBackend} $(PY) manage.py runserver 127.0.0.1:$(PORT)

## Lint and run the whole test suite.
test: $(VENV)/.test
	$(PY) -m ruff check .
	$(PY) -m pytest $(PYTEST_ARGS)

lint: $(VENV)/.test
	$(PY) -m ruff check .

## Benchmarks: the engine against RLCard, self-play, pairing, ratings.
bench: $(VENV)/.bench
	$(PY) -m benchmarks

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles .pytest_cache .hypothesis
