#!/usr/bin/env bash
# Fuzzes the scenario decoder, validator and replay with libFuzzer (the package in Fuzzing/).
#
#   bash tools/fuzz.sh                 # 100000 inputs from a corpus seeded with scenarios/**/*.yaml
#   FUZZ_RUNS=1000000 bash tools/fuzz.sh
#   bash tools/fuzz.sh -max_total_time=600 -runs=-1   # any further arguments go to libFuzzer
#
# Exits non-zero on a crash, a trap, a leak-free ASan report, a timeout or an out-of-memory; the input that did it
# is left in .build-fuzz/artifacts/ (keep it in Tests/ArbiterScenarioTests/FuzzRegressions/ once fixed).
# Inputs libFuzzer finds new coverage with stay in .build-fuzz/corpus/ for the next run.
set -euo pipefail
cd "$(dirname "$0")/.."

runs="${FUZZ_RUNS:-100000}"
work=.build-fuzz
mkdir -p "$work/corpus" "$work/artifacts"

# Swift code (the decoder, the engine, Yams) and C code (libyaml, inside Yams) are both instrumented.
echo "fuzz.sh: building Fuzzing/ with -sanitize=fuzzer,address" >&2
set +e
swift build -c debug --package-path Fuzzing --scratch-path "$work/build" \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library \
    -Xcc -fsanitize=fuzzer-no-link,address 2>&1 | grep -v "Cannot export local symbol" >&2
built=${PIPESTATUS[0]}
set -e
[ "$built" -eq 0 ] || { echo "fuzz.sh: the build failed" >&2; exit 1; }
binary="$work/build/debug/FuzzScenario"

# Seeds: every example scenario and the regression inputs, named by content so reruns add nothing twice.
seeds=0
while IFS= read -r -d '' file; do
    cp "$file" "$work/corpus/seed-$(sha1sum "$file" | cut -c1-16)"
    seeds=$((seeds + 1))
done < <(find scenarios Tests/ArbiterScenarioTests/FuzzRegressions -type f \
             \( -name '*.yaml' -o -name '*.yml' -o -name '*.input' \) -print0 2>/dev/null)
echo "fuzz.sh: $seeds seed files, corpus $(find "$work/corpus" -type f | wc -l) files; $runs runs" >&2

# -timeout: one input that runs for more than 10 s is a hang. -rss_limit_mb: more than 2 GiB is a memory blow-up.
# -max_len: a little over the largest example, so mutations can grow files without wasting time on megabytes.
# Swift's own crash handler reads the stack in a way ASan reports as an error of its own; libFuzzer's report is enough.
export SWIFT_BACKTRACE=enable=no
set +e
"$binary" "$work/corpus" \
    -runs="$runs" -timeout=10 -rss_limit_mb=2048 -max_len=8192 \
    -dict=tools/fuzz/scenario.dict -artifact_prefix="$work/artifacts/" \
    -print_final_stats=1 "$@" 2>&1 | tee "$work/last-run.log" | grep -v '^#[0-9]*[[:space:]]*\(NEW\|REDUCE\|pulse\)' >&2
status=${PIPESTATUS[0]}
set -e
if [ "$status" -ne 0 ]; then
    echo "fuzz.sh: FAILED (libFuzzer exit $status); the input is in $work/artifacts/:" >&2
    ls -t "$work/artifacts" | head -5 >&2
    exit 1
fi
echo "fuzz.sh: no crash, hang or timeout in $runs inputs (log: $work/last-run.log)" >&2
