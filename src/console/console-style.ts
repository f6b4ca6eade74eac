// The console's one stylesheet, served from /__admin/console/assets/console.css (a string, so the build copies it).

export const CONSOLE_CSS = `
*, *::before, *::after { box-sizing: border-box; }
body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1d232b;
  background: #f6f7f9; }
a { color: #0b57d0; }
a:focus-visible, button:focus-visible, input:focus-visible, select:focus-visible, textarea:focus-visible,
tr:focus-visible { outline: 3px solid #f2a900; outline-offset: 2px; }
.skip { position: absolute; left: -999px; top: 0; background: #fff; padding: .5rem; z-index: 10; }
.skip:focus { left: .5rem; }
header.top { background: #1d2b3a; color: #fff; padding: .5rem 1rem; display: flex; flex-wrap: wrap; gap: .5rem 1rem;
  align-items: center; }
header.top a { color: #fff; }
header.top .brand { font-weight: 600; text-decoration: none; }
header.top .clock { margin-left: auto; font-variant-numeric: tabular-nums; }
nav.account { background: #fff; border-bottom: 1px solid #d6dae0; padding: 0 1rem; overflow-x: auto; display: flex;
  flex-wrap: wrap; align-items: center; gap: 0 1rem; }
nav.account .snapshot { display: flex; flex-wrap: wrap; align-items: center; gap: .25rem 1rem; margin-left: auto;
  font-size: .85rem; padding: .3rem 0; }
nav.account .snapshot a { padding: 0; border: 0; }
nav.account .snapshot label { position: relative; display: inline; font-size: inherit; color: #0b57d0;
  cursor: pointer; }
nav.account .snapshot label:focus-within { outline: 3px solid #f2a900; outline-offset: 2px; }
nav.account .snapshot input[type="file"] { position: absolute; width: 1px; height: 1px; padding: 0; border: 0;
  opacity: 0; overflow: hidden; clip-path: inset(50%); }
nav.account ul { display: flex; gap: .25rem; list-style: none; margin: 0; padding: 0; white-space: nowrap; }
nav.account a { display: block; padding: .6rem .6rem; text-decoration: none; border-bottom: 3px solid transparent; }
nav.account a[aria-current="page"] { border-bottom-color: #0b57d0; font-weight: 600; }
main { max-width: 1240px; margin: 0 auto; padding: 1rem; }
h1 { font-size: 1.4rem; margin: .25rem 0 1rem; }
h2 { font-size: 1.1rem; margin: 1.5rem 0 .5rem; }
section.card { background: #fff; border: 1px solid #d6dae0; border-radius: 6px; padding: .75rem 1rem;
  margin-bottom: 1rem; }
section.card > h2:first-child { margin-top: .25rem; }
section.card > * + form, section.card > form + * { margin-top: .75rem; }
.scroll { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; background: #fff; }
th, td { text-align: left; padding: .35rem .5rem; border-bottom: 1px solid #e3e6ea; vertical-align: top; }
th { font-weight: 600; background: #eef1f4; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
form.inline, .row { display: flex; flex-wrap: wrap; gap: .5rem .75rem; align-items: end; }
label { display: flex; flex-direction: column; gap: .15rem; font-size: .85rem; color: #48525e; }
label.check { flex-direction: row; align-items: center; gap: .35rem; }
input, select, textarea, button { font: inherit; }
input, select, textarea { padding: .35rem .45rem; border: 1px solid #aeb6bf; border-radius: 4px; background: #fff;
  min-width: 0; max-width: 100%; }
label, form.inline > * { max-width: 100%; }
td code { overflow-wrap: anywhere; }
textarea { width: 100%; min-height: 5rem; font-family: ui-monospace, monospace; font-size: .85rem; }
button { padding: .4rem .8rem; border: 1px solid #0b57d0; border-radius: 4px; background: #0b57d0; color: #fff;
  cursor: pointer; }
button.secondary { background: #fff; color: #0b57d0; }
button.danger { background: #fff; color: #b3261e; border-color: #b3261e; }
output { display: block; margin-top: .5rem; }
output.error, ul.error { color: #b3261e; }
output dl, dialog dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; margin: 0; }
dt { font-weight: 600; }
dd { margin: 0; overflow-wrap: anywhere; }
pre { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; font-size: .85rem; }
code { font-family: ui-monospace, monospace; font-size: .9em; }
.muted { color: #5f6b77; }
.badge { display: inline-block; padding: 0 .4rem; border-radius: 3px; background: #e3e6ea; font-size: .85em; }
.s2 { background: #d3f0dc; } .s3 { background: #dde6ff; } .s4 { background: #ffe6c2; } .s5 { background: #ffd1cc; }
.paid-Paid { background: #d3f0dc; } .paid-PartPaid { background: #ffe6c2; } .paid-Unpaid { background: #ffd1cc; }
#journal tbody tr { cursor: pointer; }
#journal tbody tr:hover { background: #f2f6ff; }
.live { font-size: .85rem; }
.live[data-state="live"]::before { content: "● "; color: #1e8e3e; }
dialog { max-width: min(56rem, 94vw); width: 100%; border: 1px solid #aeb6bf; border-radius: 6px; }
dialog::backdrop { background: rgb(0 0 0 / .35); }
.legend { display: flex; flex-wrap: wrap; gap: .35rem; list-style: none; padding: 0; margin: .5rem 0; }
.legend li { padding: .1rem .45rem; border-radius: 3px; font-size: .8rem; }
.diary { display: grid; grid-template-columns: 3.2rem repeat(var(--cols), minmax(8.5rem, 1fr)); overflow-x: auto;
  background: #fff; border: 1px solid #d6dae0; border-radius: 6px; position: relative; }
.diary .head { position: sticky; top: 0; background: #eef1f4; padding: .35rem; font-weight: 600; font-size: .85rem;
  border-bottom: 1px solid #d6dae0; border-left: 1px solid #e3e6ea; }
.diary .gutter, .diary .col { position: relative; height: calc(var(--hours) * 3.2rem); }
.diary .gutter span { position: absolute; right: .3rem; font-size: .75rem; color: #5f6b77;
  transform: translateY(-50%); }
.diary .col { border-left: 1px solid #e3e6ea;
  background: repeating-linear-gradient(#fff 0 calc(3.2rem - 1px), #edf0f3 calc(3.2rem - 1px) 3.2rem); }
.diary .block { position: absolute; overflow: hidden; border-radius: 4px; padding: .1rem .3rem;
  font-size: .75rem; line-height: 1.2; text-decoration: none; color: #1d232b; border-left: 4px solid rgb(0 0 0 / .25); }
.diary .block.short { white-space: nowrap; text-overflow: ellipsis; }
.diary .block:focus-visible { z-index: 3; }
.diary .now { position: absolute; left: 0; right: 0; border-top: 2px solid #d93025; z-index: 2; pointer-events: none; }
.st-booked { background: #cfe3ff; } .st-confirmed { background: #b9e6c9; } .st-arrived { background: #fff0a8; }
.st-in-progress { background: #ffd3a8; } .st-completed { background: #dadde1; } .st-no-show { background: #f8bcb8; }
.st-cancelled, .diary .block.st-cancelled { background: #f1f1f1; text-decoration: line-through; color: #5f6b77; }
.timetable { display: grid; grid-template-columns: repeat(7, minmax(9rem, 1fr)); gap: .5rem; overflow-x: auto; }
.timetable .day h3 { font-size: .9rem; margin: 0 0 .35rem; }
.timetable .class { background: #fff; border: 1px solid #d6dae0; border-radius: 5px; padding: .35rem .45rem;
  margin-bottom: .4rem; font-size: .85rem; }
meter { width: 100%; }
svg.chart { width: 100%; height: auto; max-width: 56rem; }
svg.chart text { font: 12px system-ui, sans-serif; fill: #1d232b; }
svg.chart rect { fill: #0b57d0; }
@media (max-width: 700px) {
  main { padding: .6rem; }
  header.top .clock { margin-left: 0; width: 100%; }
  .timetable { grid-template-columns: 1fr; }
  .diary { grid-template-columns: 2.6rem repeat(var(--cols), minmax(7rem, 1fr)); }
  th, td { padding: .3rem .35rem; }
}
`;
