#!/usr/bin/env bash
# Formats every Swift file git tracks with the toolchain's `swift format` and the checked-in .swift-format.
#   bash tools/format.sh           formats them in place
#   bash tools/format.sh --check   lists the files that are not formatted and shows how (exit 1), changing nothing
# tools/test.sh runs the check.
set -euo pipefail
cd "$(dirname "$0")/.."
config="$(pwd)/.swift-format"
format() { xargs -0 swift format format -i --parallel --configuration "$config"; }
if [ "${1:-}" != "--check" ]; then
    git ls-files -z '*.swift' | format
    exit 0
fi
copy=$(mktemp -d)
trap 'rm -rf "$copy"' EXIT
git ls-files -z '*.swift' | xargs -0 tar cf - | tar xf - -C "$copy"
(cd "$copy" && git -C "$OLDPWD" ls-files -z '*.swift' | format)
unformatted=()
while IFS= read -r -d '' file; do
    cmp -s "$file" "$copy/$file" || unformatted+=("$file")
done < <(git ls-files -z '*.swift')
if [ "${#unformatted[@]}" -gt 0 ]; then
    for file in "${unformatted[@]:0:3}"; do
        diff -u --label "$file" --label "$file, formatted" "$file" "$copy/$file" | head -n 20 >&2 || true
    done
    printf '  %s\n' "${unformatted[@]}" >&2
    echo "format: ${#unformatted[@]} files are not as swift format formats them (above); run bash tools/format.sh" >&2
    exit 1
fi
echo "format: every Swift file is as swift format formats it"
