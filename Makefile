# Quick start: `make book` (set up, then make the main output) and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: setup book test lint bench clean browser poppler node jscheck webtools

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

# The books' print checks (tests/test_book_print.py) read PDFs with poppler's pdffonts,
# pdftotext and pdftoppm: installed like Chromium when missing and we may (root with
# apt-get); otherwise those checks skip saying why (under CI=true they fail).
poppler:
	@if ! command -v pdffonts >/dev/null 2>&1 || ! command -v pdftotext >/dev/null 2>&1; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "installing poppler-utils for the books' print checks (apt-get)"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
	      poppler-utils >/dev/null || echo "could not install poppler-utils" >&2; \
	  else \
	    echo "no pdffonts and not root: the books' poppler checks will be skipped" >&2; \
	  fi; \
	fi

# The page's audits (tests/test_web_audit.py, tests/test_web_phone.py): Lighthouse and
# axe-core from npm, pinned in tools/web/package-lock.json; npm comes with Node.js (make
# node installs Debian's when missing). Neither downloads a browser: both drive Chromium.
WEBTOOLS := tools/web/node_modules/.installed

$(WEBTOOLS): tools/web/package.json tools/web/package-lock.json | node
	@if command -v npm >/dev/null 2>&1; then \
	  cd tools/web && npm ci --no-audit --no-fund --loglevel=error && touch node_modules/.installed; \
	else \
	  echo "no npm: the page's Lighthouse and axe-core checks will be skipped" >&2; \
	  [ "$${CI:-}" != true ] || exit 1; \
	fi

webtools: $(WEBTOOLS)

# The suite on several processes (pytest-xdist, a test file to a process): `make test
# PYTEST_WORKERS=2`; 1 runs it in one process. Not yet the default: measured only on a
# 2-core machine busy with other jobs (one process 1,129 s at load 2.1-3.8; two 971 s at
# load 3.5-4.5), which is no fair comparison.
PYTEST_WORKERS ?= 1

test: $(STAMP) browser poppler webtools
	$(BIN)/python -m pytest -q $(if $(filter-out 0 1,$(PYTEST_WORKERS)),-n $(PYTEST_WORKERS) --dist loadfile)

lint: $(STAMP)
	$(BIN)/ruff check src tests
	$(BIN)/mypy
	$(BIN)/lint-imports  # the layers of docs/architecture.md ([tool.importlinter] in pyproject.toml)

# The page's scripts get a syntax check with Node.js, installed like Chromium when it is
# missing and we may (root with apt-get); otherwise the check is skipped saying why (under
# CI=true it fails). They are ES modules and are checked as such: `node --check FILE.js`
# reads a .js file as CommonJS, and Node 20 then passes a module with a syntax error.
JS ?= $(wildcard src/pyramids/service/static/*.js)

node:
	@if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "installing nodejs and npm for the page's checks (apt-get)"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
	      $$(command -v node >/dev/null || echo nodejs) npm >/dev/null \
	      || echo "could not install Node.js and npm" >&2; \
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
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache tools/web/node_modules
