#!/usr/bin/env bash
# Unplug benchmark: headphones node destroyed by another client -> every affected stream relinked to the
# speaker and confirmed by the daemon, for 1, 16 and 64 playing streams. Prints median, p99 and max in ms.
#   tools/bench-unplug.sh [RUNS]      (default 100 runs per size)
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh --deps-only
swift build -c release --product arbiter-bench >&2
PIPEWIRE_LOG="${PIPEWIRE_LOG:-/tmp/arbiter-bench-pipewire.log}" .build/release/arbiter-bench "${1:-100}"
