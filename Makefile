# Quick start: `make book` (set up, then make the main output) and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: setup book test lint bench clean browser

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

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
