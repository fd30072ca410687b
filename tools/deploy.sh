#!/usr/bin/env bash
# A deployable arbiter for a phone or car image with no Swift toolchain: one binary with the Swift standard library
# and Foundation linked in, beside the systemd user unit that runs `arbiter attach` (tools/systemd/). On the target
# it needs only Debian's libpipewire-0.3, libedit and libsystemd.
#   tools/deploy.sh [DIR]          builds DIR/arbiter and DIR/arbiter-attach.service (default dist/)
#   tools/deploy.sh --check DIR    runs DIR/arbiter with the toolchain out of reach (as root: a mount namespace
#                                  hides it): a scenario's replay, which must print what the toolchain's build
#                                  prints; then the unit, verified by systemd-analyze and its ExecStart run as
#                                  systemd runs it, attached to a private daemon and stopped with SIGTERM
set -euo pipefail
cd "$(dirname "$0")/.."
toolchain=$(dirname "$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")")

if [ "${1:-}" = "--check" ]; then
    dir="${2:?usage: tools/deploy.sh --check DIR}"
    scenario=scenarios/interruptions/spoken-audio.yaml
    expected=$(.build/release/arbiter replay "$scenario" 2>&1 || true)
    # The toolchain's folder is an empty one in a namespace of its own: nothing of it can be loaded.
    got=$(unshare -m --propagation private sh -c \
        'mount -t tmpfs tmpfs "$1" && [ -z "$(ls -A "$1")" ] && exec "$2" replay "$3"' sh \
        "$toolchain" "$dir/arbiter" "$scenario" 2>&1 || true)
    if [ "$got" != "$expected" ]; then
        echo "deploy: $dir/arbiter with $toolchain hidden printed something else:" >&2
        diff <(echo "$expected") <(echo "$got") >&2 || true
        exit 1
    fi
    echo "deploy: $dir/arbiter replays $scenario with $toolchain out of reach, as the toolchain's build does"

    # The unit, installed as docs/linux.md says into a home of its own, beside a private daemon.
    work=$(mktemp -d /tmp/arbiter-unit.XXXXXX)
    attach=""
    cleanup() {
        [ -n "$attach" ] && kill -KILL "$attach" 2>/dev/null || true
        bash tools/pipewire.sh stop "$work/pw" >/dev/null 2>&1 || true
        rm -rf "$work"
    }
    trap cleanup EXIT
    bash tools/pipewire.sh start "$work/pw" >/dev/null
    home="$work/home"
    install -D -m 755 "$dir/arbiter" "$home/.local/bin/arbiter"
    install -D -m 644 "$dir/arbiter-attach.service" "$home/.config/systemd/user/arbiter-attach.service"
    mkdir -p "$home/.config/arbiter" "$work/run" && chmod 700 "$work/run"
    echo "ARBITER_ATTACH_OPTIONS=\"--pipewire-remote $work/pw/pipewire-0 --ledger $work/ledger\"" \
        >"$home/.config/arbiter/attach.env"
    HOME="$home" XDG_RUNTIME_DIR="$work/run" systemd-analyze --user verify \
        "$home/.config/systemd/user/arbiter-attach.service"
    # ExecStart as systemd runs it: %h is the home, $ARBITER_ATTACH_OPTIONS split on white space, no standard input.
    command=$(sed -n 's/^ExecStart=//p' "$dir/arbiter-attach.service" | sed "s|%h|$home|g")
    unshare -m --propagation private sh -c \
        'mount -t tmpfs tmpfs "$1" && set -a && . "$2" && set +a && eval "exec $3"' sh \
        "$toolchain" "$home/.config/arbiter/attach.env" "$command" </dev/null >"$work/attach.log" 2>&1 &
    attach=$!
    for _ in $(seq 1 100); do grep -q "^attached: " "$work/attach.log" && break; sleep 0.1; done
    kill -TERM "$attach"
    status=0
    wait "$attach" || status=$?
    attach=""
    if [ "$status" -ne 0 ] || ! grep -q "^detached: " "$work/attach.log"; then
        cat "$work/attach.log" >&2
        echo "deploy: the unit's ExecStart exited with $status; expected it to attach, and to leave on SIGTERM" >&2
        exit 1
    fi
    echo "deploy: the unit verifies, and its ExecStart attached to a private daemon and left on SIGTERM"
    exit 0
fi

out="${1:-dist}"
bash tools/setup.sh --deps-only
swift build -c release --product arbiter --static-swift-stdlib --scratch-path .build-static >&2
mkdir -p "$out"
install -m 755 .build-static/release/arbiter "$out/arbiter"
strip "$out/arbiter"
install -m 644 tools/systemd/arbiter-attach.service "$out/arbiter-attach.service"
needs=$(ldd "$out/arbiter" | awk '{print $1}')
if grep -E "swift|Foundation|dispatch|BlocksRuntime" <<<"$needs" >&2; then
    echo "deploy: $out/arbiter still needs the toolchain's libraries above" >&2
    exit 1
fi
size=$(du -h "$out/arbiter" | cut -f1)
echo "deploy: $out/arbiter ($size) and $out/arbiter-attach.service; the binary needs" $needs
