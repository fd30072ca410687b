#!/usr/bin/env bash
# Runs every test: engine unit tests, the exhaustive small-scope exploration, the scenario parser, the PipeWire
# backend against private daemons it starts itself, the CLI tests (the corpus with and without --pipewire), the
# ArbiterTesting library's tests, and the example package in Examples/PolicyTests that uses it as a user would.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh --deps-only
swift build --build-tests
# libpipewire line-buffers stderr when it initializes; sending its log to a file keeps the test output whole.
export PIPEWIRE_LOG="${PIPEWIRE_LOG:-/tmp/arbiter-test-pipewire.log}"
swift test --skip-build "$@"
if [ "$#" -eq 0 ]; then
    echo "test.sh: Examples/PolicyTests (an app team's policy tests, depending on Arbiter by path)" >&2
    swift test --package-path Examples/PolicyTests
fi
