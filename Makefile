# The README's commands. Each target installs what it needs into .venv first.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8000

.PHONY: run test lint bench mutation messages install clean

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(VENV)/.base: requirements/base.txt | $(VENV)/bin/python
	$(PY) -m pip install --quiet -r requirements/base.txt
	touch $@

$(VENV)/.test: requirements/test.txt requirements/prod.txt requirements/base.txt | $(VENV)/bin/python
	$(PY) -m pip install --quiet -r requirements/test.txt
	touch $@

$(VENV)/.bench: requirements/bench.txt requirements/test.txt requirements/prod.txt requirements/base.txt | $(VENV)/bin/python
	$(PY) -m pip install --quiet -r requirements/bench.txt
	touch $@

$(VENV)/.mutation: requirements/mutation.txt requirements/test.txt requirements/prod.txt requirements/base.txt | $(VENV)/bin/python
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

## Lint, check the architecture's import contracts, and run the whole test suite on every core,
## in lanes, one pytest run each, in this order (tests/conftest.py says which test is in which):
## fast (engine, algorithms, services, pages), integration (every other test of this process),
## browser, worker (a real Celery worker: one test process, they share the broker), property
## (hypothesis; full counts under CI). Every lane runs; each one's time and counts are printed at
## the end, then every lane's counts added up on one line ("N passed, N failed, N skipped";
## errors count as failed), and the target fails if any lane failed. A lane with no test to run (PYTEST_ARGS
## naming other tests) is said so and is no failure. `make test LANES="fast"` runs some lanes.
## The test databases are kept from one lane and one run to the next (--reuse-db; migrations
## added since are applied); TEST_DB=--create-db builds them anew in the first lane.
## Python keeps the compiled test modules (pytest its rewritten asserts) for the next run, even
## where the environment says not to: each worker would compile the whole suite again.
LANES ?= fast integration browser worker property
TEST_DB ?= --reuse-db
test: export PYTHONDONTWRITEBYTECODE =
test: $(VENV)/.test
	$(PY) -m ruff check .
	$(VENV)/bin/lint-imports
	@logs=$$(mktemp -d); db="$(TEST_DB)"; failed=; summary=; color=; \
	passed_n=0; failed_n=0; skipped_n=0; \
	count() { n=$$(printf '%s' "$$counts" | grep -oE "[0-9]+ ($$1)" | head -n 1 | cut -d' ' -f1); echo $${n:-0}; }; \
	[ -t 1 ] && color=--color=yes; \
	began=$$(date +%s%N); \
	for lane in $(LANES); do \
	  case $$lane in worker) jobs=1;; *) jobs=$(or $(JOBS),auto);; esac; \
	  echo "== make test: lane $$lane"; \
	  start=$$(date +%s%N); \
	  { $(PY) -m pytest --lane $$lane -n $$jobs --dist loadgroup $$db $$color $(PYTEST_ARGS); \
	    echo $$? > $$logs/rc; } | tee $$logs/out; \
	  ms=$$(( ($$(date +%s%N) - start) / 1000000 )); rc=$$(cat $$logs/rc); db=--reuse-db; \
	  counts=$$(tail -n 1 $$logs/out | sed 's/\x1b\[[0-9;]*m//g; s/^=* *//; s/ *=*$$//'); \
	  case $$rc in 0) verdict=passed;; 5) verdict="no test to run";; *) verdict=FAILED; failed="$$failed $$lane";; esac; \
	  passed_n=$$((passed_n + $$(count passed))); \
	  failed_n=$$((failed_n + $$(count failed) + $$(count 'errors?'))); \
	  skipped_n=$$((skipped_n + $$(count skipped))); \
	  summary="$$summary$$(printf '%-12s %6d.%d s  %-15s %s' $$lane $$((ms / 1000)) $$((ms % 1000 / 100)) "$$verdict" "$$counts")\n"; \
	done; \
	ms=$$(( ($$(date +%s%N) - began) / 1000000 )); rm -rf $$logs; \
	echo "== make test: the lanes"; printf "%b" "$$summary"; \
	printf '%-12s %6d.%d s\n' all $$((ms / 1000)) $$((ms % 1000 / 100)); \
	echo "$$passed_n passed, $$failed_n failed, $$skipped_n skipped"; \
	if [ -n "$$failed" ]; then echo "== make test: FAILED:$$failed"; exit 1; fi

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

## The translation catalogs: gather every marked string into league/locale/*/django.po (GNU gettext's
## xgettext and msgfmt needed here only), then compile them; both are committed.
messages: $(VENV)/.base
	DJANGO_DEBUG=true $(PY) manage.py makemessages --all --no-location $(MESSAGE_IGNORES)
	DJANGO_DEBUG=true $(PY) manage.py compilemessages $(MESSAGE_IGNORES)

MESSAGE_IGNORES = --ignore='.venv/*' --ignore='tests/*' --ignore='benchmarks/*' --ignore='mutants/*' --ignore='staticfiles/*'

clean:
	rm -rf $(VENV) mutants db.sqlite3 staticfiles .pytest_cache .hypothesis
