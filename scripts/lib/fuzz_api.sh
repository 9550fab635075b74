# fuzz_api WORK: a property-based run of the whole HTTP API from its own
# OpenAPI description (GET /api/openapi.json) with Schemathesis (PyPI),
# against a private API on a fresh SQLite database and a private
# redis-server. Checks every response: no 5xx, every error in the envelope
# with a stable id, every answer matching its schema, 405 for a method a
# path does not serve, 401 without a token where one is required.
# Sourced by scripts/test (needs common.sh; appends to the caller's `pids`).

SCHEMATHESIS_VERSION=4.32.5
export PIXMART_FUZZ_DIR="${PIXMART_FUZZ_DIR:-$HOME/.cache/pixmart/schemathesis-$SCHEMATHESIS_VERSION}"

schemathesis_installed() {
  if [ ! -x "$PIXMART_FUZZ_DIR/bin/st" ]; then
    python3 -m pip --version >/dev/null 2>&1 || apt_install python3-pip
    say "installing schemathesis==$SCHEMATHESIS_VERSION into $PIXMART_FUZZ_DIR (pip)"
    python3 -m pip install --quiet --disable-pip-version-check --target "$PIXMART_FUZZ_DIR" \
      "schemathesis==$SCHEMATHESIS_VERSION" >&2 || { warn "pip install schemathesis failed"; return 1; }
  fi
  PYTHONPATH="$PIXMART_FUZZ_DIR" python3 "$PIXMART_FUZZ_DIR/bin/st" --version >/dev/null
}

# st ARGS...: Schemathesis from its private directory.
st_run() { PYTHONPATH="$PIXMART_FUZZ_DIR" python3 "$PIXMART_FUZZ_DIR/bin/st" "$@"; }

fuzz_api() {
  local work="$1" bin="${CARGO_TARGET_DIR:-$repo/target}/debug" port base token phone=13800000077
  schemathesis_installed || return 1
  # Exactly the browser tests' build, so nothing is built again: `-p
  # pixmart-api` or `--bins` alone resolve other features (no
  # dev-dependencies) and rebuild dependencies, minutes on 2 cores.
  cargo build --locked --workspace --bins --tests >&2 || return 1
  mkdir -p "$work/fuzz"
  start_private_redis "$work/fuzz/redis"
  pids+=("$REDIS_PID")
  port="$(free_port)"
  base="http://127.0.0.1:$port"
  # Development mode only for signing the fuzzing account in (the outbox
  # reveals its code); the development routes are not in the description,
  # so nothing below reaches them.
  (
    export PIXMART__MODE=development PIXMART__REDIS__URL="$REDIS_URL" PIXMART__SERVER__PORT="$port"
    export PIXMART__DATABASE__URL="sqlite://$work/fuzz/pixmart.db?mode=rwc" PIXMART__STORAGE__DIR="$work/fuzz/storage"
    export PIXMART__PAYMENTS__PUBLIC_BASE_URL="$base"
    exec "$bin/pixmart-api" 2>"$work/fuzz/api.log"
  ) &
  pids+=($!)
  wait_http "$base/api/health" 60 "${pids[-1]}" || { cat "$work/fuzz/api.log" >&2; return 1; }
  token="$(python3 "$repo/scripts/lib/fuzz_sign_in.py" "$base" "$phone")" || return 1
  # The account is an admin, so the fleet routes are fuzzed past their gate.
  PIXMART__DATABASE__URL="sqlite://$work/fuzz/pixmart.db?mode=rwc" "$bin/pixmart-api" grant-admin "$phone" >&2 || return 1
  # A fixed seed keeps CI reproducible; PIXMART_FUZZ_SEED explores others.
  local common=(--checks all
    # A schema cannot say which captcha answer or code is right, or which
    # task belongs to whom: schema-valid requests are often rightly refused.
    --exclude-checks positive_data_acceptance
    --max-examples "${PIXMART_FUZZ_EXAMPLES:-50}" --seed "${PIXMART_FUZZ_SEED:-20261126}"
    # One worker: with two threads, CPython 3.11's ast module (Hypothesis
    # describing lambdas) can fail with "AST constructor recursion depth
    # mismatch", a tool error that is not the API's (seen once, 2026-11-27).
    --workers 1 --no-color --request-timeout 30)
  local ok=0
  (cd "$work/fuzz" && st_run run "$base/api/openapi.json" "${common[@]}" \
    -H "Authorization: Bearer $token" --exclude-path /api/auth/logout \
    --report junit --report-junit-path "$work/fuzz/signed-in.xml") || ok=1
  # A visitor (no token), and logout, which would end the account's session above.
  (cd "$work/fuzz" && st_run run "$base/api/openapi.json" "${common[@]}" \
    --report junit --report-junit-path "$work/fuzz/visitor.xml") || ok=1
  # An internal error is a 500 the checks above already fail; a panic in
  # a handler may not be one.
  if grep -q "panicked\|internal error" "$work/fuzz/api.log"; then
    warn "the API failed under fuzzing:"; grep "panicked\|internal error" "$work/fuzz/api.log" | head -20 >&2; ok=1
  fi
  return "$ok"
}
