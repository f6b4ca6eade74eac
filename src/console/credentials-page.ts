import { html } from 'hono/html';
import type { Account } from '../accounts/account.js';
import type { Html } from './layout.js';

// API credentials: the list (client ids and allow-lists; secrets are held only as hashes) and a
// form for a restricted one, whose secret the answer shows once; the list is drawn again under it.

export function credentialsPage(account: Account): Html {
  const api = `/__admin/accounts/${encodeURIComponent(account.name)}/credentials`;
  const credentials = account.auth.credentials;
  return html`<section class="card" aria-labelledby="new-title">
<h2 id="new-title">New restricted credential</h2>
<form data-api="${api}" data-then="show" data-refresh="credential-list">
<label>Endpoint allow-list, one line each (empty: every endpoint)
<textarea name="endpoints" data-type="lines" placeholder="/api/v2/sites&#10;/api/v2/appointments"></textarea></label>
<div class="row">
<label>IP allow-list (empty: any address) <input name="ips" placeholder="127.0.0.1"></label>
<label class="check"><input type="checkbox" name="active" checked> Active</label>
<button>Create</button>
</div>
<output aria-live="polite"></output>
<p class="muted">The secret is shown once, in the answer above: only its hash is kept.</p>
</form>
</section>
<section id="credential-list" aria-labelledby="list-title">
<h2 id="list-title">Credentials (${credentials.length})</h2>
<div class="scroll"><table>
<thead><tr><th>Client id</th><th>Active</th><th>Endpoints</th><th>IPs</th></tr></thead>
<tbody>${credentials.map(
    (c) => html`<tr><td><code>${c.clientId}</code></td><td>${c.active ? 'yes' : 'no'}</td>
<td>${c.endpoints.length === 0 ? html`<span class="muted">any</span>` : c.endpoints.join(', ')}</td>
<td>${c.ips === '' ? html`<span class="muted">any</span>` : c.ips}</td></tr>`,
  )}</tbody>
</table></div>
</section>`;
}
