#!/usr/bin/env bash
# Benchmarks (ordo-one/benchmark, in the Benchmarks/ package): engine events a second and state per app at 10,
# 100 and 1,000 apps; decoding and replaying a 10,000-step scenario; one REPL command; a whole `arbiter replay`
# of a 20-step file including process start. Prints median, p99 and more for each (docs/performance.md).
#   tools/bench.sh                 every benchmark
#   tools/bench.sh 'Engine.*'      those whose name matches the regular expression
#   tools/bench.sh -- ARGS...      passes ARGS to `swift package benchmark` (e.g. -- --format markdown)
# The engine is built with profile-guided optimization (tools/pgo.sh), as `ARBITER_PGO=1 bash tools/setup.sh` builds
# it (a plain setup builds without); ARBITER_PGO=0 measures it without, in build folders of its own (.build-plain,
# Benchmarks/.build-plain).
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=() benchmarks_scratch=()
if ! profile=$(bash tools/pgo.sh); then
    echo "bench: no profile for profile-guided optimization; ARBITER_PGO=0 bash tools/bench.sh measures without" >&2
    exit 1
fi
if [ -n "$profile" ]; then
    unset ARBITER_BUILD
    echo "bench: engine built with profile-guided optimization ($profile)" >&2
else
    scratch=(--scratch-path .build-plain)
    benchmarks_scratch=(--scratch-path Benchmarks/.build-plain)
    export ARBITER_BUILD=.build-plain
    echo "bench: engine built without profile-guided optimization" >&2
fi
bash tools/pgo.sh build "${ARBITER_BUILD:-.build}" "$profile" swift build -c release --product arbiter "${scratch[@]}" >&2
filter=()
if [ $# -gt 0 ] && [ "$1" != "--" ]; then filter=(--filter "$1"); shift; fi
[ "${1:-}" = "--" ] && shift
exec bash tools/pgo.sh build "Benchmarks/${ARBITER_BUILD:-.build}" "$profile" \
    swift package --package-path Benchmarks "${benchmarks_scratch[@]}" --disable-sandbox benchmark "${filter[@]}" "$@"
