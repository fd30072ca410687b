/// The page of `replay --html`: its frame, with the style (`HTMLPageStyle`), the runs as JSON, and the script that
/// draws them (`HTMLPageScript`), all inline.
enum HTMLPage {
    static func page(title: String, summary: String, outcome: String, json: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="generator" content="arbiter replay --html">
        <title>\(escaped(title))</title>
        <style>
        \(HTMLPageStyle.css)</style>
        </head>
        <body>
        <header>
        <h1>arbiter replay</h1>
        <p id="summary" class="\(outcome)">\(escaped(summary))</p>
        <div id="controls">
        <label>App <select id="app"><option value="">every app</option></select></label>
        <label><input type="checkbox" id="failures-only"> failures only</label>
        <span class="hint">Ctrl+wheel or the buttons zoom; drag or Shift+wheel pans; click a mark for its rule.</span>
        </div>
        \(legend)
        </header>
        <main id="runs"><noscript>The timelines need JavaScript; the runs are in the JSON below.</noscript></main>
        <aside id="details" hidden><button id="details-close" title="Close">×</button><div id="details-body"></div></aside>
        <footer><span id="timing"></span></footer>
        <script type="application/json" id="data">
        \(json)
        </script>
        <script>
        \(HTMLPageScript.javaScript)</script>
        </body>
        </html>

        """
    }

    /// What the colors and glyphs mean.
    static let legend = """
        <div id="legend">
        <span><i class="sw st-on"></i>active</span><span><i class="sw st-duck"></i>ducked</span>\
        <span><i class="sw st-lost"></i>interrupted, focus lost</span><span><i class="sw st-idle"></i>inactive</span>\
        <span><i class="sw st-on quiet"></i>pale: not playing; height: gain</span>\
        <span><b class="g-dec">◆</b>decision</span><span><b class="g-note">●</b>notification</span>\
        <span><b class="g-held">✓</b>check held</span><span><b class="g-fail">✗</b>check failed</span>\
        <span><b class="g-fold">≈</b>idle stretch folded</span>
        </div>
        """

    /// Text for HTML: `&`, `<`, `>` and `"` as entities.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}
