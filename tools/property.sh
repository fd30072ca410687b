#!/usr/bin/env bash
# The long run of the random event sequence properties (Tests/ArbiterScenarioTests/Property), in a release build.
#
#   bash tools/property.sh                                   # 100000 sequences from a random seed (printed)
#   ARBITER_PROPERTY_RUNS=1000 bash tools/property.sh
#   ARBITER_PROPERTY_SEED=123 ARBITER_PROPERTY_RUNS=1 bash tools/property.sh   # one sequence again, by its seed
#
# A failing sequence is shrunk and saved as a scenario in ARBITER_PROPERTY_OUT (default .build-property/failures);
# the run prints its path. `arbiter replay FILE` replays it to the point where the property breaks.
set -euo pipefail
cd "$(dirname "$0")/.."

export ARBITER_PROPERTY_RUNS="${ARBITER_PROPERTY_RUNS:-100000}"
export ARBITER_PROPERTY_OUT="${ARBITER_PROPERTY_OUT:-$PWD/.build-property/failures}"
mkdir -p "$ARBITER_PROPERTY_OUT"

echo "property.sh: building the tests (release)" >&2
swift build -c release --build-tests --scratch-path .build-property -Xswiftc -enable-testing >&2
start=$(date +%s)
set +e
swift test -c release --skip-build --scratch-path .build-property --filter "PropertyTests/longRun" 2>&1 \
    | tee .build-property/last-run.log | grep -E "property:|seed [0-9]+:|shrunk|saved as|^ +[0-9]+: at|✘|✔"
status=${PIPESTATUS[0]}
set -e
echo "property.sh: $(( $(date +%s) - start )) s (log: .build-property/last-run.log)" >&2
exit "$status"
