#!/usr/bin/env python3
"""Writes docs/arbiterkit-api.md: every public symbol ArbiterKit mirrors, from the symbol graphs of the code.

Usage: tools/api-list.py SYMBOLGRAPH_DIR OUTPUT. tools/api-list.sh makes the symbol graphs and calls it; the test
script checks that the committed list is the one the code makes.
"""
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KIT = os.path.join(ROOT, "Sources", "ArbiterKit")
# The logging module (`import ArbiterKitLog`), in ArbiterKit's product beside it.
OS_MODULE = os.path.join(ROOT, "Sources", "ArbiterKitLog")

# The folders of ArbiterKit, in the order the list gives them, with what each mirrors.
SECTIONS = [
    ("AVFAudio", "AVFAudio: the session, players, recorders, the audio engine"),
    ("AVFoundation", "AVFoundation: AVPlayer, items, assets, metadata"),
    ("CoreMedia", "CoreMedia: CMTime and CMTimeRange"),
    ("CoreAudio", "CoreAudio and AudioToolbox constants"),
    ("AVKit", "AVKit"),
    ("MediaPlayer", "MediaPlayer: Now Playing, remote commands, the music player"),
    ("UIKit", "UIKit: the application and its lifecycle"),
    ("Foundation", "Foundation: notification centers, KVO, timers, run loops, operation queues, threads"),
    ("Combine", "Combine"),
    ("Dispatch", "Dispatch: queues, times, groups"),
    ("Concurrency", "Concurrency: the main actor"),
    ("os", "os: logging (its own module: `import ArbiterKitLog`)"),
    ("Phone", "The simulated phone (ArbiterKit's own, for tests)"),
]

KIND_ORDER = ["swift.protocol", "swift.class", "swift.struct", "swift.enum", "swift.typealias", "swift.func",
              "swift.func.op", "swift.var"]


# The modules whose types ArbiterKit's typealiases stand for, by the prefix of their symbols' identifiers.
OTHER_MODULES = {"s:13ArbiterEngine": "ArbiterEngine", "s:11ArbiterLint": "ArbiterLint"}


def declaration(symbol):
    """The symbol's declaration on one line; a typealias names the type of another module it stands for with the
    module's name (`ArbiterEngine.RouteChangeReason`)."""
    def spelling(fragment):
        usr = fragment.get("preciseIdentifier", "")
        module = next((name for prefix, name in OTHER_MODULES.items() if usr.startswith(prefix)), None)
        alias = symbol["kind"]["identifier"] == "swift.typealias" and fragment["kind"] == "typeIdentifier"
        return f"{module}.{fragment['spelling']}" if module and alias else fragment["spelling"]
    text = "".join(spelling(fragment) for fragment in symbol.get("declarationFragments", []))
    return re.sub(r"\s+", " ", text).strip()


def engine_enum_cases(graphs):
    """The cases of ArbiterEngine's enums, by the enum's identifier: what a typealias to one of them offers."""
    path = os.path.join(graphs, "ArbiterEngine.symbols.json")
    if not os.path.exists(path):
        return {}
    graph = json.load(open(path))
    names = {symbol["identifier"]["precise"]: symbol for symbol in graph["symbols"]}
    cases = {}
    for relation in graph["relationships"]:
        member = names.get(relation["source"])
        if relation["kind"] == "memberOf" and member and member["kind"]["identifier"] == "swift.enum.case":
            cases.setdefault(relation["target"], []).append(declaration(member))
    return cases


def aliased_cases(symbol, cases):
    """For a typealias to an engine enum, its cases as members of the alias."""
    if symbol["kind"]["identifier"] != "swift.typealias":
        return []
    for fragment in symbol.get("declarationFragments", []):
        if fragment["kind"] == "typeIdentifier" and fragment.get("preciseIdentifier") in cases:
            return cases[fragment["preciseIdentifier"]]
    return []


def body_reports_unmodelled(path, line):
    """Whether the declaration starting at `line` (0-based) reports itself as not modelled."""
    try:
        lines = open(path, encoding="utf-8").read().split("\n")
    except OSError:
        return False
    depth = 0
    seen_brace = False
    for text in lines[line:line + 60]:
        if "unmodelled(" in text:
            return True
        depth += text.count("{") - text.count("}")
        seen_brace = seen_brace or "{" in text
        if seen_brace and depth <= 0:
            return False
    return False


def main():
    graphs, output = sys.argv[1], sys.argv[2]
    symbols = []
    for name in sorted(os.listdir(graphs)):
        module = name.split("@")[0].split(".")[0]
        if module in ("ArbiterKit", "ArbiterKitLog") and name.endswith(".symbols.json"):
            extended = name[len(module) + 1:-len(".symbols.json")] if "@" in name else None
            for symbol in json.load(open(os.path.join(graphs, name)))["symbols"]:
                symbol["extended"] = extended
                symbols.append(symbol)
    by_section = {folder: [] for folder, _ in SECTIONS}
    engine_cases = engine_enum_cases(graphs)
    for symbol in symbols:
        path = symbol["pathComponents"]
        if any(part.startswith("_") for part in path):
            continue
        uri = symbol.get("location", {}).get("uri", "")
        file = uri.replace("file://", "")
        relative = os.path.relpath(file, KIT) if file.startswith(KIT + os.sep) else ""
        folder = "os" if file.startswith(OS_MODULE + os.sep) else relative.split(os.sep)[0] if relative else "Foundation"
        if folder not in by_section:
            continue
        line = symbol.get("location", {}).get("position", {}).get("line", 0)
        unmodelled = body_reports_unmodelled(file, line) if file else False
        by_section[folder].append((path, symbol["kind"]["identifier"], declaration(symbol), unmodelled))
        for case in aliased_cases(symbol, engine_cases):
            by_section[folder].append((path + [case], "swift.enum.case", case, False))
    lines = [
        "# ArbiterKit's API",
        "",
        "Every public symbol of ArbiterKit, made from the code by `tools/api-list.sh` (do not edit by hand; the test",
        "script checks it is current). A symbol marked *not modelled* compiles and, when called, reports itself by",
        "name as not modelled by the simulated phone (`phone.diagnostics`). An iOS symbol not listed here is absent:",
        "[app-code.md](app-code.md#not-mirrored-or-only-in-part) says what is left out on purpose and why.",
        "",
    ]
    total = 0
    for folder, title in SECTIONS:
        entries = by_section[folder]
        if not entries:
            continue
        lines += [f"## {title}", ""]
        tops = sorted({tuple(path[:1]) for path, _, _, _ in entries})
        for (top,) in tops:
            members = sorted(((path, kind, text, unmodelled) for path, kind, text, unmodelled in entries
                              if path[0] == top), key=lambda entry: (len(entry[0]) > 1, entry[0], entry[2]))
            head = [m for m in members if len(m[0]) == 1]
            rest = [m for m in members if len(m[0]) > 1]
            if head:
                lines.append(f"- `{head[0][2]}`" + (" *(not modelled)*" if head[0][3] else ""))
            else:
                lines.append(f"- extension `{top}`")
            for path, kind, text, unmodelled in rest:
                where = ".".join(path[1:-1])
                prefix = f"{where}: " if where else ""
                lines.append(f"  - {prefix}`{text}`" + (" *(not modelled)*" if unmodelled else ""))
            total += len(members)
        lines.append("")
    lines.insert(7, f"{total} symbols.")
    lines.insert(8, "")
    with open(output, "w", encoding="utf-8") as handle:
        handle.write("\n".join(lines).rstrip("\n") + "\n")


if __name__ == "__main__":
    main()
