#!/usr/bin/env bash
# What `arbiter attach` costs at rest, beside WirePlumber: a private graph as a desktop has it (WirePlumber linking,
# a session bus), mpv playing, `arbiter attach` (release build) and its guard attached, and nothing else happening.
# Over SECONDS (default 60) it counts, for attach, its guard and WirePlumber: wakeups a second (voluntary context
# switches of all their threads), CPU time, and memory (RSS and PSS from smaps_rollup). Prints one line each.
#   tools/bench-rest.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
bash tools/setup.sh --deps-only
swift build -c release --product arbiter >&2
arbiter="$PWD/.build/release/arbiter"
dir=$(mktemp -d /tmp/arbiter-rest.XXXXXX)
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    bash tools/pipewire.sh stop "$dir" >/dev/null 2>&1 || true
}
trap cleanup EXIT
eval "$(bash tools/pipewire.sh session "$dir")"
export HOME="$dir"
python3 - "$dir/song.wav" <<'PY'
import math, struct, sys, wave
with wave.open(sys.argv[1], "wb") as out:
    out.setnchannels(2); out.setsampwidth(2); out.setframerate(48000)
    out.writeframes(b"".join(struct.pack("<hh", s, s) for s in
                    (int(800 * math.sin(i * 2 * math.pi * 440 / 48000)) for i in range(48000 * 5))))
PY
mpv --no-video --no-terminal --ao=pipewire --loop-file=inf "$dir/song.wav" >"$dir/mpv.log" 2>&1 &
pids+=($!)
sleep 1
"$arbiter" attach --ledger "$dir/ledger" </dev/null >"$dir/attach.log" 2>&1 &
attach=$!
pids+=($attach)
for _ in $(seq 1 100); do grep -q "^attached: " "$dir/attach.log" && break; sleep 0.1; done
grep -q "^attached: 1 program " "$dir/attach.log" || { cat "$dir/attach.log" >&2; echo "bench-rest: attach did not attach to mpv" >&2; exit 1; }
sleep 2  # the first turns and the guard's start are not rest
guard=$(pgrep -P "$attach" | head -1 || true)
# The session's own WirePlumber (another graph's may run beside it).
wireplumber=""
while read -r pid; do
    [ "$(cat /proc/"$pid"/comm 2>/dev/null)" = wireplumber ] && wireplumber=$pid
done <"$dir/helpers.pid"
# Each thread's voluntary context switches ("TID:COUNT ..."), and the CPU ticks (user + system) of a process.
sample() {
    local task threads=""
    for task in /proc/"$1"/task/*; do
        threads+="${task##*/}:$(awk '/^voluntary_ctxt_switches/ {print $2}' "$task/status" 2>/dev/null || echo 0) "
    done
    echo "$(awk '{print $14 + $15}' /proc/"$1"/stat) $threads"
}
# Wakeups between two samples: the switches of the threads present in both (a thread that ended takes its count
# with it).
wakeups() {
    awk -v a="$1" -v b="$2" 'BEGIN {
        n = split(a, x, " "); for (i = 2; i <= n; i++) { split(x[i], p, ":"); first[p[1]] = p[2] }
        n = split(b, y, " "); for (i = 2; i <= n; i++) { split(y[i], p, ":"); if (p[1] in first) sum += p[2] - first[p[1]] }
        print sum + 0 }'
}
declare -A before
names=(attach guard wireplumber)
processes=("$attach" "$guard" "$wireplumber")
for i in 0 1 2; do [ -n "${processes[$i]}" ] && before[$i]=$(sample "${processes[$i]}"); done
sleep "$seconds"
ticks=$(getconf CLK_TCK)
printf "%-12s %13s %8s %8s %8s\n" process wakeups_per_s cpu_ms rss_mb pss_mb
for i in 0 1 2; do
    pid=${processes[$i]}
    if [ -z "$pid" ]; then echo "${names[$i]}: not running"; continue; fi
    after=$(sample "$pid")
    switches=$(wakeups "${before[$i]}" "$after")
    cpu=$(( (${after%% *} - ${before[$i]%% *}) * 1000 / ticks ))
    rss=$(awk '/^Rss:/ {print $2}' /proc/"$pid"/smaps_rollup)
    pss=$(awk '/^Pss:/ {print $2}' /proc/"$pid"/smaps_rollup)
    awk -v name="${names[$i]}" -v s="$switches" -v t="$seconds" -v cpu="$cpu" -v rss="$rss" -v pss="$pss" \
        'BEGIN { printf "%-12s %13.2f %8d %8.1f %8.1f\n", name, s / t, cpu, rss / 1024, pss / 1024 }'
done
kill -TERM "$attach"
wait "$attach" || true
grep -q "^detached: " "$dir/attach.log" || { cat "$dir/attach.log" >&2; exit 1; }
