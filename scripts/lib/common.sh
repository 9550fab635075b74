# common.sh: helpers shared by the scripts (sourced, not run): messages,
# installing Debian packages when we can, free ports, waiting for services.

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"

say() { printf '\033[1;34m==>\033[0m %s\n' "$*" >&2; }
warn() { printf '\033[1;33mwarning:\033[0m %s\n' "$*" >&2; }
die() { printf '\033[1;31merror:\033[0m %s\n' "$*" >&2; exit 1; }

_apt_updated=""
# apt_install PACKAGE...: installs Debian packages when running as root;
# otherwise says exactly what to install and stops.
apt_install() {
  if [ "$(id -u)" -ne 0 ]; then
    die "missing: $*. Install them with: sudo apt-get install -y $*"
  fi
  command -v apt-get >/dev/null 2>&1 || die "missing: $* (and no apt-get here to install them)"
  if [ -z "$_apt_updated" ]; then
    say "apt-get update"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2 || die "apt-get update failed"
    _apt_updated=1
  fi
  say "installing $*"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >&2 \
    || die "apt-get install $* failed"
}

# need_cmd COMMAND PACKAGE: makes sure COMMAND exists, installing PACKAGE.
need_cmd() {
  command -v "$1" >/dev/null 2>&1 || apt_install "$2"
  command -v "$1" >/dev/null 2>&1 || die "$1 still missing after installing $2"
}

need_toolchains() {
  command -v cargo >/dev/null 2>&1 || die "cargo (Rust) is required: install it with rustup (https://rustup.rs), Rust >= 1.92"
  command -v node >/dev/null 2>&1 || die "Node.js >= 20.19 with npm is required (e.g. apt-get install nodejs npm on a Debian with Node 20+)"
  command -v npm >/dev/null 2>&1 || die "npm is required (apt-get install npm)"
  need_cmd python3 python3
}

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'
}

# wait_http URL SECONDS [PID]: waits until URL answers 2xx; fails early if
# PID (the server) dies.
wait_http() {
  local url="$1" secs="$2" pid="${3:-}" i
  for ((i = 0; i < secs * 10; i++)); do
    if python3 - "$url" <<'PY' 2>/dev/null; then return 0; fi
import sys, urllib.request
urllib.request.urlopen(sys.argv[1], timeout=1)
PY
    if [ -n "$pid" ] && ! kill -0 "$pid" 2>/dev/null; then return 1; fi
    sleep 0.1
  done
  return 1
}

# start_private_redis DIR: starts a redis-server on a free port keeping
# nothing on disk; sets REDIS_PID and REDIS_URL.
start_private_redis() {
  local dir="$1" port
  need_cmd redis-server redis-server
  mkdir -p "$dir"
  port="$(free_port)"
  redis-server --port "$port" --bind 127.0.0.1 --save "" --appendonly no --dir "$dir" \
    --logfile "$dir/redis.log" &
  REDIS_PID=$!
  REDIS_URL="redis://127.0.0.1:${port}"
  for _ in $(seq 1 100); do
    if (exec 3<>"/dev/tcp/127.0.0.1/${port}") 2>/dev/null; then return 0; fi
    sleep 0.05
  done
  die "redis-server did not start (see $dir/redis.log)"
}

# Python packages the tests need (PyPI), installed with pip into their own
# directory rather than the system's Python: aiosmtpd is the real SMTP
# server of tests/tests/it/code_senders.rs (tests/support/smtp_sink.py);
# removebg (with requests, its HTTP library) is remove.bg's own Python
# client, driven unmodified against pixmart by tests/tests/it/removebg.rs
# (tests/support/removebg_client.py).
# The Rust tests add this directory to PYTHONPATH (PIXMART_PYTHON_DIR).
PYTHON_TEST_PACKAGES=(aiosmtpd==1.4.6 removebg==0.04 requests==2.34.2)
# Every module the tests import: one missing means (re)install.
PYTHON_TEST_MODULES="aiosmtpd, removebg, requests"
export PIXMART_PYTHON_DIR="${PIXMART_PYTHON_DIR:-$HOME/.cache/pixmart/python}"

python_test_packages() {
  if PYTHONPATH="$PIXMART_PYTHON_DIR" python3 -c "import $PYTHON_TEST_MODULES" >/dev/null 2>&1; then return 0; fi
  python3 -m pip --version >/dev/null 2>&1 || apt_install python3-pip
  say "installing ${PYTHON_TEST_PACKAGES[*]} into $PIXMART_PYTHON_DIR (pip)"
  mkdir -p "$PIXMART_PYTHON_DIR"
  # --target installs beside, not into, the system's Python (PEP 668 allows it).
  python3 -m pip install --quiet --disable-pip-version-check --upgrade --target "$PIXMART_PYTHON_DIR" \
    "${PYTHON_TEST_PACKAGES[@]}" >&2 || die "pip install ${PYTHON_TEST_PACKAGES[*]} failed"
  PYTHONPATH="$PIXMART_PYTHON_DIR" python3 -c "import $PYTHON_TEST_MODULES" \
    || die "a Python test package ($PYTHON_TEST_MODULES) is still missing after pip install"
}

# ort_dylib_path: the ONNX Runtime library scripts/fetch-models placed.
ort_dylib_path() {
  local f="${PIXMART_MODELS_DIR:-$repo/data/models}/onnxruntime/ORT_DYLIB_PATH"
  [ -f "$f" ] || die "ONNX Runtime not fetched: run scripts/fetch-models"
  cat "$f"
}

# web_build: installs npm packages when the lock file changed and builds
# web/dist when a source is newer than the build.
web_install() {
  local stamp="$repo/web/node_modules/.pixmart-lock-stamp"
  if [ ! -f "$stamp" ] || ! cmp -s "$repo/web/package-lock.json" "$stamp"; then
    say "installing web packages (npm ci)"
    (cd "$repo/web" && npm ci --no-audit --no-fund --loglevel=error) >&2 || die "npm ci failed in web/"
    cp "$repo/web/package-lock.json" "$stamp"
  fi
}

web_build() {
  web_install
  local index="$repo/web/dist/index.html"
  if [ ! -f "$index" ] || [ -n "$(find "$repo/web/src" "$repo/web/index.html" "$repo/web/vite.config.ts" "$repo/web/package-lock.json" -newer "$index" -print -quit)" ]; then
    say "building the web UI"
    (cd "$repo/web" && npm run build --silent) >&2 || die "web build failed"
  fi
}

# need_poster_fonts: the Debian fonts the poster renderer reads (docs/POSTERS.md):
# Noto Sans/Serif CJK (Regular, Bold; Medium and Black from -extra) and Noto
# Color Emoji, installed when one is missing.
need_poster_fonts() {
  local noto=/usr/share/fonts/opentype/noto missing=()
  [ -f "$noto/NotoSansCJK-Regular.ttc" ] && [ -f "$noto/NotoSerifCJK-Regular.ttc" ] || missing+=(fonts-noto-cjk)
  [ -f "$noto/NotoSansCJK-Black.ttc" ] || missing+=(fonts-noto-cjk-extra)
  [ -f /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf ] || missing+=(fonts-noto-color-emoji)
  if [ "${#missing[@]}" -gt 0 ]; then apt_install "${missing[@]}"; fi
}

# need_nextest: cargo-nextest (crates.io), installed with cargo when missing.
NEXTEST_VERSION=0.9.143
need_nextest() {
  cargo nextest --version >/dev/null 2>&1 && return 0
  say "installing cargo-nextest $NEXTEST_VERSION (cargo install, a few minutes once)"
  # Its own temporary build directory, not the project's CARGO_TARGET_DIR.
  env -u CARGO_TARGET_DIR cargo install --locked --version "$NEXTEST_VERSION" cargo-nextest >&2 || die "cargo install cargo-nextest failed"
}
