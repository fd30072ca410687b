/// The script of `replay --html`'s page: reads the runs' JSON (`HTMLReportData`), lists them, and draws a timeline for
/// each open run as SVG, only what is in view, so a run of 10,000 steps draws as fast as one of ten.
///
/// The time axis is folded: each instant with steps or marks gets room for all of them, time between instants runs
/// at 20 px a second, and a stretch longer than `FOLD` px is drawn `FOLD` wide with a break glyph and its length.
/// Zoom and pan change a run's view (`zoom`, and `v0`, the left edge on that folded axis). The address's fragment
/// `#select=r0-m3&app=Music` does what choosing the app and clicking the mark do (`&fit`: every open run fits its
/// view); the page writes the time it took to draw into `<html data-render-ms>` and the footer.
enum HTMLPageScript {
    static let javaScript = #"""
        "use strict";
        const D = JSON.parse(document.getElementById("data").textContent);
        const T = D.texts, RULES = D.rules;
        // Each mark as [KIND, TIME, LANE, TEXT, RULE, STEP, LINE, COLUMN]; a step's marks are written without the time.
        for (const run of D.runs) {
          if (!run.marks) continue;
          run.marks = run.marks.map(m => m[4] >= 0 ? [m[0], run.steps[m[4]][0], m[1], m[2], m[3], m[4], 0, 0]
            : [m[0], m[5], m[1], m[2], m[3], -1, m[6], m[7]]);
        }
        const KIND = ["decision", "notification", "check held", "check failed"];
        const KIND_CLASS = ["dec", "note", "held", "fail"];
        const L = 140, AXIS = 22, ROW = 36, PX_MS = 0.02, FOLD = 64, SLOT = 12, PAD = 12;
        const views = [];
        let selected = null, appFilter = "";
        /** The app a lane belongs to: `Music` for a HarmonyOS stream's `Music.player`. */
        const appOf = lane => lane.split(".")[0];
        const inFilter = lane => !appFilter || appOf(lane) === appFilter;

        function esc(s) {
          return String(s).replace(/[&<>"]/g, c => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
        }
        /** `250ms`, `12s`, `1.5s`, `2m`, `1m30.25s`, as the scenarios write times, and `2h5m` past an hour. */
        function fmt(ms) {
          if (ms === 0) return "0s";
          const sign = ms < 0 ? "-" : "";
          ms = Math.abs(ms);
          if (ms < 1000) return sign + ms + "ms";
          const h = Math.floor(ms / 3600000), m = Math.floor(ms / 60000) % 60, rest = ms % 60000;
          return sign + (h ? h + "h" : "") + (m ? m + "m" : "") + (rest ? rest / 1000 + "s" : "");
        }
        /** The first index of the sorted `a` whose value is at least `x`. */
        function lower(a, x, key) {
          let lo = 0, hi = a.length;
          while (lo < hi) { const mid = (lo + hi) >> 1; if ((key ? key(a[mid]) : a[mid]) < x) lo = mid + 1; else hi = mid; }
          return lo;
        }
        function where(run, line, column) { return line ? run.file + ":" + line + ":" + column : ""; }
        function stateClass(word) {
          const w = word.toLowerCase();
          if (w.includes("duck")) return "st-duck";
          if (/interrupt|loss|lost|pause|denied|block|fail|mute/.test(w)) return "st-lost";
          if (/inactive|none|idle|release|stop|new|prepared/.test(w)) return "st-idle";
          return "st-on";
        }

        /** A run's folded axis: its instants `t`, each one's place `d`, the stacks' slots, the folds. */
        function layout(run) {
          const set = new Set([0]);
          for (const s of run.steps) set.add(s[0]);
          for (const m of run.marks) set.add(m[1]);
          for (const c of run.changes) for (let i = 0; i < c.length; i += 3) set.add(c[i]);
          const t = Float64Array.from(set).sort(), n = t.length, at = new Map();
          t.forEach((v, i) => at.set(v, i));
          const rows = run.lanes.length + 2, count = new Map(), need = new Int32Array(n);
          // A mark of a step goes no earlier than the step's own slot, under it.
          const slot = (i, row, min = 0) => {
            const k = i * rows + row, c = Math.max(count.get(k) || 0, min);
            count.set(k, c + 1);
            if (c + 1 > need[i]) need[i] = c + 1;
            return c;
          };
          const stepAt = run.steps.map(s => at.get(s[0])), stepSlot = run.steps.map((s, j) => slot(stepAt[j], 0));
          const order = run.marks.map((m, j) => j).sort((a, b) => run.marks[a][1] - run.marks[b][1] || a - b);
          const markAt = run.marks.map(m => at.get(m[1]));
          const markSlot = run.marks.map((m, j) => slot(markAt[j], m[2] < 0 ? 1 : m[2] + 2,
            m[5] >= 0 && stepAt[m[5]] === markAt[j] ? stepSlot[m[5]] : 0));
          const d = new Float64Array(n + 1), folds = [];
          let x = 0;
          for (let i = 0; i < n; i++) {
            d[i] = x;
            x += PAD + need[i] * SLOT;
            if (i + 1 < n) {
              const gap = (t[i + 1] - t[i]) * PX_MS;
              if (gap > FOLD) { folds.push([x, t[i + 1] - t[i]]); x += FOLD; } else x += gap;
            }
          }
          d[n] = x + PAD;
          return { t, d, n, stepAt, stepSlot, order, markAt, markSlot, folds, width: d[n],
            system: run.marks.some(m => m[2] < 0) };
        }

        function view(r) {
          const v = views[r];
          if (!v.lay) {
            v.lay = layout(D.runs[r]);
            const W = width(v), fit = (W - L) / v.lay.width;
            if (fit >= 0.6) { v.zoom = Math.min(fit, 3); v.v0 = 0; }
            else {
              v.zoom = 1;
              const run = D.runs[r], bad = run.marks.findIndex(m => m[0] === 3);
              const badStep = run.steps.findIndex(s => s.length > 4);
              const i = bad >= 0 ? v.lay.markAt[bad] : badStep >= 0 ? v.lay.stepAt[badStep] : 0;
              v.v0 = v.lay.d[i] - (W - L) / 3;
            }
          }
          return v;
        }
        function width(v) { return Math.max(480, v.box.clientWidth || document.documentElement.clientWidth - 70); }
        function clampView(v, W) {
          const span = (W - L) / v.zoom;
          v.v0 = Math.max(-PAD, Math.min(v.v0, v.lay.width - span + PAD));
          if (v.lay.width < span) v.v0 = -PAD;
        }

        /** Draws run `r`'s timeline: what is in view, and the selection. */
        function render(r) {
          const v = view(r), run = D.runs[r], lay = v.lay, W = width(v);
          clampView(v, W);
          const span = (W - L) / v.zoom, X = dd => L + (dd - v.v0) * v.zoom;
          const lanes = run.lanes.map((name, i) => i).filter(i => inFilter(run.lanes[i]));
          const rowY = new Map();
          let y = AXIS;
          const rowNames = [];
          const addRow = (key, name) => { rowY.set(key, y); rowNames.push([name, y]); y += ROW; };
          addRow(0, "steps");
          if (lay.system) addRow(1, "the phone");
          for (const i of lanes) addRow(i + 2, run.lanes[i]);
          const H = y + 4, out = [];
          out.push(`<svg width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" xmlns="http://www.w3.org/2000/svg">`);
          rowNames.forEach(([, ry], k) => { if (k % 2) out.push(`<rect class="row-alt" x="0" y="${ry}" width="${W}" height="${ROW}"/>`); });
          const i0 = Math.max(0, lower(lay.d, v.v0) - 1), i1 = Math.min(lay.n - 1, lower(lay.d, v.v0 + span));
          // The axis, left to right: each instant's time and each folded stretch (a band, a break glyph across the
          // rows, and its length), a label where there is room for it, a band where it is wide enough to see.
          let lastLabel = -1e9, lastGrid = -1e9, f = lower(lay.folds, v.v0 - FOLD, a => a[0]);
          const label = (x, text, cls) => {
            if (x < lastLabel + 12 || x + text.length * 6.5 > W) return;
            lastLabel = x + text.length * 6.5;
            out.push(`<text class="${cls}" x="${x.toFixed(1)}" y="${AXIS - 7}">${text}</text>`);
          };
          for (let i = i0; i <= i1; i++) {
            const x = X(lay.d[i] + PAD / 2);
            if (x >= L && x <= W && x - lastGrid >= 2) {
              lastGrid = x;
              out.push(`<line class="grid" x1="${x.toFixed(1)}" x2="${x.toFixed(1)}" y1="${AXIS}" y2="${H}"/>`);
              label(x, fmt(lay.t[i]), "axis");
            }
            for (; f < lay.folds.length && lay.folds[f][0] < lay.d[i + 1]; f++) {
              const [fx, dur] = lay.folds[f], x0 = X(fx), w = FOLD * v.zoom, cx = x0 + w / 2;
              if (x0 + w < L || x0 > W) continue;
              if (w >= 6) {
                out.push(`<rect class="fold" x="${x0.toFixed(1)}" y="${AXIS}" width="${w.toFixed(1)}" height="${H - AXIS}"/>`);
                let zig = `M${cx - 3},${AXIS}`;
                for (let zy = AXIS; zy < H; zy += 8) zig += ` L${cx + 3},${zy + 4} L${cx - 3},${zy + 8}`;
                out.push(`<path class="zig" d="${zig}"/>`);
              }
              label(Math.max(L, cx - 18), "≈ " + fmt(dur), "fold-text");
            }
          }
          // Each lane's states: a bar as high as the gain, pale while not playing.
          for (const i of lanes) {
            const c = run.changes[i], top = rowY.get(i + 2);
            // A change from a step starts at the step's slot; one from time passing at its instant.
            const at = k => c[k + 2] >= 0 ? lay.d[lay.stepAt[c[k + 2]]] + PAD / 2 + lay.stepSlot[c[k + 2]] * SLOT
              : lay.d[lower(lay.t, c[k])];
            let lastX = -1e9;
            for (let k = 0; k < c.length; k += 3) {
              const s = c[k + 1];
              if (s < 0) continue;
              const a = at(k), b = k + 3 < c.length ? at(k + 3) : lay.width;
              if (b < v.v0 || a > v.v0 + span) continue;
              const x0 = Math.max(L, X(a)), x1 = Math.min(W, X(b));
              if (x1 - x0 < 0.5 && x0 - lastX < 1) continue;
              lastX = x0;
              const [word, playing, gain] = run.states[s];
              // The lower half of the row is the bar (the upper holds the marks); its label sits in it, or above
              // it when the gain leaves no room.
              const h = 4 + 12 * Math.max(0, Math.min(1, gain)), cls = stateClass(word), bottom = top + ROW - 2;
              const label = word + (playing ? " ▸ playing" : "") + (gain !== 1 ? " · gain " + gain : "");
              out.push(`<rect class="seg ${cls}${playing ? "" : " quiet"}" x="${x0.toFixed(1)}" y="${(bottom - h).toFixed(1)}" width="${Math.max(1, x1 - x0).toFixed(1)}" height="${h.toFixed(1)}"><title>${esc(run.lanes[i] + ": " + label)}</title></rect>`);
              if (x1 - x0 > label.length * 5.6 + 8) {
                const inside = h >= 12;
                out.push(`<text class="seg-text${inside && playing ? "" : " dark"}" x="${(x0 + 4).toFixed(1)}" y="${(inside ? bottom - 3 : bottom - h - 2).toFixed(1)}">${esc(label)}</text>`);
              }
            }
          }
          // The steps, stacked at their instant; red when the step failed the scenario.
          let lastStep = -1e9;
          for (let j = lower(run.steps, lay.t[i0], s => s[0]); j < run.steps.length && run.steps[j][0] <= lay.t[i1]; j++) {
            const x = X(lay.d[lay.stepAt[j]] + PAD / 2 + lay.stepSlot[j] * SLOT), top = rowY.get(0);
            const s = run.steps[j], id = `r${r}-s${j}`;
            if (x < L - SLOT || x > W || (x - lastStep < 5 && s.length < 5 && selected !== id)) continue;
            lastStep = x;
            out.push(`<rect class="step${s.length > 4 ? " bad" : ""}" data-id="${id}" x="${(x + 2).toFixed(1)}" y="${top + 6}" width="${Math.max(2, Math.min(SLOT - 4, (SLOT - 4) * v.zoom))}" height="${ROW - 12}" rx="2"><title>${esc(fmt(s[0]) + " " + T[s[1]])}</title></rect>`);
            if (selected === id) out.push(`<rect class="sel" x="${x.toFixed(1)}" y="${top + 3}" width="${SLOT}" height="${ROW - 6}" rx="3"/>`);
          }
          // Decisions, notifications and checks, stacked in their row at their instant.
          let lastMark = new Map();
          for (let o = lower(lay.order, lay.t[i0], j => run.marks[j][1]); o < lay.order.length; o++) {
            const j = lay.order[o], m = run.marks[j];
            if (m[1] > lay.t[i1]) break;
            const row = m[2] < 0 ? 1 : m[2] + 2;
            if (!rowY.has(row)) continue;
            const x = X(lay.d[lay.markAt[j]] + PAD / 2 + lay.markSlot[j] * SLOT) + SLOT / 2, id = `r${r}-m${j}`;
            if (x < L || x > W) continue;
            const key = row * 4 + m[0];
            if (m[0] !== 3 && x - (lastMark.get(key) ?? -1e9) < 8 && selected !== id) continue;
            lastMark.set(key, x);
            const cy = rowY.get(row) + (row < 2 ? ROW / 2 : 10), cls = KIND_CLASS[m[0]];
            const tip = `<title>${esc(KIND[m[0]] + ": " + T[m[3]])}</title>`;
            let glyph;
            if (m[0] === 0) glyph = `<path class="dec" d="M${x},${cy - 6} l5,6 l-5,6 l-5,-6 z"/>`;
            else if (m[0] === 1) glyph = `<circle class="note" cx="${x}" cy="${cy}" r="4.5"/>`;
            else if (m[0] === 2) glyph = `<path class="held" d="M${x - 5},${cy} l3.5,4 l6.5,-8 l1.6,1.3 l-8.1,9.8 l-5.1,-5.8 z"/>`;
            else glyph = `<path class="fail" d="M${x - 5},${cy - 6.5} l5,5 l5,-5 l1.5,1.5 l-5,5 l5,5 l-1.5,1.5 l-5,-5 l-5,5 l-1.5,-1.5 l5,-5 l-5,-5 z"/>`;
            out.push(`<g class="mark ${cls}" data-id="${id}"><rect class="hit" x="${x - SLOT / 2}" y="${cy - 9}" width="${SLOT}" height="18"/>${glyph}${tip}</g>`);
            if (selected === id) out.push(`<circle class="sel" cx="${x}" cy="${cy}" r="9"/>`);
          }
          // The rows' names, over whatever scrolled under them.
          out.push(`<rect x="0" y="0" width="${L}" height="${H}" fill="#fff"/><line class="tick" x1="${L}" x2="${L}" y1="0" y2="${H}"/>`);
          out.push(`<text class="axis" x="8" y="${AXIS - 7}">time</text>`);
          for (const [name, ry] of rowNames) {
            const shown = name.length > 20 ? name.slice(0, 19) + "…" : name;
            out.push(`<text class="label" x="8" y="${ry + ROW / 2 + 4}">${esc(shown)}<title>${esc(name)}</title></text>`);
          }
          out.push("</svg>");
          v.box.innerHTML = out.join("");
          const from = lay.t[Math.min(lay.n - 1, lower(lay.d, v.v0))];
          const to = lay.t[Math.max(0, Math.min(lay.n, lower(lay.d, v.v0 + span)) - 1)];
          const steps = lower(run.steps, to + 1, s => s[0]) - lower(run.steps, from, s => s[0]);
          v.range.textContent = `${fmt(from)} – ${fmt(to)} of ${fmt(lay.t[lay.n - 1])} · ${steps} of ${run.steps.length} steps in view · zoom ${+v.zoom.toPrecision(2)}×`;
        }

        function zoomAt(r, factor, x) {
          const v = view(r), W = width(v), fit = Math.min(1, (W - L) / v.lay.width);
          const at = v.v0 + (x - L) / v.zoom;
          v.zoom = Math.max(fit, Math.min(40, v.zoom * factor));
          v.v0 = at - (x - L) / v.zoom;
          render(r);
        }
        function act(r, what) {
          const v = view(r), W = width(v), span = (W - L) / v.zoom;
          if (what === "in") zoomAt(r, 1.5, L + (W - L) / 2);
          else if (what === "out") zoomAt(r, 1 / 1.5, L + (W - L) / 2);
          else if (what === "fit") { v.zoom = Math.min(3, (W - L) / v.lay.width); v.v0 = 0; render(r); }
          else if (what === "left") { v.v0 -= span * 0.8; render(r); }
          else if (what === "right") { v.v0 += span * 0.8; render(r); }
        }

        /** Shows what `id` (`r0-m3`, a mark, or `r0-s2`, a step) is in the details panel, and brings it into view. */
        function select(id, scroll) {
          const match = /^r(\d+)-([ms])(\d+)$/.exec(id || "");
          if (!match || !D.runs[+match[1]] || !views[+match[1]].box) return false;
          const r = +match[1], j = +match[3], run = D.runs[r], isMark = match[2] === "m";
          const item = isMark ? run.marks[j] : run.steps[j];
          if (!item) return false;
          selected = id;
          const v = views[r];
          v.details.open = true;
          const lay = view(r).lay, W = width(v), span = (W - L) / v.zoom;
          const dd = lay.d[isMark ? lay.markAt[j] : lay.stepAt[j]];
          if (dd < v.v0 || dd > v.v0 + span - 2 * SLOT) v.v0 = dd - span / 2;
          render(r);
          showDetails(r, isMark, j);
          if (scroll) v.section.scrollIntoView({ block: "nearest" });
          return true;
        }
        function showDetails(r, isMark, j) {
          const run = D.runs[r], rows = [];
          const row = (name, value) => { if (value) rows.push(`<dt>${name}</dt><dd>${value}</dd>`); };
          const stepLink = k => `<button class="link" data-select="r${r}-s${k}">${esc(T[run.steps[k][1]])}</button>`;
          let head, cls, text;
          if (isMark) {
            const m = run.marks[j], rule = m[4] >= 0 ? RULES[m[4]] : null;
            head = KIND[m[0]]; cls = KIND_CLASS[m[0]]; text = T[m[3]];
            row("time", esc(fmt(m[1])));
            row("app", esc(m[2] >= 0 ? run.lanes[m[2]] : "—"));
            if (rule) {
              row("rule", `<code>${esc(rule[0])}</code>`);
              row("statement", esc(rule[1]));
              row("source", esc(rule[2]));
              row("evidence", esc(rule[3]));
            }
            if (m[5] >= 0) row("step", stepLink(m[5]));
            const s = m[5] >= 0 ? run.steps[m[5]] : null;
            row("file", `<code>${esc(m[6] ? where(run, m[6], m[7]) : s ? where(run, s[2], s[3]) : run.file)}</code>`);
          } else {
            const s = run.steps[j];
            head = s.length > 4 ? "step failed" : "step"; cls = s.length > 4 ? "fail" : ""; text = T[s[1]];
            row("time", esc(fmt(s[0])));
            if (s.length > 4) row("problem", esc(T[s[4]]));
            row("file", `<code>${esc(s[2] ? where(run, s[2], s[3]) : run.file + " (time passing)")}</code>`);
            const caused = run.marks.map((m, k) => [m, k]).filter(([m]) => m[5] === j);
            if (caused.length) row("caused", caused.map(([m, k]) => `<button class="link" data-select="r${r}-m${k}">${esc(KIND[m[0]] + ": " + T[m[3]])}</button>`).join("<br>"));
          }
          row("scenario", esc(run.title));
          row("device", esc(run.device));
          document.getElementById("details-body").innerHTML =
            `<h2 id="details-kind" class="${cls}">${esc(head)}</h2><p class="text" id="details-text">${esc(text)}</p><dl id="details-fields">${rows.join("")}</dl>`;
          const panel = document.getElementById("details");
          panel.hidden = false;
          panel.dataset.selected = (isMark ? `r${r}-m` : `r${r}-s`) + j;
        }

        function section(r) {
          const run = D.runs[r], el = document.createElement("section");
          el.className = "run " + (run.failed ? "failed" : "passed");
          el.id = "run-" + r;
          const details = document.createElement("details");
          const checks = run.marks ? run.marks.filter(m => m[0] >= 2).length : 0;
          const failures = run.marks ? run.marks.filter(m => m[0] === 3).length + run.steps.filter(s => s.length > 4).length : 0;
          const badge = run.invalid ? "✗ not valid" : run.errors ? "✗ did not run" : run.failed ? `✗ ${failures} failed` : "✓ passed";
          const meta = run.errors ? "" : `${run.platform === run.device ? "" : esc(run.platform) + " · "}${esc(run.device)} · ${run.steps.length} steps, ${checks} checks`;
          details.innerHTML = `<summary><span class="badge">${badge}</span><span class="title">${esc(run.title)}</span>` +
            `<span class="meta"><code>${esc(run.file)}</code> ${meta}</span></summary>`;
          const body = document.createElement("div");
          body.className = "body";
          if (run.errors) {
            body.innerHTML = `<pre class="errors">${esc(run.errors.join("\n"))}</pre>`;
          } else {
            const items = [];
            run.steps.forEach((s, j) => { if (s.length > 4) items.push([s[0], `<li><button data-select="r${r}-s${j}">${esc(where(run, s[2], s[3]) || fmt(s[0]))}: ${esc(T[s[1]])}: ${esc(T[s[4]])}</button></li>`]); });
            run.marks.forEach((m, j) => { if (m[0] === 3) items.push([m[1], `<li><button data-select="r${r}-m${j}">${esc(where(run, m[6], m[7]))}: ${esc(T[m[3]])}</button></li>`]); });
            items.sort((a, b) => a[0] - b[0]);
            const warnings = run.warnings.map(w => `<li class="warning">${esc(w)}</li>`);
            body.innerHTML = (items.length || warnings.length ? `<ul class="problems">${items.map(i => i[1]).join("")}${warnings.join("")}</ul>` : "") +
              `<div class="toolbar"><button data-act="out" title="Zoom out">−</button><button data-act="in" title="Zoom in">+</button>` +
              `<button data-act="fit" title="The whole run">fit</button><button data-act="left" title="Earlier">◀</button>` +
              `<button data-act="right" title="Later">▶</button><span class="range"></span></div><div class="tl" tabindex="0"></div>`;
          }
          details.appendChild(body);
          el.appendChild(details);
          const v = { section: el, details, box: body.querySelector(".tl"), range: body.querySelector(".range") };
          views[r] = v;
          if (v.box) {
            details.addEventListener("toggle", () => { if (details.open) render(r); });
            body.querySelector(".toolbar").addEventListener("click", e => { const b = e.target.closest("button"); if (b) act(r, b.dataset.act); });
            wire(r, v);
          }
          return el;
        }

        /** Drag to pan, Ctrl+wheel to zoom, Shift+wheel to pan, a click (no drag) selects; keys + − ← →. */
        function wire(r, v) {
          let drag = null;
          v.box.addEventListener("pointerdown", e => {
            drag = { x: e.clientX, v0: view(r).v0, moved: false, target: e.target };
            try { v.box.setPointerCapture(e.pointerId); } catch (error) { /* a pointer the browser does not track */ }
          });
          v.box.addEventListener("pointermove", e => {
            if (!drag) return;
            const dx = e.clientX - drag.x;
            if (Math.abs(dx) > 3) { drag.moved = true; v.box.classList.add("dragging"); }
            if (drag.moved) { v.v0 = drag.v0 - dx / v.zoom; render(r); }
          });
          v.box.addEventListener("pointerup", () => {
            if (drag && !drag.moved) {
              const hit = drag.target.closest && drag.target.closest("[data-id]");
              if (hit) { select(hit.dataset.id, false); history.replaceState(null, "", "#select=" + hit.dataset.id); }
            }
            drag = null;
            v.box.classList.remove("dragging");
          });
          v.box.addEventListener("wheel", e => {
            const pan = e.shiftKey || Math.abs(e.deltaX) > Math.abs(e.deltaY);
            if (!(e.ctrlKey || e.metaKey || e.altKey) && !pan) return;
            e.preventDefault();
            if (pan) { v.v0 += (e.deltaX || e.deltaY) / v.zoom; render(r); }
            else zoomAt(r, Math.exp(-e.deltaY * 0.002), e.clientX - v.box.getBoundingClientRect().left);
          }, { passive: false });
          v.box.addEventListener("keydown", e => {
            const what = { "+": "in", "=": "in", "-": "out", ArrowLeft: "left", ArrowRight: "right", "0": "fit" }[e.key];
            if (what) { e.preventDefault(); act(r, what); }
          });
        }

        function applyFilters() {
          const failuresOnly = document.getElementById("failures-only").checked;
          D.runs.forEach((run, r) => {
            const shown = (!appFilter || (run.lanes || []).some(inFilter)) && (!failuresOnly || run.failed);
            views[r].section.hidden = !shown;
            if (shown && views[r].box && views[r].details.open) render(r);
          });
        }
        function applyFragment() {
          const params = new URLSearchParams(location.hash.slice(1));
          // An app no run has is left out: the filter stays as it was rather than hide every run.
          if (params.has("app") && lanes.has(params.get("app"))) {
            appFilter = params.get("app");
            document.getElementById("app").value = appFilter;
            applyFilters();
          }
          if (params.has("fit")) D.runs.forEach((run, r) => { if (views[r].box && views[r].details.open) act(r, "fit"); });
          if (params.has("select")) select(params.get("select"), true);
        }

        const main = document.getElementById("runs");
        const lanes = new Set();
        D.runs.forEach((run, r) => { main.appendChild(section(r)); (run.lanes || []).forEach(l => lanes.add(appOf(l))); });
        const appSelect = document.getElementById("app");
        for (const name of [...lanes].sort()) appSelect.add(new Option(name, name));
        appSelect.addEventListener("change", () => { appFilter = appSelect.value; applyFilters(); });
        document.getElementById("failures-only").addEventListener("change", applyFilters);
        document.addEventListener("click", e => {
          const b = e.target.closest && e.target.closest("[data-select]");
          if (b) { e.preventDefault(); select(b.dataset.select, false); history.replaceState(null, "", "#select=" + b.dataset.select); }
        });
        document.getElementById("details-close").addEventListener("click", () => {
          document.getElementById("details").hidden = true;
          const r = selected ? +selected.slice(1, selected.indexOf("-")) : -1;
          selected = null;
          if (r >= 0) render(r);
        });
        // Every run is open when there are few; otherwise the failures are, and a passed run draws when opened.
        const openAll = D.runs.length <= 12;
        D.runs.forEach((run, r) => {
          if (run.failed || openAll) views[r].details.open = true;
          if (views[r].details.open && views[r].box) render(r);
        });
        window.addEventListener("hashchange", applyFragment);
        let resizing = 0;
        window.addEventListener("resize", () => {
          cancelAnimationFrame(resizing);
          resizing = requestAnimationFrame(() => D.runs.forEach((run, r) => { if (views[r].box && views[r].details.open && !views[r].section.hidden) render(r); }));
        });
        applyFragment();
        const drawn = performance.now();
        document.documentElement.dataset.renderMs = drawn.toFixed(1);
        document.getElementById("timing").textContent = `${D.runs.length} run${D.runs.length === 1 ? "" : "s"} drawn in ${Math.round(drawn)} ms`;

        """#
}
