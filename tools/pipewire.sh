#!/usr/bin/env bash
# Starts or stops Arbiter's private PipeWire daemon (tools/pipewire/arbiter.conf): its own runtime directory,
# null-sink devices for the built-in ports, no hardware, no session manager.
#
#   tools/pipewire.sh start [DIR]   start a daemon with runtime dir DIR (default: a new /tmp/pw.XXXXXX);
#                                   prints `export XDG_RUNTIME_DIR=...` lines for clients
#   tools/pipewire.sh stop DIR      stop the daemon started with DIR (by its pid) and remove DIR
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
stop)
    dir="${2:?usage: tools/pipewire.sh stop DIR}"
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
    echo "usage: tools/pipewire.sh start [DIR] | stop DIR | status DIR" >&2
    exit 64
    ;;
esac
