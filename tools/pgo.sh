#!/usr/bin/env bash
# Profile-guided optimization of the engine (docs/performance.md). Builds engine-profile with an engine that counts
# the branches it takes (ARBITER_PGO_GENERATE; its own scratch folder, .build-pgo/build), runs it on the synthetic
# workload with seeds other than the benchmarks' (10, 100 and 1,000 apps) and on the scenario corpus, and merges the
# counts into .build-pgo/arbiter.profdata. Prints that file's path: a release build with ARBITER_PGO_PROFILE set to
# it lays the engine out for those counts (Package.swift). The profile is made again only when an engine source, a
# training input, the checkout's place or the toolchain changed since it was made.
#   tools/pgo.sh            makes the profile when needed, and prints its path
#   tools/pgo.sh --force    makes it again
# Exits 1, printing why on standard error, when the toolchain lacks llvm-profdata or the profiling runtime.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
out="$root/.build-pgo"
profile="$out/arbiter.profdata"
stamp="$out/arbiter.profdata.made-for"

toolchain=$(dirname "$(readlink -f "$(command -v swift)")")
profdata="$toolchain/llvm-profdata"
resources=$(swiftc -print-target-info | sed -n 's/.*"runtimeResourcePath": "\(.*\)".*/\1/p' | head -1)
runtime="$resources/clang/lib/linux/libclang_rt.profile-$(uname -m).a"
for tool in "$profdata" "$runtime"; do
    if [ ! -f "$tool" ]; then
        echo "pgo: $tool is missing; expected a Swift toolchain with llvm-profdata and the profiling runtime" >&2
        exit 1
    fi
done

# What the profile is valid for: private functions are named by their source paths, and the counts by the code the
# toolchain made.
made_for="$root
$(swift --version 2>&1 | head -1)"
inputs=(Package.swift Sources/ArbiterEngine Benchmarks/Package.swift Benchmarks/Sources scenarios tools/pgo.sh)
if [ "${1:-}" != "--force" ] && [ -f "$profile" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$made_for" ] \
    && [ -z "$(find "${inputs[@]}" -newer "$profile" -print -quit)" ]; then
    echo "$profile"
    exit 0
fi

echo "pgo: building engine-profile with a counting engine (.build-pgo/build)" >&2
rm -rf "$out/raw" "$profile" "$stamp"
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
"$profdata" merge --output "$profile" "$out"/raw/*.profraw
echo "$made_for" >"$stamp"
echo "pgo: wrote $profile" >&2
echo "$profile"
