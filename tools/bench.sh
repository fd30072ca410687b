#!/usr/bin/env bash
# Benchmarks (ordo-one/benchmark, in the Benchmarks/ package): engine events a second and state per app at 10,
# 100 and 1,000 apps; decoding and replaying a 10,000-step scenario; one REPL command; a whole `arbiter replay`
# of a 20-step file including process start. Prints median, p99 and more for each (docs/performance.md).
#   tools/bench.sh                 every benchmark
#   tools/bench.sh 'Engine.*'      those whose name matches the regular expression
#   tools/bench.sh -- ARGS...      passes ARGS to `swift package benchmark` (e.g. -- --format markdown)
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product arbiter >&2
filter=()
if [ $# -gt 0 ] && [ "$1" != "--" ]; then filter=(--filter "$1"); shift; fi
[ "${1:-}" = "--" ] && shift
cd Benchmarks
exec swift package --disable-sandbox benchmark "${filter[@]}" "$@"
