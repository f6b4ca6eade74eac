import { html } from 'hono/html';
import type { Account } from '../accounts/account.js';
import { DAY, HOUR, MINUTE, utcText } from '../datetime.js';
import { lastApplied, type ScenarioChanges } from '../scenarios/apply.js';
import type { Html } from './layout.js';

// The account clock (advance by a preset, to a date, or set), the scenario to apply, and the
// fault rules. Every action is a control-plane call sent by the client script.

const PRESETS: [string, number][] = [
  ['+15 minutes', 15 * MINUTE],
  ['+1 hour', HOUR],
  ['+1 day', DAY],
  ['+1 week', 7 * DAY],
];

const FAULT_EXAMPLE = '{"method": "GET", "path": "/api/v2/clients/**", "status": 503, "times": 3}';

export function clockPage(account: Account, scenarios: readonly { name: string; description: string }[]): Html {
  const api = `/__admin/accounts/${encodeURIComponent(account.name)}`;
  const now = account.clock.now();
  const local = new Date(now).toISOString().slice(0, 16);
  const rules = account.faults.list();
  const { scenario } = account.settings;
  return html`<section class="card" aria-labelledby="clock-title">
<h2 id="clock-title">Clock: <time id="clock-now" datetime="${new Date(now).toISOString()}">${utcText(now)}</time>
UTC</h2>
<div class="row" role="group" aria-label="Advance the clock">
${PRESETS.map(
  ([label, ms]) =>
    html`<button type="button" class="secondary" data-api="${api}/clock" data-body='{"advanceSeconds":${ms / 1000}}'
>${label}</button>`,
)}
</div>
<form class="inline" data-api="${api}/clock">
<label>Advance to (UTC) <input type="datetime-local" name="now" min="${local}" required></label>
<button>Advance</button><output></output>
</form>
<form class="inline" data-api="${api}/clock">
<label>Set to (UTC, earlier too) <input type="datetime-local" name="now" value="${local}" required></label>
<button>Set</button><output></output>
</form>
</section>
<section class="card" aria-labelledby="scenario-title">
<h2 id="scenario-title">Scenario${scenario ? html`: <code>${scenario}</code>` : ''}</h2>
${appliedText(account)}
<form class="inline" data-api="${api}/scenario" data-confirm="Apply this scenario? The account's data is replaced.">
<label>Scenario <select name="scenario" required>
${scenarios.map((s) => html`<option value="${s.name}">${s.name}</option>`)}</select></label>
<button>Apply</button><output></output>
</form>
<details><summary>What each scenario sets up</summary><dl>
${scenarios.map((s) => html`<dt>${s.name}</dt><dd>${s.description}</dd>`)}
</dl></details>
</section>
<section class="card" aria-labelledby="faults-title">
<h2 id="faults-title">Fault rules (${rules.length})</h2>
<div class="scroll"><table>
<thead><tr><th>Id</th><th>Method</th><th>Path</th><th>Rule</th><th class="num">Hits</th><th></th></tr></thead>
<tbody>${rules.map((r) => {
    const { id, method, path, hits, remaining: _r, ...rest } = r;
    return html`<tr><td><code>${id}</code></td><td>${method}</td><td><code>${path}</code></td>
<td><code>${JSON.stringify(rest)}</code></td><td class="num">${hits}</td>
<td><button type="button" class="danger" data-api="${api}/faults/${encodeURIComponent(id)}" data-method="DELETE"
aria-label="Remove fault rule ${id}">Remove</button></td></tr>`;
  })}</tbody>
</table></div>
${
  rules.length > 0
    ? html`<p><button type="button" class="danger" data-api="${api}/faults" data-method="DELETE"
>Remove all</button></p>`
    : ''
}
<form data-api="${api}/faults">
<label>New rule (JSON, as POST /__admin/accounts/&lt;name&gt;/faults takes it)
<textarea id="fault-rule" data-type="json" data-whole="true" placeholder="${FAULT_EXAMPLE}" required></textarea></label>
<p><button>Add rule</button></p><output></output>
</form>
</section>`;
}

/** The scenario last applied to the account (since the simulator started), when, and what it changed. */
function appliedText(account: Account): Html | string {
  const last = lastApplied(account);
  if (!last) return '';
  const { clock, size, seed, records } = last.changes;
  return html`<p id="scenario-applied">Last applied: <code>${last.scenario}</code> at
<time datetime="${new Date(last.at).toISOString()}">${utcText(last.at)}</time> UTC (real time).
Clock ${utcText(clock.before)} → ${utcText(clock.after)} UTC; size ${size.before} → ${size.after}${
    seed ? `; seed ${seed.before} → ${seed.after}` : ''
  }; records: ${recordsText(records)}.</p>`;
}

function recordsText(records: ScenarioChanges['records']): string {
  const tables = Object.entries(records).map(([table, n]) => {
    const parts = [
      n.added > 0 ? `${n.added} added` : '',
      n.replaced > 0 ? `${n.replaced} changed` : '',
      n.removed > 0 ? `${n.removed} removed` : '',
    ].filter(Boolean);
    return `${table} ${parts.join(', ')}`;
  });
  return tables.length > 0 ? tables.join('; ') : 'as seeded';
}
