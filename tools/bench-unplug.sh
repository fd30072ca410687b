#!/usr/bin/env bash
# Unplug benchmark: headphones node destroyed by another client -> every affected stream relinked to the
# speaker and confirmed by the daemon, for 1, 16 and 64 playing streams; then, in the same run, the same unplug
# under WirePlumber's full policy moving plain pw-play streams. Prints median, p99 and max in ms.
#   tools/bench-unplug.sh [RUNS] [arbiter-bench options]   (default 200 runs per size, after 3 warm-up runs;
#                                   installs what is missing, WirePlumber among it; arbiter-bench --help lists the options)
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh --deps-only   # WirePlumber and a session bus among them
# The engine as tools/setup.sh builds it: with profile-guided optimization when the toolchain has the tools.
profile=$(bash tools/pgo.sh --if-available)
bash tools/pgo.sh build .build "$profile" swift build -c release --product arbiter-bench >&2
PIPEWIRE_LOG="${PIPEWIRE_LOG:-/tmp/arbiter-bench-pipewire.log}" .build/release/arbiter-bench "${1:-200}" "${@:2}"
