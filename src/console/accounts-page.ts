import { html } from 'hono/html';
import type { AccountRegistry } from '../accounts/registry.js';
import { summaryOf } from '../admin/account-snapshot.js';
import type { FleetListing } from '../admin/fleet.js';
import { WORLD_SIZES } from '../world/sizes.js';
import { accountPath, type Html } from './layout.js';

// The console's front page: every account, with reset and delete, and a form to create one. With peers
// (`--peers`) it lists every node's accounts, each with its node, and each peer that did not answer: its
// links and buttons name the account in their paths, so a proxy routing by account name sends them to
// the node that holds it.

interface Row {
  name: string;
  seed: number;
  size: string;
  scenario: string | null;
  node?: string;
}

export function accountsPage(
  registry: AccountRegistry,
  scenarios: readonly { name: string; description: string }[],
  fleet?: FleetListing,
) {
  const accounts: Row[] = fleet?.accounts ?? registry.list().map(summaryOf);
  const withNodes = fleet !== undefined;
  const rows = accounts.map((a) => {
    const api = `/__admin/accounts/${encodeURIComponent(a.name)}`;
    return html`<tr>
<td><a href="${accountPath(a.name, 'requests')}">${a.name}</a></td>
${withNodes ? html`<td>${a.node}</td>` : ''}
<td class="num">${a.seed}</td><td>${a.size}</td><td>${a.scenario ?? ''}</td>
<td><a href="${accountPath(a.name, 'diary')}">Diary</a> · <a href="${accountPath(a.name, 'sales')}">Sales</a>
· <a href="${accountPath(a.name, 'clock')}">Clock</a></td>
<td class="row">
<button type="button" class="secondary" data-api="${api}/reset" data-confirm="Reset account ${a.name}?"
aria-label="Reset ${a.name}">Reset</button>
<button type="button" class="danger" data-api="${api}" data-method="DELETE" data-confirm="Delete account ${a.name}?"
aria-label="Delete ${a.name}">Delete</button>
</td></tr>`;
  });
  const silent = fleet?.nodes.filter((n) => !n.answered) ?? [];
  const nodes = fleet?.nodes.length ?? 1;
  const body: Html = html`<section class="card" aria-labelledby="list-title">
<h2 id="list-title">${accounts.length} account${accounts.length === 1 ? '' : 's'}${
    withNodes ? ` on ${nodes - silent.length} node${nodes - silent.length === 1 ? '' : 's'}` : ''
  }</h2>
${
  silent.length > 0
    ? html`<ul id="silent-nodes" class="error">${silent.map(
        (n) => html`<li>Node ${n.url} is not listed: ${'error' in n ? n.error : ''}.</li>`,
      )}</ul>`
    : ''
}
<div class="scroll"><table>
<thead><tr><th>Name</th>${withNodes ? html`<th>Node</th>` : ''}<th class="num">Seed</th><th>Size</th><th>Scenario</th>
<th>Pages</th><th>Actions</th></tr></thead>
<tbody>${rows}</tbody>
</table></div>
${accounts.length === 0 ? html`<p class="muted">No account yet: create one, or call the API once.</p>` : ''}
</section>
<section class="card" aria-labelledby="create-title">
<h2 id="create-title">Create an account</h2>
<form class="inline" data-api="/__admin/accounts/{name}" data-method="PUT" data-then="reload">
<label>Name <input name="name" required pattern="[a-z0-9]([a-z0-9\\-]{0,61}[a-z0-9])?" placeholder="acme"></label>
<label>Seed <input name="seed" type="number" min="0" step="1" placeholder="42"></label>
<label>Size <select name="size"><option value="">default</option>
${WORLD_SIZES.map((s) => html`<option>${s}</option>`)}</select></label>
<label>Scenario <select name="scenario"><option value="">none</option>
${scenarios.map((s) => html`<option value="${s.name}" title="${s.description}">${s.name}</option>`)}</select></label>
<button>Create</button>
<output></output>
</form>
</section>`;
  return body;
}
