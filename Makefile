# agentos instructions: set-up, run and test.
#   make run    install the service (first time), migrate, create the demo admin, serve the web app on http://127.0.0.1:$(PORT)/
#   make test   install the test tools (first time), then the whole test suite on every core (SQLite; PostgreSQL when DATABASE_URL is set)

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000

.PHONY: install install-dev run test lint format schema check-schema lock clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# The locks pin every package with its hashes: pip refuses anything else. Two stamps:
# serving needs the service lock only (requirements.txt, which also pins the
# setuptools that builds the project); tests and tools add the dev lock on top. The
# project itself goes in after the service lock, editable and without dependencies,
# built by that locked setuptools (no build isolation: nothing is fetched unpinned);
# it puts the agentos-launch console script in $(BIN).
$(VENV)/.installed-serve: $(BIN)/python requirements.txt pyproject.toml
	$(BIN)/pip install --quiet --require-hashes -r requirements.txt
	$(BIN)/pip install --quiet --no-deps --no-build-isolation -e .
	touch $@

$(VENV)/.installed-dev: $(VENV)/.installed-serve requirements-dev.txt
	$(BIN)/pip install --quiet --require-hashes -r requirements.txt -r requirements-dev.txt
	touch $@

install: $(VENV)/.installed-serve
install-dev: $(VENV)/.installed-dev

run: install
	DEBUG=$${DEBUG-1} $(BIN)/python manage.py migrate --no-input
	DEBUG=$${DEBUG-1} $(BIN)/python manage.py seed_demo
	@echo ""
	@echo "  The web app:  http://127.0.0.1:$(PORT)/        (sign in as the demo admin, or any user)"
	@echo "  The admin:    http://127.0.0.1:$(PORT)/admin/  (staff)"
	@echo "  The API:      http://127.0.0.1:$(PORT)/api/docs/  (interactive docs; the routes are under /api/)"
	@echo ""
	DEBUG=$${DEBUG-1} $(BIN)/python manage.py runserver 127.0.0.1:$(PORT)

# The browser test drives Debian's Chromium (Playwright cannot download its own here).
CHROMIUM := /usr/bin/chromium

$(CHROMIUM):
	@echo "Installing Debian's chromium for the browser test (tests/test_browser.py)..."
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium

# One pytest-xdist worker per core (PYTEST_WORKERS=0: all in this process, e.g. for --pdb);
# PYTEST_ARGS adds anything else (PYTEST_ARGS="-m fuzz", PYTEST_ARGS=tests/test_merge.py).
PYTEST_WORKERS ?= auto

test: install-dev $(CHROMIUM)
	$(BIN)/python -m pytest -n $(PYTEST_WORKERS) $(PYTEST_ARGS)

lint: install-dev
	$(BIN)/ruff format --check .
	$(BIN)/ruff check .
	$(BIN)/lint-imports
	DEBUG=1 $(BIN)/python manage.py makemigrations --check --dry-run

format: install-dev
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

schema: install-dev
	$(BIN)/python manage.py spectacular --settings agentos_site.test_settings --file openapi.yaml --validate

check-schema: install-dev
	mkdir -p var
	$(BIN)/python manage.py spectacular --settings agentos_site.test_settings --file var/openapi.generated.yaml --validate
	diff -u openapi.yaml var/openapi.generated.yaml || (echo "openapi.yaml is out of date: run 'make schema'" && exit 1)

# Recompile the locks from requirements.in / requirements-dev.in (after changing either).
PIP_COMPILE := $(BIN)/pip-compile --quiet --generate-hashes --allow-unsafe --strip-extras --no-emit-index-url --no-emit-find-links
lock: install-dev
	$(PIP_COMPILE) -o requirements.txt requirements.in
	$(PIP_COMPILE) -o requirements-dev.txt requirements-dev.in

clean:
	rm -rf $(VENV) var .pytest_cache .ruff_cache
