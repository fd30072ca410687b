#!/usr/bin/env bash
# Checks that every tools/ script the README and docs/ tell a reader to run is run by tools/test.sh in a short form
# (a script said to be run must be named in tools/test.sh), or that the part of it that can break is: a script the
# docs name that is not in the table below fails the check, so a new documented command cannot go untested unseen.
# Each script is also checked for syntax (bash -n).
# Run by tools/test.sh; exits 1 with the script's name and where the docs give it.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each documented script, and how tools/test.sh runs it.
covered() {
    case "$1" in
    setup.sh) echo "run whole (the release build, as the README's first command), and with --deps-only first" ;;
    test.sh) echo "this run" ;;
    api-list.sh) echo "run as --check" ;;
    format.sh) echo "run as --check" ;;
    bench-duck.sh) echo "run with 1 run per policy" ;;
    bench-unplug.sh) echo "run with 1 run at 1 stream" ;;
    bench-rest.sh) echo "run for 2 seconds at rest" ;;
    attach-demo.sh) echo "run whole" ;;
    deploy.sh) echo "run whole into a temporary folder, then with --check on what it built" ;;
    fuzz.sh) echo "run with FUZZ_RUNS=3000" ;;
    pipewire.sh) echo "by attach-demo.sh (session, stop), which test.sh runs, and the live tests" ;;
    pgo.sh) echo "its training inputs run through engine-profile (the synthetic seeds and every platform's corpus);" \
        "the benchmarks call it with ARBITER_PGO=0, and its build step runs in every release build" ;;
    bench.sh) echo "its package builds and its workload runs through engine-profile; the release benchmarks are not run" ;;
    property.sh) echo "its properties run in swift test (ArbiterScenarioTests/Property) with fewer sequences" ;;
    *) return 1 ;;
    esac
}

failed=0
documented=$(grep -noE 'bash tools/[a-z-]+\.sh' README.md docs/*.md | sed -E 's#:bash tools/# #' | sort -k2 -u)
while read -r place script; do
    [ -n "$script" ] || continue
    if [ ! -f "tools/$script" ]; then
        echo "docs-commands: $place gives bash tools/$script, which does not exist" >&2
        failed=1
    elif ! how=$(covered "$script"); then
        echo "docs-commands: $place gives bash tools/$script, which tools/test.sh does not run; expected a short" \
            "form of it in tools/test.sh and a line for it in tools/docs-commands.sh" >&2
        failed=1
    elif ! bash -n "tools/$script"; then
        echo "docs-commands: tools/$script does not parse" >&2
        failed=1
    elif [[ "$how" == run* ]] && [ "$script" != test.sh ] && ! grep -q "tools/$script" tools/test.sh; then
        echo "docs-commands: tools/$script is said to be run, but tools/test.sh does not name it" >&2
        failed=1
    else
        echo "docs-commands: tools/$script: $how"
    fi
done <<<"$documented"
exit "$failed"
