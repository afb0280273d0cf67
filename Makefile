# The shop: `make run` serves the demo shop on http://127.0.0.1:8080, `make test` runs every test.

CARGO_TARGET_DIR ?= target
export CARGO_TARGET_DIR

# Demo credentials for `make run` only; set your own for anything real.
SHOP_ADMIN_EMAIL ?= admin@example.com
SHOP_ADMIN_PASSWORD ?= admin123

FRONTEND_STAMP := frontend/node_modules/.install-stamp
E2E_STAMP := e2e/node_modules/.install-stamp

.PHONY: run test test-rust test-frontend test-e2e test-fuzz fuzz lint api-types build frontend clean

# The debug build, which `make test` and the browser journeys reuse (Cargo.toml's dev profile:
# a fresh machine builds it in about three minutes on two cores); `make build` is the release.
run: frontend
	cargo build -p bootstrap
	SHOP_ADMIN_EMAIL='$(SHOP_ADMIN_EMAIL)' SHOP_ADMIN_PASSWORD='$(SHOP_ADMIN_PASSWORD)' \
		$(CARGO_TARGET_DIR)/debug/shop serve

# Each step timed (tools/timed), so a CI log shows where its minutes went.
test:
	@tools/timed test-rust $(MAKE) --no-print-directory test-rust
	@tools/timed test-frontend $(MAKE) --no-print-directory test-frontend
	@tools/timed test-e2e $(MAKE) --no-print-directory test-e2e
	@tools/timed test-fuzz $(MAKE) --no-print-directory test-fuzz

test-rust:
	@if cargo nextest --version >/dev/null 2>&1; then \
		cargo nextest run --workspace --no-fail-fast; \
	else \
		cargo test --workspace --no-fail-fast; \
	fi

test-frontend: $(FRONTEND_STAMP)
	cd frontend && npm test

# Browser journeys: headless /usr/bin/chromium against the debug `shop` on a fresh data dir
# (e2e/README.md); screenshots and failure logs land in e2e/artifacts/.
test-e2e: frontend $(E2E_STAMP)
	cargo build -p bootstrap
	cd e2e && npm test

# Schemathesis against the debug `shop` (fuzz/run): every call as a shopper and as an admin,
# no 5xx and every reply as /api/openapi.json documents it. Short and seeded here; `make fuzz`
# runs long with a random seed. Installs a pinned schemathesis from PyPI into ~/.cache.
test-fuzz:
	fuzz/run short

fuzz:
	fuzz/run long

lint: $(FRONTEND_STAMP)
	cargo fmt --all -- --check
	cargo clippy --workspace --all-targets -- -D warnings
	tools/import-cycles
	tools/api-types --check
	cd frontend && npx tsc -b && npm run lint

# The frontend's API types from the server's OpenAPI document (tools/api-types): after a change
# to a route or a reply, then fix what `tsc` finds.
api-types: $(FRONTEND_STAMP)
	tools/api-types

build: frontend
	cargo build --release -p bootstrap

frontend: $(FRONTEND_STAMP)
	cd frontend && npm run build

# `npm install` with the committed lockfile (`npm ci` fails on this package mirror, see PITFALLS.md).
$(FRONTEND_STAMP): frontend/package.json frontend/package-lock.json
	cd frontend && npm install --no-audit --no-fund
	touch $@

$(E2E_STAMP): e2e/package.json e2e/package-lock.json
	cd e2e && npm install --no-audit --no-fund
	touch $@

clean:
	cargo clean
	rm -rf frontend/dist frontend/node_modules e2e/node_modules e2e/artifacts

# Throughput and latency of a large seeded shop on SQLite and PostgreSQL (bench/run.sh): a few
# minutes, never part of `make test`. The table also lands in bench/results/latest.txt.
.PHONY: bench
bench:
	bench/run.sh

# Lighthouse's mobile preset on /, /category/women and a product page, in English and Somali,
# against the release binary and the built frontend (e2e/lighthouse.mjs): about two minutes,
# never part of `make test`. Fails when a score is under its budget or a largest paint over 2.0 s.
.PHONY: lighthouse
lighthouse: build $(E2E_STAMP)
	cd e2e && SHOP_BIN=$(abspath $(or $(CARGO_TARGET_DIR),target))/release/shop node lighthouse.mjs
