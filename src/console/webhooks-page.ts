import { html } from 'hono/html';
import type { Account } from '../accounts/account.js';
import { listDeliveries } from '../webhooks/deliveries.js';
import { publicView, subscriptionsOf } from '../webhooks/subscriptions.js';
import type { Html } from './layout.js';

// Webhook subscriptions (never their signing secrets) and the delivery log, newest first, with replay.

export function webhooksPage(account: Account): Html {
  const api = `/__admin/accounts/${encodeURIComponent(account.name)}/webhooks/deliveries`;
  const subscriptions = subscriptionsOf(account).map(publicView);
  const deliveries = [...listDeliveries(account)].reverse();
  return html`<h2>Subscriptions (${subscriptions.length})</h2>
<p class="muted">Registered through the API (POST /api/v2/webhooks).</p>
<div class="scroll"><table>
<thead><tr><th>Id</th><th>Event</th><th>URL</th><th>Created (UTC)</th></tr></thead>
<tbody>${subscriptions.map(
    (s) => html`<tr><td><code>${s.webhook_id}</code></td><td>${s.event}</td><td><code>${s.url}</code></td>
<td>${s.created_utc}</td></tr>`,
  )}</tbody>
</table></div>
<h2>Deliveries (${deliveries.length})</h2>
<div class="scroll"><table>
<thead><tr><th>Created</th><th>Event</th><th>URL</th><th>Status</th><th class="num">Attempts</th>
<th>Last answer</th><th></th></tr></thead>
<tbody>${deliveries.map(
    (d) => html`<tr><td>${d.createdAt}</td><td>${d.event}</td><td><code>${d.url}</code></td><td>${d.status}</td>
<td class="num">${d.attempts}</td><td>${d.lastStatus ?? ''} ${d.lastError ?? ''}</td>
<td><button type="button" class="secondary" data-api="${api}/${encodeURIComponent(d.id)}/replay"
aria-label="Replay delivery ${d.id}">Replay</button></td></tr>`,
  )}</tbody>
</table></div>`;
}
