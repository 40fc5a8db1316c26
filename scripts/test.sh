#!/usr/bin/env bash
# `npm test`: every suite of the repository, against the real PostgreSQL and Redis.
#   PostgreSQL: TEST_PG_URL (default postgres://postgres@127.0.0.1:5432)
#   Redis:      REDIS_URL   (default redis://127.0.0.1:6379)
#   Browser:    Debian's Chromium at CHROMIUM_PATH (default /usr/bin/chromium)
# Runs every step even when one fails, then prints a summary and exits non-zero on failure.
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"
export REDIS_URL="${REDIS_URL:-redis://127.0.0.1:6379}"
export TEST_PG_URL="${TEST_PG_URL:-postgres://postgres@127.0.0.1:5432}"

passed=0
failed=0
failures=()
step() {
  local name="$1"
  shift
  echo
  echo "━━━ $name"
  if "$@"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    failures+=("$name")
  fi
}

step "lint" eslint .
step "format (prettier --check)" prettier --check --log-level warn .
step "SDK is generated from the current openapi.json" node sdk/scripts/check_generated.mjs
step "build SDK" npm run build --silent -w @affix/sdk
step "build CLI" npm run build --silent -w @affix/cli
step "build admin UI" npm run build --silent -w @affix/admin-ui
step "admin UI is code-split (login page without feature screens)" node scripts/check_ui_split.mjs
# After the SDK build: the CLI is typed against sdk/dist.
step "typecheck" npm run typecheck --silent
step "demo seed: deterministic (two seeds compared) and complete" node scripts/check_demo_seed.mjs
step "README commands from fresh clones (smoke: install, start x2, SIGTERM/SIGINT, build, CLI)" node scripts/smoke_embedded_start.mjs
step "core + plugins (Japa: unit, functional)" npm test --silent -w @affix/core
step "SDK (Vitest, live server)" npm test --silent -w @affix/sdk
step "CLI (Vitest, live server)" npm test --silent -w @affix/cli
step "admin UI (Vitest unit + Playwright in Chromium)" npm test --silent -w @affix/admin-ui

echo
if [ "$failed" -gt 0 ]; then
  printf 'failed step: %s\n' "${failures[@]}"
fi
echo "steps: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
