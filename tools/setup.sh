#!/usr/bin/env bash
# Sets up a fresh machine for Arbiter and builds the `arbiter` tool (release). ARBITER_PGO=1 builds its engine with
# profile-guided optimization (tools/pgo.sh), as the benchmarks do.
# Installs the Debian packages the project needs when they are missing (needs root or sudo), and the Python modules
# of the schema test. `--deps-only` installs them and builds nothing (tools/test.sh starts with it).
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian packages the project needs: PipeWire (the daemon and tools, and the headers for the backend), libedit
# (the REPL's line editing), tmux (the REPL's terminal test), rsvg-convert (the timeline pictures' test).
# For `arbiter attach`: sd-bus (MPRIS and the phone stack), and for its tests and benchmark a private session bus,
# WirePlumber, pipewire-pulse and paplay, and a real player: mpv with its MPRIS plugin. xmllint (libxml2-utils)
# validates the JUnit reports against their schema. Chromium (headless) loads the HTML report in its tests.
DEBIAN_PACKAGES=(libpipewire-0.3-dev libspa-0.2-dev pipewire-bin libedit-dev tmux librsvg2-bin
    libsystemd-dev dbus-daemon wireplumber pipewire-pulse pulseaudio-utils mpv mpv-mpris libxml2-utils chromium)

# The schemas the report tests validate against, taken from the PyPI source packages that carry them: JUnit's
# (Jenkins' junit-10.xsd, in pytest's tests) and SARIF 2.1.0's (OASIS, in sarif-pydantic). Kept out of git.
SCHEMAS=.build-schemas

if ! command -v swift >/dev/null 2>&1; then
    echo "error: swift is not on PATH; install a Swift 6.3 toolchain (swift.org) and try again" >&2
    exit 1
fi
# ArbiterKit puts in Swift's executors through the toolchain's custom-executor interface, which 6.3 brings.
swift_version=$(swift --version 2>/dev/null || true)
if ! [[ "$swift_version" =~ Swift\ version\ (6\.([3-9]|[1-9][0-9])|[7-9]) ]]; then
    echo "error: ${swift_version%%$'\n'*}: expected Swift 6.3 or later (swift.org)" >&2
    exit 1
fi

missing=()
for package in "${DEBIAN_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
sudo_cmd=""
[ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"

# What is missing, from Debian and from PyPI (jsonschema and PyYAML, for the schema test).
install_dependencies() {
    if [ "${#missing[@]}" -gt 0 ]; then
        echo "setup: installing ${missing[*]}" >&2
        $sudo_cmd apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${missing[@]}" >/dev/null
    fi
    if ! python3 -c "import jsonschema, yaml" >/dev/null 2>&1; then
        echo "setup: installing jsonschema and PyYAML for the schema test" >&2
        python3 -m pip install --quiet jsonschema pyyaml >&2
    fi
    if [ ! -s "$SCHEMAS/junit-10.xsd" ] || [ ! -s "$SCHEMAS/sarif-schema-2.1.0.json" ]; then
        echo "setup: fetching the JUnit and SARIF schemas for the report tests" >&2
        mkdir -p "$SCHEMAS/pypi"
        python3 -m pip download --quiet --no-binary :all: --no-deps -d "$SCHEMAS/pypi" \
            pytest==9.2.0 sarif-pydantic==0.6.2 >&2
        tar -xzOf "$SCHEMAS/pypi/pytest-9.2.0.tar.gz" pytest-9.2.0/testing/example_scripts/junit-10.xsd \
            >"$SCHEMAS/junit-10.xsd"
        tar -xzOf "$SCHEMAS/pypi/sarif_pydantic-0.6.2.tar.gz" sarif_pydantic-0.6.2/sarif-schema-2.1.0.json \
            >"$SCHEMAS/sarif-schema-2.1.0.json"
    fi
}

if [ "${1:-}" = "--deps-only" ]; then
    install_dependencies
    exit 0
fi

# A plain release build: the engine is already far faster than a replay needs. ARBITER_PGO=1 lays the engine out by
# a profile (tools/pgo.sh trains it, one to two minutes the first time), as tools/bench.sh does for its figures.
# `pgo.sh build` recompiles engine objects an earlier build left compiled with a profile.
profile=""
if [ "${ARBITER_PGO:-0}" = "1" ]; then profile=$(bash tools/pgo.sh --if-available); fi
build() { bash tools/pgo.sh build .build "$profile" swift build -c release "$@" >&2; }

# The modules that need no Debian package (the engine, the lints, the scenario layer, Yams) build while the packages
# install; the PipeWire and line-editing layers and the tool itself build once they are in. sudo may ask for a
# password, so without root or a password-free sudo the packages install first.
if [ -n "$sudo_cmd" ] && ! sudo -n true 2>/dev/null; then
    install_dependencies
    build --product arbiter
else
    log=$(mktemp)
    install_dependencies >"$log" 2>&1 &
    installing=$!
    built=0
    build --target ArbiterScenario || built=$?
    if ! wait "$installing"; then
        cat "$log" >&2
        rm -f "$log"
        echo "setup: installing the dependencies failed (above)" >&2
        exit 1
    fi
    cat "$log" >&2
    rm -f "$log"
    [ "$built" -eq 0 ] || exit "$built"
    build --product arbiter
fi
echo "setup: built $(pwd)/.build/release/arbiter${profile:+ (its engine laid out by $profile)}" >&2
