//! The page's inline CSS: the matrix's sticky header and test column, a colour per verdict,
//! the time bars, the layout for a phone and for print.

/// The page's style sheet, inlined in its `<style>`.
pub(super) const STYLE: &str = r#":root { --ac: #d7f0dc; --wa: #f8d3d0; --pe: #fde3c4; --tle: #e1d8f4; --re: #f4ecc0; --fail: #333; --ink: #1a1a1a; --line: #c9c9c9; }
* { box-sizing: border-box; }
body { font: 15px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); margin: 0; padding: 0 12px 40px; }
header { display: flex; flex-wrap: wrap; align-items: baseline; gap: 2px 14px; }
h1 { font-size: 1.2em; margin: 8px 0 2px; } h2 { font-size: 1.1em; margin: 10px 0 4px; border-bottom: 2px solid var(--ink); } h2 small { font-weight: normal; font-size: .8em; color: #555; } h3 { font-size: 1.05em; margin: 20px 0 6px; }
.note, .hint { color: #555; margin: 0; font-size: .85em; }
.note.warning { color: #a00; font-weight: bold; }
nav a { margin-right: 10px; }
.legend { margin: 0; }
.legend span { display: inline-block; padding: 0 5px; margin: 1px; border-radius: 3px; font-size: .8em; }
.controls { margin: 2px 0 4px; font-size: .9em; }
.controls button { font: inherit; padding: 0 6px; }
.scroll { overflow: auto; -webkit-overflow-scrolling: touch; border: 1px solid var(--line); max-width: 100%; }
.problem > .scroll { max-height: calc(100vh - 12px); }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
th, td { border: 1px solid var(--line); padding: 2px 4px; white-space: nowrap; }
table.matrix { font-size: 12px; border-collapse: separate; border-spacing: 0; }
table.matrix th, table.matrix td { border-width: 0 1px 1px 0; }
table.matrix thead th { position: sticky; top: 0; z-index: 2; background: #fff; vertical-align: bottom; border-bottom: 2px solid var(--ink); }
table.matrix th.test { position: sticky; left: 0; z-index: 1; background: #fff; text-align: left; max-width: 15em; overflow: hidden; text-overflow: ellipsis; font-weight: normal; }
table.matrix thead th.corner { left: 0; z-index: 3; text-align: left; }
table.matrix th.sol { max-width: 7.5em; white-space: normal; overflow-wrap: normal; font-weight: normal; text-align: left; line-height: 1.15; }
table.matrix th.sol .w { white-space: nowrap; }
table.matrix th.sol .n, table.matrix th.test .n { font-weight: bold; }
table.matrix th.sol small { display: block; color: #666; font-size: 10px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
table.matrix th.sol[data-outcome="failed"] .n { color: #b71c1c; }
tr.summary th.test { background: #eee; white-space: normal; }
tr.summary th.test small { display: block; }
tr.summary th button { all: unset; cursor: pointer; font-weight: bold; }
tr.summary th button::before { content: "\25B8  "; }
tbody:not(.collapsed) tr.summary th button::before { content: "\25BE  "; }
tr.summary th button small { font-weight: normal; color: #555; }
tbody.collapsed tr.test { display: none; }
table.failing-only tr.test:not([data-fails]), table.failing-only tbody[data-failing="0"] { display: none; }
td.cell, td.worst, td.slowest { min-width: 4.2em; text-align: right; vertical-align: top; }
td.worst { font-weight: bold; }
td.cell a, td.first a { color: inherit; }
.bar { display: block; height: 3px; background: rgba(0,0,0,.08); margin-top: 1px; }
.bar i { display: block; height: 3px; background: #555; }
.v-AC { background: var(--ac); } .v-WA { background: var(--wa); } .v-PE { background: var(--pe); }
.v-TLE { background: var(--tle); } .v-MLE, .v-RE { background: var(--re); } .v-FAIL { background: var(--fail); color: #fff; }
tfoot th.test { font-weight: bold; }
td.first { text-align: center; } td.first.ok { color: #1b5e20; } td.first.failed { color: #b71c1c; font-weight: bold; }
td.unbuilt { color: #b71c1c; max-width: 6.5em; overflow: hidden; text-overflow: ellipsis; }
table.worth td { white-space: normal; }
ul.advice { padding-left: 1.2em; } .warn { color: #b71c1c; }
p.drop { background: #fff9e0; padding: 4px 6px; }
figure.histogram { margin: 0; max-width: 700px; } figure.histogram svg { width: 100%; height: auto; }
svg .axis { stroke: #444; } svg .label { font-size: 11px; fill: #333; } svg rect.some { fill: #4a78b5; } svg rect.none { fill: #b5654a; }
.failure { border-left: 4px solid var(--line); margin: 10px 0; padding: 0 8px; background: none; }
.failure.v-WA { border-color: #d9534f; } .failure.v-TLE { border-color: #7e57c2; } .failure.v-PE { border-color: #f0ad4e; }
.failure:target { outline: 3px solid #4a78b5; }
.failure h4 { margin: 6px 0; font-size: .95em; word-break: break-all; }
.failure pre { overflow-x: auto; max-height: 24em; background: #f6f6f6; padding: 6px; font-size: 12px; margin: 4px 0; }
ul.caught li, .failure h4, p { overflow-wrap: anywhere; }
@media (max-width: 600px) { body { font-size: 14px; padding: 0 4px 30px; } .controls .hint, .note:not(.warning) { display: none; } table.matrix { font-size: 11px; } table.matrix th.test { max-width: 8.5em; } table.matrix th.sol { max-width: 5em; } td.cell, td.worst, td.slowest { min-width: 3.6em; } }
@media print {
  body { padding: 0; font-size: 10pt; }
  * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  nav, .hint, .controls { display: none; }
  .scroll, .problem > .scroll { overflow: visible; border: none; max-height: none; }
  table.matrix { font-size: 6.5pt; }
  table.matrix thead th, table.matrix th.test { position: static; }
  tbody.collapsed tr.test { display: table-row; }
  section.problem { break-before: page; }
  section.problem:first-child { break-before: auto; }
  .failure { break-inside: avoid; } .failure pre { max-height: none; overflow: visible; white-space: pre-wrap; }
  .failure > a { display: none; }
  a { color: inherit; text-decoration: none; }
}
"#;
