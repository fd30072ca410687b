/// The style of `replay --html`'s page.
enum HTMLPageStyle {
    static let css = #"""
        :root { --on: #2e9e5b; --duck: #e0a21b; --lost: #d9534f; --idle: #9aa3ad; --fail: #c62828; --ok: #2e7d32;
          --dec: #1f5fbf; --note: #7b3fb0; --line: #d5dae0; --ink: #1d232a; --muted: #5b6570; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink);
          background: #f6f7f9; }
        header { padding: 12px 20px 8px; background: #fff; border-bottom: 1px solid var(--line); }
        h1 { font-size: 18px; margin: 0 0 4px; }
        #summary { margin: 0 0 8px; font-size: 16px; font-weight: 600; }
        #summary.failed { color: var(--fail); }
        #summary.passed { color: var(--ok); }
        #controls { display: flex; flex-wrap: wrap; gap: 16px; align-items: center; margin-bottom: 6px; }
        .hint { color: var(--muted); font-size: 12px; }
        #legend { display: flex; flex-wrap: wrap; gap: 4px 14px; font-size: 12px; color: var(--muted); }
        #legend b { font-weight: normal; margin-right: 4px; }
        .sw { display: inline-block; width: 18px; height: 10px; margin-right: 4px; border-radius: 2px;
          vertical-align: middle; }
        main { padding: 12px 20px 60px; }
        .run { background: #fff; border: 1px solid var(--line); border-radius: 6px; margin: 0 0 10px; }
        .run.failed { border-left: 5px solid var(--fail); }
        .run.passed { border-left: 5px solid var(--ok); }
        .run > details > summary { cursor: pointer; padding: 8px 12px; list-style-position: outside; }
        .run .badge { font-weight: 700; margin-right: 6px; }
        .run.failed .badge { color: var(--fail); }
        .run.passed .badge { color: var(--ok); }
        .run .title { font-weight: 600; }
        .run .meta { color: var(--muted); font-size: 12px; margin-left: 6px; }
        .run code, #details code { font: 12px/1.4 ui-monospace, "DejaVu Sans Mono", monospace; }
        .body { padding: 0 12px 10px; }
        .problems { margin: 0 0 8px; padding: 0; list-style: none; }
        .problems li { margin: 2px 0; }
        .problems button { font: inherit; color: var(--fail); background: none; border: 0; padding: 0; cursor: pointer;
          text-align: left; text-decoration: underline dotted; }
        .problems .warning { color: #8a6100; }
        pre.errors { color: var(--fail); white-space: pre-wrap; margin: 0; font-size: 12px; }
        .toolbar { display: flex; gap: 4px; align-items: center; margin: 0 0 4px; }
        .toolbar button { font: inherit; min-width: 30px; padding: 1px 8px; border: 1px solid var(--line);
          background: #fff; border-radius: 4px; cursor: pointer; }
        .toolbar button:hover { background: #eef2f6; }
        .toolbar .range { color: var(--muted); font-size: 12px; margin-left: 8px; }
        .tl { border: 1px solid var(--line); border-radius: 4px; overflow: hidden; cursor: grab; outline: none;
          touch-action: none; user-select: none; }
        .tl:focus-visible { border-color: var(--dec); }
        .tl.dragging { cursor: grabbing; }
        svg { display: block; font: 11px system-ui, sans-serif; }
        svg .row-alt { fill: #f7f9fb; }
        svg .label { fill: var(--ink); font-weight: 600; }
        svg .axis { fill: var(--muted); }
        svg .tick { stroke: #c3cad2; }
        svg .grid { stroke: #e9edf1; }
        svg .step { fill: #56616d; cursor: pointer; }
        svg .step.bad { fill: var(--fail); }
        svg .seg { stroke: none; }
        .st-on { fill: var(--on); background: var(--on); }
        .st-duck { fill: var(--duck); background: var(--duck); }
        .st-lost { fill: var(--lost); background: var(--lost); }
        .st-idle { fill: var(--idle); background: var(--idle); }
        .quiet { opacity: 0.35; }
        svg .seg-text { fill: #fff; font-size: 10px; pointer-events: none; }
        svg .seg-text.dark { fill: var(--ink); }
        svg .mark { cursor: pointer; }
        svg .dec { fill: var(--dec); }
        svg .note { fill: var(--note); }
        svg .held { fill: var(--ok); }
        svg .fail { fill: var(--fail); }
        svg .hit { fill: transparent; cursor: pointer; }
        svg .sel { fill: none; stroke: #111; stroke-width: 2; }
        svg .fold { fill: #eceff3; }
        svg .zig { fill: none; stroke: #8795a4; stroke-width: 1.5; }
        svg .fold-text { fill: #4d5966; font-size: 10px; }
        .g-dec { color: var(--dec); } .g-note { color: var(--note); } .g-held { color: var(--ok); }
        .g-fail { color: var(--fail); } .g-fold { color: #4d5966; }
        #details { position: fixed; right: 16px; bottom: 16px; width: min(440px, calc(100vw - 32px)); max-height: 60vh;
          overflow: auto; background: #fff; border: 1px solid #b9c2cc; border-radius: 8px;
          box-shadow: 0 6px 24px rgba(0, 0, 0, 0.18); padding: 12px 16px; z-index: 2; }
        #details-close { position: absolute; right: 8px; top: 6px; border: 0; background: none; font-size: 20px;
          cursor: pointer; color: var(--muted); }
        #details h2 { font-size: 13px; text-transform: uppercase; letter-spacing: 0.04em; margin: 0 0 4px; }
        #details h2.fail { color: var(--fail); } #details h2.held { color: var(--ok); }
        #details h2.dec { color: var(--dec); } #details h2.note { color: var(--note); }
        #details .text { font-size: 15px; font-weight: 600; margin: 0 0 8px; word-break: break-word; }
        #details dl { display: grid; grid-template-columns: max-content 1fr; gap: 3px 10px; margin: 0; }
        #details dt { color: var(--muted); }
        #details dd { margin: 0; word-break: break-word; }
        #details button.link { font: inherit; color: var(--dec); background: none; border: 0; padding: 0;
          cursor: pointer; text-align: left; text-decoration: underline dotted; }
        footer { color: var(--muted); font-size: 12px; padding: 0 20px 20px; }
        """#
}
