# Quick start: `make book` (set up, then make the main output) and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: setup book test lint bench clean browser node jscheck

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	$(BIN)/python -m pyramids.warmup
	touch $(STAMP)

setup: $(STAMP)

book: $(STAMP)
	mkdir -p output
	$(BIN)/pyramids book --out output/book.pdf

# The web page's tests (tests/test_web.py) drive Debian's Chromium: install it when it is
# missing and we may (root with apt-get); otherwise they skip saying why (under CI=true they fail).
browser:
	@if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "installing chromium and chromium-driver for the browser tests (apt-get)"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
	      chromium chromium-driver >/dev/null || echo "could not install Chromium" >&2; \
	  else \
	    echo "no /usr/bin/chromium and not root: the browser tests will be skipped" >&2; \
	  fi; \
	fi

test: $(STAMP) browser
	$(BIN)/python -m pytest -q

lint: $(STAMP)
	$(BIN)/ruff check src tests
	$(BIN)/mypy

# The page's scripts get a syntax check with Node.js, installed like Chromium when it is
# missing and we may (root with apt-get); otherwise the check is skipped saying why (under
# CI=true it fails). They are ES modules and are checked as such: `node --check FILE.js`
# reads a .js file as CommonJS, and Node 20 then passes a module with a syntax error.
JS ?= $(wildcard src/pyramids/service/static/*.js)

node:
	@if ! command -v node >/dev/null 2>&1; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "installing nodejs for the syntax check of the page's scripts (apt-get)"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
	      nodejs >/dev/null || echo "could not install Node.js" >&2; \
	  fi; \
	fi

jscheck: node
	@if ! command -v node >/dev/null 2>&1; then \
	  echo "no node and not root: the page's scripts are not syntax-checked" >&2; \
	  [ "$${CI:-}" != true ] || exit 1; \
	else \
	  for f in $(JS); do \
	    node --input-type=module --check < "$$f" || { echo "$$f: syntax error (above)" >&2; exit 1; }; \
	  done; \
	  echo "node --check: $(words $(JS)) scripts of the page are valid modules"; \
	fi

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
