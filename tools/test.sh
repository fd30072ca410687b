#!/usr/bin/env bash
# Runs every test: engine unit tests, the exhaustive small-scope exploration, the scenario parser, the PipeWire
# backend against private daemons it starts itself, and the CLI tests (the corpus with and without --pipewire).
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh --deps-only
swift build --build-tests
# libpipewire line-buffers stderr when it initializes; sending its log to a file keeps the test output whole.
export PIPEWIRE_LOG="${PIPEWIRE_LOG:-/tmp/arbiter-test-pipewire.log}"
swift test --skip-build "$@"
