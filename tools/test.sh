#!/usr/bin/env bash
# Runs every test: engine unit tests, the exhaustive small-scope exploration, the scenario parser, the PipeWire
# backend against private daemons it starts itself, the CLI tests (the corpus with and without --pipewire), the
# ArbiterTesting library's tests, the example packages in Examples/ (PolicyTests uses ArbiterTesting as a user would,
# SeedApps runs the seed articles' code through ArbiterKit), and
# (with no arguments) 1,024 playing streams on their own, the benchmark package's build and workload, the release build
# (as tools/setup.sh makes it) replaying the corpus as the debug build does, and a short fuzzing run.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh --deps-only
swift build --build-tests
# libpipewire line-buffers stderr when it initializes; sending its log to a file keeps the test output whole.
export PIPEWIRE_LOG="${PIPEWIRE_LOG:-/tmp/arbiter-test-pipewire.log}"
swift test --skip-build "$@"
if [ "$#" -eq 0 ]; then
    echo "test.sh: 1,024 playing streams, the most one stage carries, on their own: each one running and reaching the new route in a pw-dump" >&2
    ARBITER_MANY_STREAMS=1024 swift test --skip-build --filter 'ManyStreamsTests/manyStreams'
    echo "test.sh: Examples/PolicyTests (an app team's policy tests, depending on Arbiter by path)" >&2
    swift test --package-path Examples/PolicyTests
    echo "test.sh: Examples/SeedApps (the seed articles' audio code and a team's own app code run on a simulated phone through ArbiterKit)" >&2
    swift test --package-path Examples/SeedApps
    echo "test.sh: docs/arbiterkit-api.md is the list of ArbiterKit's symbols the code makes (tools/api-list.sh)" >&2
    bash tools/api-list.sh --check
    # The benchmark and fuzzing packages build with their own flags, so the build above does not check them.
    echo "test.sh: Benchmarks/ builds; its workload runs through a debug engine that checks its invariants after every event" >&2
    swift build --package-path Benchmarks
    Benchmarks/.build/debug/engine-profile 100 2000
    status=0
    Benchmarks/.build/debug/engine-profile replay 100 2>/dev/null || status=$?
    if [ "$status" -ne 2 ]; then
        echo "test.sh: engine-profile exited with $status for an unknown mode; expected its usage and exit status 2" >&2
        exit 1
    fi
    echo "test.sh: the release arbiter, built as tools/setup.sh builds it, replays the corpus exactly as the debug build does" >&2
    bash tools/pgo.sh build .build "" swift build -c release --product arbiter
    replays=$(mktemp -d)
    trap 'rm -rf "$replays"' EXIT
    .build/debug/arbiter replay scenarios/ >"$replays/debug.txt" || true
    status=0
    .build/release/arbiter replay scenarios/ >"$replays/release.txt" || status=$?
    if ! diff -u --label "debug build" --label "release build" "$replays/debug.txt" "$replays/release.txt" >&2; then
        echo "test.sh: the release build's replay of the corpus differs from the debug build's (above)" >&2
        exit 1
    fi
    if [ "$status" -ne 0 ]; then
        tail -n 20 "$replays/release.txt" >&2
        echo "test.sh: the release build's replay of the corpus exited with $status; expected every scenario to pass" >&2
        exit 1
    fi
    echo "test.sh: a short fuzzing run (tools/fuzz.sh; the long run is 100000 inputs)" >&2
    FUZZ_RUNS="${FUZZ_RUNS:-3000}" bash tools/fuzz.sh
fi
