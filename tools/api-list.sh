#!/usr/bin/env bash
# Writes docs/arbiterkit-api.md, the list of every public symbol ArbiterKit mirrors, from the code's symbol graphs.
# With --check, says whether the committed list is the one the code makes (exit 1 when not).
set -euo pipefail
cd "$(dirname "$0")/.."
graphs=$(mktemp -d)
trap 'rm -rf "$graphs"' EXIT
swift package dump-symbol-graph --minimum-access-level public >/dev/null
cp .build/*/symbolgraph/ArbiterKit*.symbols.json \
    .build/*/symbolgraph/ArbiterEngine.symbols.json "$graphs"/
if [ "${1:-}" = "--check" ]; then
    python3 tools/api-list.py "$graphs" "$graphs/api.md"
    if ! diff -u --label "docs/arbiterkit-api.md" --label "made from the code" docs/arbiterkit-api.md "$graphs/api.md" >&2; then
        echo "api-list: docs/arbiterkit-api.md is not the list the code makes; run bash tools/api-list.sh" >&2
        exit 1
    fi
else
    python3 tools/api-list.py "$graphs" docs/arbiterkit-api.md
    echo "api-list: wrote docs/arbiterkit-api.md" >&2
fi
