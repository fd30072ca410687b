#!/usr/bin/env bash
# Runs every test: engine unit tests, the exhaustive small-scope exploration, and the CLI tests.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh --deps-only
swift build --build-tests
swift test --skip-build "$@"
