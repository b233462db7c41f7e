#!/usr/bin/env bash
# `make lint` (and the first step of `make test`): every style and hygiene check, cheapest first.
# Each check runs even when an earlier one failed, so one run lists every problem; the script fails
# if any check did.
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

FAILED=()
check() {
  local name="$1"; shift
  say "lint: $name"
  local start=$SECONDS
  if "$@"; then
    say "lint: $name ok ($((SECONDS - start)) s)"
  else
    printf '\033[1;31m[meguri]\033[0m lint: %s FAILED\n' "$name" >&2
    FAILED+=("$name")
  fi
}

# cargo-deny: licences, duplicate versions and sources always; advisories only with the RustSec
# database, a git repository on GitHub. Where GitHub cannot be reached (this project's machines
# reach only the package registries) and no copy was fetched before, that one check is skipped
# with a warning; see deny.toml and docs/development.md.
cargo_deny() {
  command -v cargo-deny >/dev/null || { echo "cargo-deny is missing: cargo install --locked cargo-deny" >&2; return 1; }
  local out
  if ! out="$(cargo deny --color never check --hide-inclusion-graph bans licenses sources 2>&1)"; then
    printf '%s\n' "$out" >&2
    return 1
  fi
  # Duplicate versions are warnings (deny.toml): one line, not the full report.
  local dups
  dups="$(grep -oE "duplicate entries for crate '[^']+'" <<<"$out" | sed -E "s/.*'(.*)'/\1/" | paste -sd' ' || true)"
  [ -z "$dups" ] || echo "note: crates in more than one version ($(wc -w <<<"$dups")): $dups (details: cargo deny check bans)"
  tail -n 1 <<<"$out"
  if cargo deny --color never fetch db >/dev/null 2>&1; then
    cargo deny --color never check advisories
  elif compgen -G "$HOME/.cargo/advisory-dbs/*/.git" >/dev/null; then
    echo "note: the RustSec database could not be updated; checking against the copy fetched earlier"
    cargo deny --color never --offline check advisories
  else
    printf '\033[1;33m[meguri]\033[0m lint: SKIPPED cargo deny advisories: the RustSec database (github.com/RustSec/advisory-db) cannot be fetched from here\n' >&2
  fi
}

clippy() {
  cargo clippy --workspace --all-targets --quiet -- -D warnings
}

ensure_frontend_deps
check "rustfmt (cargo fmt --all --check)" cargo fmt --all --check
check "the docs are complete (deploy/dev/check_docs.py)" python3 deploy/dev/check_docs.py
check "the docs checker fails where it should (deploy/dev/test_check_docs.py)" python3 -m unittest -q deploy/dev/test_check_docs.py
check "no service crate depends on another (deploy/dev/check_service_deps.py)" python3 deploy/dev/check_service_deps.py
check "the services keep the template's shape (deploy/dev/check_service_shape.py)" python3 deploy/dev/check_service_shape.py
check "the shape check fails where it should (deploy/dev/test_check_service_shape.py)" python3 -m unittest -q deploy/dev/test_check_service_shape.py
check "cargo deny (deny.toml)" cargo_deny
check "TypeScript (npm run typecheck)" bash -c 'cd frontend && npm run --silent typecheck'
check "ESLint (npm run lint)" bash -c 'cd frontend && npm run --silent lint'
check "clippy -D warnings" clippy

if [ ${#FAILED[@]} -gt 0 ]; then
  die "lint failed: $(IFS=';'; echo "${FAILED[*]}" | sed 's/;/; /g')"
fi
say "lint: all checks passed"
