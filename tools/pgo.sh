#!/usr/bin/env bash
# Profile-guided optimization of the engine (docs/performance.md).
#
#   tools/pgo.sh                 makes the profile when needed and prints its path
#   tools/pgo.sh --force         makes it again
#   tools/pgo.sh --if-available  the same as no argument, but prints nothing and exits 0 when the toolchain lacks
#                                the tools (tools/setup.sh, test.sh and bench-unplug.sh then build without a profile)
# With ARBITER_PGO=0 these print nothing and exit 0: the callers build without a profile.
#   tools/pgo.sh build FOLDER PROFILE COMMAND...
#                                runs COMMAND (a release build, or the benchmarks, that builds in build folder FOLDER)
#                                with ARBITER_PGO_PROFILE=PROFILE, after making sure FOLDER's engine objects will be
#                                compiled with PROFILE (or with none, when PROFILE is empty)
# Paths are taken from the checkout's root, whatever folder the script is called from.
#
# Making the profile: builds engine-profile with an engine that counts the branches it takes (ARBITER_PGO_GENERATE;
# its own build folder, .build-pgo/build), runs it on the synthetic workload with seeds other than the benchmarks'
# (100, 10 and 1,000 apps) and on the scenario corpus, and merges the counts into .build-pgo/arbiter.profdata. A
# release build with ARBITER_PGO_PROFILE set to that path lays the engine out for those counts (Package.swift). The
# profile is made again only when the contents of an engine source or a training input, the checkout's folder or the
# toolchain changed since it was made.
#
# `build`: SwiftPM does not compile a target's objects again when only its flags change, so a folder whose engine was
# compiled with another profile, or none, would keep those objects. After each build it runs, `build` notes in the
# folder the profile (by its contents) and the engine objects (by name and time) it left there; before the next, it
# removes the engine objects unless both still hold, so a build made another way in between (by hand, say) counts as
# unknown and the objects are compiled again.
#
# Exits 2, saying why on standard error, when the toolchain lacks llvm-profdata or the profiling runtime (0 with
# --if-available, printing no path); `build` exits with COMMAND's status; 1 on any other failure.
set -euo pipefail
trap 'exit 1' ERR
cd "$(dirname "$0")/.."
root=$(pwd -P)
out="$root/.build-pgo"

# A file's contents as one hash, or "none".
contents() { if [ -n "${1:-}" ] && [ -f "$1" ]; then sha256sum <"$1" | cut -c1-64; else echo none; fi; }
# The engine objects of a build folder, by name and modification time, as one hash.
objects() {
    { find "$1" -path '*/release/ArbiterEngine.build/*.o' -printf '%P %T@\n' 2>/dev/null || true; } | LC_ALL=C sort \
        | sha256sum | cut -c1-64
}

case "${1:-}" in
"" | --force | --if-available) ;;
build)
    if [ "$#" -lt 4 ]; then
        echo "usage: tools/pgo.sh build FOLDER PROFILE COMMAND..." >&2
        exit 1
    fi
    folder="$2" profile="$3"
    shift 3
    stamp="$folder/arbiter-engine-profile"
    wanted="$(contents "$profile")"
    if [ "$(cat "$stamp" 2>/dev/null || echo unknown)" != "$wanted $(objects "$folder")" ]; then
        rm -f "$folder"/*/release/ArbiterEngine.build/*.o
    fi
    rm -f "$stamp"
    status=0
    ARBITER_PGO_PROFILE="$profile" "$@" || status=$?
    if [ "$status" -eq 0 ]; then
        mkdir -p "$folder"
        echo "$wanted $(objects "$folder")" >"$stamp"
    fi
    exit "$status"
    ;;
*)
    echo "usage: tools/pgo.sh [--force | --if-available] | tools/pgo.sh build FOLDER PROFILE COMMAND..." >&2
    exit 1
    ;;
esac

if [ "${ARBITER_PGO:-1}" = 0 ]; then
    echo "pgo: ARBITER_PGO=0: building without profile-guided optimization" >&2
    exit 0
fi

resources=$(swiftc -print-target-info | sed -n 's/.*"runtimeResourcePath": "\(.*\)".*/\1/p' | sed -n 1p)
profdata="$resources/../../bin/llvm-profdata"
runtime="$resources/clang/lib/linux/libclang_rt.profile-$(uname -m).a"
for tool in "$profdata" "$runtime"; do
    if [ ! -f "$tool" ]; then
        echo "pgo: $tool is missing; expected a Swift toolchain for Linux with llvm-profdata and the profiling runtime" >&2
        if [ "${1:-}" = "--if-available" ]; then
            echo "pgo: building without profile-guided optimization" >&2
            exit 0
        fi
        exit 2
    fi
done

mkdir -p "$out"
exec 9>"$out/lock"
if ! flock -n 9; then
    echo "pgo: waiting for another tools/pgo.sh to finish" >&2
    flock 9
fi

profile="$out/arbiter.profdata"
stamp="$out/arbiter.profdata.made-for"
# What the profile is made for: the training inputs' contents, the checkout's folder, the toolchain.
inputs=(Package.swift Sources/ArbiterEngine Sources/ArbiterScenario Benchmarks/Package.swift Benchmarks/Sources
        scenarios tools/pgo.sh)
inputs_hash=$(find "${inputs[@]}" -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum | sha256sum | cut -c1-64)
toolchain=$(swift --version 2>&1 | sed -n 1p)
made_for="$inputs_hash $root $toolchain"
if [ "${1:-}" != "--force" ] && [ -f "$profile" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$made_for" ]; then
    echo "$profile"
    exit 0
fi

echo "pgo: building engine-profile with a counting engine (.build-pgo/build)" >&2
rm -rf "$out/raw"
mkdir -p "$out/raw"
ARBITER_PGO_GENERATE="$out/raw" swift build -c release --package-path Benchmarks --product engine-profile \
    --scratch-path "$out/build" -Xlinker "$runtime" -Xlinker -u__llvm_profile_runtime >&2
trainer="$out/build/release/engine-profile"

echo "pgo: training on the synthetic workload (seeds 2-4; the benchmarks use seed 1) and the scenario corpus" >&2
export LLVM_PROFILE_FILE="$out/raw/%p.profraw"
"$trainer" 100 10000 20 2 >&2
"$trainer" 10 10000 10 3 >&2
"$trainer" 1000 10000 4 4 >&2
"$trainer" scenarios scenarios >&2
if ! compgen -G "$out/raw/*.profraw" >/dev/null; then
    echo "pgo: the training wrote no counts to $out/raw; expected Package.swift to build a counting engine" >&2
    exit 1
fi
"$profdata" merge --output "$profile.new" "$out"/raw/*.profraw >&2
mv "$profile.new" "$profile"
echo "$made_for" >"$stamp"
echo "pgo: wrote $profile" >&2
echo "$profile"
