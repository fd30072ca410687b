#!/usr/bin/env bash
# Profile-guided optimization of the engine (docs/performance.md).
#
#   tools/pgo.sh                 makes the profile when needed and prints its path
#   tools/pgo.sh --force         makes it again
#   tools/pgo.sh --if-available  the same as no argument, but prints nothing and exits 0 when the toolchain lacks
#                                the tools (what tools/setup.sh and tools/test.sh use, to build without a profile)
#   tools/pgo.sh use FOLDER [PROFILE]
#                                readies build folder FOLDER (.build, Benchmarks/.build, ...) for a release build of
#                                the engine with PROFILE, or with none when PROFILE is empty or left out
#
# Making the profile: builds engine-profile with an engine that counts the branches it takes (ARBITER_PGO_GENERATE;
# its own build folder, .build-pgo/build), runs it on the synthetic workload with seeds other than the benchmarks'
# (100, 10 and 1,000 apps) and on the scenario corpus, and merges the counts into .build-pgo/arbiter.profdata. A
# release build with ARBITER_PGO_PROFILE set to that path lays the engine out for those counts (Package.swift). The
# profile is made again only when the contents of an engine source or a training input, the checkout's folder or the
# toolchain changed since it was made.
#
# `use`: SwiftPM does not compile a target's objects again when only its flags change, so a folder whose engine was
# compiled with another profile, or none, would keep those objects. `use` remembers in the folder which profile (by
# its contents) its engine objects were compiled with, and removes them when that differs, so the next build
# compiles them again.
#
# Exits 2, saying why on standard error, when the toolchain lacks llvm-profdata or the profiling runtime (0 with
# --if-available, printing no path); 1 on any other failure.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
out="$root/.build-pgo"

# Reads a file's contents as one hash, or "none".
contents() { if [ -n "${1:-}" ] && [ -f "$1" ]; then sha256sum <"$1" | cut -c1-64; else echo none; fi; }

if [ "${1:-}" = "use" ]; then
    folder="${2:?usage: tools/pgo.sh use FOLDER [PROFILE]}"
    wanted="$(contents "${3:-}")"
    stamp="$folder/arbiter-engine-profile"
    if [ "$(cat "$stamp" 2>/dev/null || echo none)" != "$wanted" ]; then
        rm -f "$folder"/*/release/ArbiterEngine.build/*.o
        mkdir -p "$folder"
        echo "$wanted" >"$stamp"
    fi
    exit 0
fi

resources=$(swiftc -print-target-info | sed -n 's/.*"runtimeResourcePath": "\(.*\)".*/\1/p' | head -1)
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
flock 9   # one training at a time: test.sh and bench.sh may both ask

profile="$out/arbiter.profdata"
stamp="$out/arbiter.profdata.made-for"
# What the profile was made for: the training inputs' contents, the checkout's folder, the toolchain.
inputs=(Package.swift Sources/ArbiterEngine Sources/ArbiterScenario Benchmarks/Package.swift Benchmarks/Sources
        scenarios tools/pgo.sh)
made_for="$(find "${inputs[@]}" -type f -print0 | sort -z | xargs -0 sha256sum | sha256sum | cut -c1-64)
$root
$(swift --version 2>&1 | head -1)"
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
"$profdata" merge --output "$profile.new" "$out"/raw/*.profraw >&2
mv "$profile.new" "$profile"
echo "$made_for" >"$stamp"
echo "pgo: wrote $profile" >&2
echo "$profile"
