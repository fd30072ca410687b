#!/usr/bin/env bash
# Runs every test: the formatting check (tools/format.sh), engine unit tests, the exhaustive small-scope exploration, the scenario parser, the PipeWire
# backend against private daemons it starts itself, the CLI tests (the corpus with and without --pipewire), the
# ArbiterTesting library's tests, the example packages in Examples/ (PolicyTests uses ArbiterTesting as a user would,
# SeedApps runs the seed articles' code through ArbiterKit), and (with no arguments) 1,024 playing streams on their
# own, the benchmark package's build and workload, every command the README and docs/ give in a short form (the
# release build as tools/setup.sh makes it, replaying the corpus as the debug build does; the profile's training
# inputs; the duck and unplug benchmarks; the attach demo; a short fuzzing run), and a check that no documented
# command is left out.
# Each step's line starts with the seconds since the start, so that what dominates can be read off a run.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)
step() { echo "test.sh: [$(($(date +%s) - started)) s] $*" >&2; }

bash tools/setup.sh --deps-only
step "every Swift file is as swift format formats it with .swift-format (tools/format.sh --check)"
bash tools/format.sh --check
step "building the package and its tests (debug)"
swift build --build-tests
step "the C targets export no symbol without the arbiter_ prefix"
unprefixed=$(nm -g --defined-only .build/debug/CArbiter*.build/*.o | awk 'NF == 3 && $3 !~ /^arbiter_/ { print $3 }')
if [ -n "$unprefixed" ]; then
    echo "test.sh: the C targets export these symbols without the arbiter_ prefix:" $unprefixed >&2
    exit 1
fi
# libpipewire line-buffers stderr when it initializes; sending its log to a file keeps the test output whole.
export PIPEWIRE_LOG="${PIPEWIRE_LOG:-/tmp/arbiter-test-pipewire.log}"
step "swift test"
swift test --skip-build "$@"
[ "$#" -eq 0 ] || exit 0

step "1,024 playing streams, the most one stage carries, on their own: each one running and reaching the new route in a pw-dump"
ARBITER_MANY_STREAMS=1024 swift test --skip-build --filter 'ManyStreamsTests/manyStreams'

# The example and benchmark packages build Arbiter as a dependency, once, in one build folder they share.
shared=(--scratch-path .build-packages)
step "Examples/PolicyTests (an app team's policy tests, depending on Arbiter by path)"
swift test --package-path Examples/PolicyTests "${shared[@]}"
step "Examples/SeedApps (the seed articles' audio code and a team's own app code run on a simulated phone through ArbiterKit)"
swift test --package-path Examples/SeedApps "${shared[@]}"
step "docs/arbiterkit-api.md is the list of ArbiterKit's symbols the code makes (tools/api-list.sh)"
bash tools/api-list.sh --check

# The benchmark and fuzzing packages build with their own flags, so the build above does not check them.
step "Benchmarks/ builds; its workload runs through a debug engine that checks its invariants after every event"
swift build --package-path Benchmarks "${shared[@]}"
profiler=.build-packages/debug/engine-profile
"$profiler" 100 2000
status=0
"$profiler" replay 100 2>/dev/null || status=$?
if [ "$status" -ne 2 ]; then
    echo "test.sh: engine-profile exited with $status for an unknown mode; expected its usage and exit status 2" >&2
    exit 1
fi
step "the profile's training inputs (tools/pgo.sh): the synthetic workload's seeds, and every platform's run of the corpus"
"$profiler" 10 2000 1 3
"$profiler" scenarios scenarios

step "the release arbiter, built by tools/setup.sh, replays the corpus exactly as the debug build does"
bash tools/setup.sh
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
step "the README's first command's replay on real PipeWire (the private daemon --pipewire starts)"
status=0
.build/release/arbiter replay --pipewire scenarios/interruptions/spoken-audio.yaml >"$replays/readme.txt" || status=$?
if [ "$status" -ne 0 ] || ! grep -q "✓ PASS" "$replays/readme.txt"; then
    cat "$replays/readme.txt" >&2
    echo "test.sh: the README's replay on PipeWire exited with $status; expected it to pass" >&2
    exit 1
fi

step "tools/deploy.sh: the binary with the Swift runtime linked in replays with the toolchain hidden, and its systemd unit attaches and leaves"
bash tools/deploy.sh "$replays/dist" >&2
bash tools/deploy.sh --check "$replays/dist" >&2

step "tools/bench-duck.sh and tools/bench-unplug.sh, one run each (their figures are not read here)"
ARBITER_PGO=0 bash tools/bench-duck.sh 1 >"$replays/duck.txt"
grep -q "^compare 16 programs" "$replays/duck.txt" || { cat "$replays/duck.txt" >&2; exit 1; }
ARBITER_PGO=0 bash tools/bench-unplug.sh 1 --sizes 1 >"$replays/unplug.txt"
grep -q "arbiter" "$replays/unplug.txt" || { cat "$replays/unplug.txt" >&2; exit 1; }
step "tools/bench-rest.sh, 2 seconds at rest (its figures are not read here)"
bash tools/bench-rest.sh 2 >"$replays/rest.txt"
grep -q "^attach " "$replays/rest.txt" || { cat "$replays/rest.txt" >&2; exit 1; }
step "tools/attach-demo.sh"
bash tools/attach-demo.sh </dev/null >"$replays/demo.txt" 2>&1 || { cat "$replays/demo.txt" >&2; exit 1; }
grep -q "\[live.pause-mpris\]" "$replays/demo.txt" || { cat "$replays/demo.txt" >&2; exit 1; }

step "a short fuzzing run (tools/fuzz.sh; the long run is 100000 inputs)"
FUZZ_RUNS="${FUZZ_RUNS:-3000}" bash tools/fuzz.sh

step "every command the README and docs/ give is run above, or its part that can break is"
bash tools/docs-commands.sh
step "done"
