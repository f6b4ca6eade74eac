import { html } from 'hono/html';
import type { AccountRegistry } from '../accounts/registry.js';
import { WORLD_SIZES } from '../world/sizes.js';
import { accountPath, type Html } from './layout.js';

// The console's front page: every account, with reset and delete, and a form to create one.

export function accountsPage(registry: AccountRegistry, scenarios: readonly { name: string; description: string }[]) {
  const accounts = registry.list();
  const rows = accounts.map((a) => {
    const { seed, size, scenario } = a.settings;
    const api = `/__admin/accounts/${encodeURIComponent(a.name)}`;
    return html`<tr>
<td><a href="${accountPath(a, 'requests')}">${a.name}</a></td>
<td class="num">${seed}</td><td>${size}</td><td>${scenario ?? ''}</td>
<td><a href="${accountPath(a, 'diary')}">Diary</a> · <a href="${accountPath(a, 'sales')}">Sales</a>
· <a href="${accountPath(a, 'clock')}">Clock</a></td>
<td class="row">
<button type="button" class="secondary" data-api="${api}/reset" data-confirm="Reset account ${a.name}?"
aria-label="Reset ${a.name}">Reset</button>
<button type="button" class="danger" data-api="${api}" data-method="DELETE" data-confirm="Delete account ${a.name}?"
aria-label="Delete ${a.name}">Delete</button>
</td></tr>`;
  });
  const body: Html = html`<section class="card" aria-labelledby="list-title">
<h2 id="list-title">${accounts.length} account${accounts.length === 1 ? '' : 's'}</h2>
<div class="scroll"><table>
<thead><tr><th>Name</th><th class="num">Seed</th><th>Size</th><th>Scenario</th><th>Pages</th><th>Actions</th>
</tr></thead>
<tbody>${rows}</tbody>
</table></div>
${accounts.length === 0 ? html`<p class="muted">No account yet: create one, or call the API once.</p>` : ''}
</section>
<section class="card" aria-labelledby="create-title">
<h2 id="create-title">Create an account</h2>
<form class="inline" data-api="/__admin/accounts" data-then="reload">
<label>Name <input name="name" required pattern="[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?" placeholder="acme"></label>
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
