#!/usr/bin/env bash
# Duck benchmark: 15 Music programs playing, a Navigation program starts -> every Music program's gain lowered and
# published by the daemon, under WirePlumber's own role policy and under `arbiter attach`, in the same run; and
# the Navigation program's end -> every gain raised again. Prints median, p99 and max in ms and how they compare.
#   tools/bench-duck.sh [RUNS] [arbiter-bench duck options]   (default 40 runs per policy, after 3 warm-up runs;
#                       installs what is missing, WirePlumber among it; `arbiter-bench duck --help` lists the options,
#                       among them --policy wireplumber|arbiter|both and --arbiter PATH)
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh --deps-only   # WirePlumber and a session bus among them
# arbiter as tools/setup.sh builds it (with profile-guided optimization when the toolchain has the tools), unless
# only WirePlumber is measured.
products=(arbiter-bench)
case " $* " in
    *" --policy wireplumber "* | *" --policy=wireplumber "*) ;;
    *) products+=(arbiter) ;;
esac
profile=$(bash tools/pgo.sh --if-available)
for product in "${products[@]}"; do
    bash tools/pgo.sh build .build "$profile" swift build -c release --product "$product" >&2
done
# The registry watcher both policies are measured with: a plain libpipewire client, beside arbiter-bench.
cc -O2 -Wall -o .build/release/bench-duck-watch tools/bench-duck-watch.c \
    $(pkg-config --cflags --libs libpipewire-0.3)
PIPEWIRE_LOG="${PIPEWIRE_LOG:-/tmp/arbiter-bench-pipewire.log}" .build/release/arbiter-bench duck "${1:-40}" "${@:2}"
