/** The report's stylesheet, inlined so `report.html` is one self-contained file. */
export const STYLES = `
:root {
  --ink: #0f172a; --muted: #64748b; --line: #e2e8f0; --paper: #f8fafc; --card: #ffffff;
  --pass: #15803d; --pass-bg: #dcfce7; --fail: #b91c1c; --fail-bg: #fee2e2; --warn: #92400e; --warn-bg: #fef3c7;
  --sent: #2563eb; --window: #dc2626; --threshold: #d97706; --summary: #7c3aed; --reinject: #0d9488; --trim: #64748b;
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--paper); color: var(--ink);
  font: 14px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
main { max-width: 1280px; margin: 0 auto; padding: 28px 24px 64px; }
h1 { font-size: 22px; margin: 0; letter-spacing: -0.01em; }
h2 { font-size: 17px; margin: 0; }
a { color: inherit; }
code, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12.5px; }
.header { display: flex; align-items: center; justify-content: space-between; gap: 16px; margin-bottom: 20px; }
.subtitle { color: var(--muted); margin-top: 2px; }
.pill { display: inline-block; padding: 2px 10px; border-radius: 999px; font-weight: 600; font-size: 12.5px; white-space: nowrap; }
.pill.pass { background: var(--pass-bg); color: var(--pass); }
.pill.fail { background: var(--fail-bg); color: var(--fail); }
.pill.accepted { background: var(--warn-bg); color: var(--warn); }
.big-verdict { font-size: 15px; padding: 6px 16px; }
.cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(130px, 1fr)); gap: 12px; margin-bottom: 24px; }
.card { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 12px 14px; }
.card .value { font-size: 22px; font-weight: 650; font-variant-numeric: tabular-nums; }
.card .label { color: var(--muted); font-size: 12px; text-transform: uppercase; letter-spacing: 0.04em; }
.card.bad .value { color: var(--fail); }
.panel { background: var(--card); border: 1px solid var(--line); border-radius: 12px; overflow-x: auto; margin-bottom: 28px; }
table.overview th, table.overview td { padding: 7px 6px; }
table { width: 100%; border-collapse: collapse; font-variant-numeric: tabular-nums; font-size: 13px; }
th, td { padding: 7px 8px; border-bottom: 1px solid var(--line); text-align: right; white-space: nowrap; }
td.name { white-space: normal; min-width: 140px; }
td.detail-col, th.detail-col { color: var(--muted); }
td.strategy { text-align: left; color: var(--muted); }
th { background: #f1f5f9; color: var(--muted); font-weight: 600; font-size: 12px; }
th:first-child, td:first-child, th:last-child, td:last-child { text-align: left; }
tbody tr:last-child td { border-bottom: none; }
tbody tr:hover { background: #f8fafc; }
td.bad { color: var(--fail); font-weight: 600; }
td.warn { color: var(--warn); font-weight: 600; }
.table-note { color: var(--muted); font-size: 12px; padding: 6px 10px; }
.peak { display: inline-flex; align-items: center; gap: 8px; justify-content: flex-end; }
.meter { width: 44px; height: 6px; border-radius: 3px; background: var(--line); overflow: hidden; }
.meter > span { display: block; height: 100%; background: var(--sent); }
.meter.over > span { background: var(--window); }
.scenario { background: var(--card); border: 1px solid var(--line); border-radius: 12px; padding: 18px 20px; margin-bottom: 20px; }
.scenario.failed { border-left: 4px solid var(--fail); }
.scenario.passed { border-left: 4px solid var(--pass); }
.scenario-head { display: flex; align-items: baseline; justify-content: space-between; gap: 12px; }
.meta { color: var(--muted); margin: 4px 0 10px; display: flex; flex-wrap: wrap; gap: 4px 16px; }
.meta b { color: var(--ink); font-weight: 600; }
.description { margin: 0 0 10px; max-width: 100ch; white-space: pre-line; }
.failures { background: var(--fail-bg); color: var(--fail); border-radius: 8px; padding: 8px 12px 8px 28px; margin: 8px 0 12px; }
.failures li { margin: 2px 0; }
.failures b { font-weight: 650; }
ul.accepted { background: var(--warn-bg); color: var(--warn); border-radius: 8px; padding: 8px 12px 8px 28px; margin: 8px 0 12px; }
.accepted .detail, .reproduced .detail { font-size: 12px; opacity: .85; }
ul.reproduced { background: #ede9fe; color: #5b21b6; border-radius: 8px; padding: 8px 12px 8px 28px; margin: 8px 0 12px; }
.infeasible { color: var(--muted, #64748b); font-size: 13px; padding-left: 28px; margin: 4px 0 12px; }
ul.replay { font-size: 13px; padding-left: 28px; margin: 4px 0 12px; }
.stats { display: flex; flex-wrap: wrap; gap: 6px 18px; color: var(--muted); margin-bottom: 6px; font-variant-numeric: tabular-nums; }
.stats b { color: var(--ink); }
.legend { display: flex; flex-wrap: wrap; gap: 4px 18px; color: var(--muted); font-size: 12.5px; margin: 6px 0 2px; }
.legend i { display: inline-block; width: 18px; height: 0; vertical-align: middle; margin-right: 6px; border-top: 2px solid; }
.legend .k-sent { border-color: var(--sent); }
.legend .k-window { border-color: var(--window); border-top-style: dashed; }
.legend .k-threshold { border-color: var(--threshold); border-top-style: dashed; }
.legend .k-summary { width: 0; height: 0; border-top: 7px solid var(--summary); border-left: 4px solid transparent; border-right: 4px solid transparent; }
.legend .k-trim { width: 8px; height: 8px; border: none; background: var(--trim); }
.legend .k-reinject { width: 9px; height: 9px; border: none; background: var(--reinject); transform: rotate(45deg); }
.legend .k-overflow { width: 12px; height: 12px; border: none; background: rgba(220, 38, 38, 0.18); }
.empty { color: var(--muted); font-style: italic; padding: 24px 0; }
.real-summarizer { margin-top: 6px; padding: 4px 10px; border-radius: 8px; background: #fef3c7; color: #92400e; font-weight: 600; }
h3 { font-size: 14px; margin: 16px 0 6px; }
.summaries { margin: 0; padding-left: 22px; }
.summaries li { margin: 6px 0; }
.summaries li.failed { color: var(--fail); }
.summary-label { color: var(--muted); font-size: 12px; }
.summaries pre { margin: 2px 0 0; white-space: pre-wrap; overflow-wrap: anywhere; font: inherit; }
svg.step-chart { width: 100%; height: auto; display: block; }
svg.fact-timeline { width: 100%; height: auto; display: block; }
.grid-line { stroke: var(--line); stroke-width: 1; }
.axis-line { stroke: #cbd5e1; stroke-width: 1; }
.tick-label { fill: var(--muted); font-size: 11px; }
.axis-title { fill: var(--muted); font-size: 11px; font-weight: 600; }
.sent-area { fill: rgba(37, 99, 235, 0.10); }
.sent-line { fill: none; stroke: var(--sent); stroke-width: 2; stroke-linejoin: round; }
.window-line { fill: none; stroke: var(--window); stroke-width: 1.5; stroke-dasharray: 6 4; }
.threshold-line { fill: none; stroke: var(--threshold); stroke-width: 1.5; stroke-dasharray: 6 4; }
.level-label { font-size: 11px; font-weight: 600; }
.window-line-label { fill: var(--window); }
.threshold-line-label { fill: var(--threshold); }
.overflow-bands { opacity: 0.14; }
.overflow-band { fill: rgb(220, 38, 38); }
.overflow-point { fill: var(--window); stroke: #fff; stroke-width: 1.5; }
.summarization-guide { stroke: var(--summary); stroke-opacity: 0.18; stroke-width: 1; }
.summarization-drop { stroke: var(--summary); stroke-width: 2.5; stroke-linecap: round; }
.summarization-unsent { stroke: var(--summary); stroke-opacity: 0.45; stroke-width: 1.5; stroke-dasharray: 2 3; }
.summarization-arrow { fill: var(--summary); }
.summarization-before { fill: #fff; stroke: var(--summary); stroke-width: 1.5; stroke-opacity: 0.6; }
.summarization-flag { fill: var(--summary); }
.summarization-clipped { fill: var(--summary); font-size: 10px; font-weight: 600; }
.reinjection-marker { fill: var(--reinject); stroke: #fff; stroke-width: 1; }
.trim-marker { fill: var(--trim); stroke: #fff; stroke-width: 1; }
.reinjection-marker.dense, .trim-marker.dense, .overflow-point.dense { stroke: none; }
footer { color: var(--muted); font-size: 12px; text-align: center; margin-top: 32px; }
`;
