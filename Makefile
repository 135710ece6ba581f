# The README's commands. Each target installs what it needs into .venv first.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8000

.PHONY: run test lint bench mutation install clean

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

$(VENV)/.mutation: requirements/mutation.txt requirements/test.txt requirements/base.txt | $(VENV)/bin/python
	$(PY) -m pip install --quiet -r requirements/mutation.txt
	touch $@

install: $(VENV)/.base

## Serve the site on http://127.0.0.1:$(PORT) (SQLite, tasks in-process, demo data on a new database),
## with the periodic work of production's beat run beside it (manage.py run_periodic).
run: export DJANGO_DEBUG = true
run: $(VENV)/.base
	$(PY) manage.py migrate --noinput
	$(PY) manage.py seed_demo --if-empty
	$(PY) manage.py run_periodic & periodic=$$!; trap 'kill $$periodic' EXIT INT TERM; \
	DJANGO_EMAIL_BACKEND=$${DJANGO_EMAIL_BACKEND:-django.core.mail.backends.console.EmailBackend} $(PY) manage.py runserver 127.0.0.1:$(PORT)

## Lint, check the architecture's import contracts, and run the whole test suite on every core.
## Python keeps the compiled test modules (pytest its rewritten asserts) for the next run, even
## where the environment says not to: each worker would compile the whole suite again.
test: export PYTHONDONTWRITEBYTECODE =
test: $(VENV)/.test
	$(PY) -m ruff check .
	$(VENV)/bin/lint-imports
	$(PY) -m pytest -n $(or $(JOBS),auto) --dist loadgroup $(PYTEST_ARGS)

lint: $(VENV)/.test
	$(PY) -m ruff check .
	$(VENV)/bin/lint-imports

## Benchmarks: the engine against RLCard, self-play, pairing, ratings.
bench: $(VENV)/.bench
	$(PY) -m benchmarks

## Mutation testing of every rule module of the engine (pyproject.toml [tool.mutmut]); survivors: docs/mutation.md.
## Every property test tries its full count of examples, so the counts do not depend on luck.
mutation: export EXAMPLES_SCALE ?= 1
mutation: $(VENV)/.mutation
	$(PY) -m mutmut run --max-children $(or $(JOBS),2)
	$(PY) -m mutmut results

clean:
	rm -rf $(VENV) mutants db.sqlite3 staticfiles .pytest_cache .hypothesis
