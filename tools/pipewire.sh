#!/usr/bin/env bash
# Starts or stops Arbiter's private PipeWire daemon (tools/pipewire/arbiter.conf): its own runtime directory,
# null-sink devices for the built-in ports, no hardware, no session manager.
#
#   tools/pipewire.sh start [DIR]   start a daemon with runtime dir DIR (default: a new /tmp/pw.XXXXXX);
#                                   prints `export XDG_RUNTIME_DIR=...` lines for clients
#   tools/pipewire.sh session [DIR] the same daemon as a desktop has it: with a session bus, WirePlumber linking
#                                   streams and pipewire-pulse (for `arbiter attach`, docs/linux.md); prints the
#                                   exports for programs to play into it
#   tools/pipewire.sh stop DIR      stop the daemon started with DIR (and the session's helpers, by their pids)
#                                   and remove DIR
#   tools/pipewire.sh status DIR    list its nodes
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"

case "${1:-}" in
start)
    command -v pipewire >/dev/null || { echo "error: pipewire is not installed; run: apt-get install pipewire-bin" >&2; exit 1; }
    dir="${2:-$(mktemp -d /tmp/pw.XXXXXX)}"
    mkdir -p "$dir"
    XDG_RUNTIME_DIR="$dir" PIPEWIRE_RUNTIME_DIR="$dir" PIPEWIRE_CONFIG_DIR="$here/pipewire" \
        PIPEWIRE_CONFIG_NAME=arbiter.conf setsid pipewire </dev/null >"$dir/pipewire.log" 2>&1 &
    echo $! >"$dir/pipewire.pid"
    for _ in $(seq 1 100); do
        [ -S "$dir/pipewire-0" ] && break
        kill -0 "$(cat "$dir/pipewire.pid")" 2>/dev/null || { echo "error: pipewire exited; see $dir/pipewire.log" >&2; tail -5 "$dir/pipewire.log" >&2; exit 1; }
        sleep 0.05
    done
    [ -S "$dir/pipewire-0" ] || { echo "error: pipewire did not start within 5 s; see $dir/pipewire.log" >&2; exit 1; }
    echo "export XDG_RUNTIME_DIR=$dir PIPEWIRE_RUNTIME_DIR=$dir PIPEWIRE_REMOTE=pipewire-0"
    ;;
session)
    for program in dbus-daemon wireplumber pipewire-pulse; do
        command -v "$program" >/dev/null || { echo "error: $program is not installed; run: bash tools/setup.sh --deps-only" >&2; exit 1; }
    done
    dir="${2:-$(mktemp -d /tmp/pw.XXXXXX)}"
    mkdir -p "$dir/config" "$dir/state"
    # WirePlumber makes the default metadata itself: the daemon's own is left out.
    grep -v "metadata.name = default" "$here/pipewire/arbiter.conf" >"$dir/session.conf"
    XDG_RUNTIME_DIR="$dir" PIPEWIRE_RUNTIME_DIR="$dir" PIPEWIRE_CONFIG_DIR="$dir" \
        PIPEWIRE_CONFIG_NAME=session.conf setsid pipewire </dev/null >"$dir/pipewire.log" 2>&1 &
    echo $! >"$dir/pipewire.pid"
    for _ in $(seq 1 100); do [ -S "$dir/pipewire-0" ] && break; sleep 0.05; done
    [ -S "$dir/pipewire-0" ] || { echo "error: pipewire did not start within 5 s; see $dir/pipewire.log" >&2; exit 1; }
    export XDG_RUNTIME_DIR="$dir" PIPEWIRE_RUNTIME_DIR="$dir" PIPEWIRE_REMOTE=pipewire-0 HOME="$dir" \
        DBUS_SESSION_BUS_ADDRESS="unix:path=$dir/bus" XDG_STATE_HOME="$dir/state" XDG_CONFIG_HOME="$dir/config"
    setsid dbus-daemon --session --nofork --address="$DBUS_SESSION_BUS_ADDRESS" </dev/null >"$dir/dbus.log" 2>&1 &
    echo $! >"$dir/helpers.pid"
    for _ in $(seq 1 100); do [ -S "$dir/bus" ] && break; sleep 0.05; done
    setsid wireplumber </dev/null >"$dir/wireplumber.log" 2>&1 &
    echo $! >>"$dir/helpers.pid"
    # A stream that comes before WirePlumber has chosen a default sink is refused.
    for _ in $(seq 1 100); do
        timeout 1 pw-metadata -n default 2>/dev/null | grep -q default.audio.sink && break
        sleep 0.1
    done
    setsid pipewire-pulse </dev/null >"$dir/pulse.log" 2>&1 &
    echo $! >>"$dir/helpers.pid"
    for _ in $(seq 1 100); do [ -S "$dir/pulse/native" ] && break; sleep 0.05; done
    echo "export XDG_RUNTIME_DIR=$dir PIPEWIRE_RUNTIME_DIR=$dir PIPEWIRE_REMOTE=pipewire-0 DBUS_SESSION_BUS_ADDRESS=unix:path=$dir/bus PULSE_SERVER=unix:$dir/pulse/native"
    ;;
stop)
    dir="${2:?usage: tools/pipewire.sh stop DIR}"
    if [ -f "$dir/helpers.pid" ]; then
        while read -r pid; do kill "$pid" 2>/dev/null || true; done <"$dir/helpers.pid"
        sleep 0.2
        while read -r pid; do kill -9 "$pid" 2>/dev/null || true; done <"$dir/helpers.pid"
    fi
    if [ -f "$dir/pipewire.pid" ]; then
        pid="$(cat "$dir/pipewire.pid")"
        kill "$pid" 2>/dev/null || true
        for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.05; done
        kill -9 "$pid" 2>/dev/null || true
    fi
    rm -rf "$dir"
    ;;
status)
    dir="${2:?usage: tools/pipewire.sh status DIR}"
    XDG_RUNTIME_DIR="$dir" pw-cli ls Node
    ;;
*)
    echo "usage: tools/pipewire.sh start [DIR] | session [DIR] | stop DIR | status DIR" >&2
    exit 64
    ;;
esac
