#!/usr/bin/env bash
# `arbiter attach` on a private graph, with no hardware: a music player (the stand-in, answering MPRIS), a
# navigation prompt over it, then a call through pipewire-pulse, with every decision printed as it happens. Needs
# the release build (bash tools/setup.sh) and builds the stand-in program.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh --deps-only
swift build -c release --product arbiter >&2
swift build -c release --product arbiter-standin >&2
dir=$(mktemp -d /tmp/arbiter-demo.XXXXXX)
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    bash tools/pipewire.sh stop "$dir"
}
trap cleanup EXIT
eval "$(bash tools/pipewire.sh session "$dir")"
export HOME="$dir"
python3 - "$dir" <<'PY'
import math, struct, sys, wave
for name, seconds in (("long", 60), ("prompt", 2), ("call", 3)):
    with wave.open(f"{sys.argv[1]}/{name}.wav", "wb") as out:
        out.setnchannels(2); out.setsampwidth(2); out.setframerate(48000)
        out.writeframes(b"".join(struct.pack("<hh", s, s) for s in
                        (int(800 * math.sin(i * 2 * math.pi * 440 / 48000)) for i in range(48000 * seconds))))
PY
.build/release/arbiter-standin --name Lollypop --role Music --mpris --log "$dir/lollypop.log" &
pids+=($!)
sleep 1
.build/release/arbiter attach --no-guard --ledger "$dir/ledger" &
attach=$!
pids+=($attach)
sleep 1.5
echo "demo: a navigation prompt (2 s) over the music" >&2
pw-play --media-role Navigation -P '{ application.name = "Maps" }' "$dir/prompt.wav"
sleep 1
echo "demo: a call (3 s) through pipewire-pulse" >&2
paplay --property=media.role=phone "$dir/call.wav"
sleep 1.5
kill -TERM "$attach"
wait "$attach" || true
echo "demo: what the music player was told over MPRIS, and how many volume steps it played:" >&2
grep -E "^mpris" "$dir/lollypop.log" >&2 || true
echo "$(grep -c "^control softVolumes" "$dir/lollypop.log") softVolumes steps (two ramps of 500 ms, a step every 25 ms)" >&2
