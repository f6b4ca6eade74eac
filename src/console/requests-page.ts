import { html } from 'hono/html';
import type { Account } from '../accounts/account.js';
import type { Html } from './layout.js';

// The account's journal, live: the rows come from the stream (admin/journal-stream.ts), the filters and
// the request dialog are the client script's. A row shows an entry's summary; opening it reads the
// whole entry (GET …/requests/<seq>). The dialog names the rules that refused the request, each by its
// id and source ("Refused by rule routing.required-name (spec)").

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

export function requestsPage(account: Account): Html {
  const api = `/__admin/accounts/${encodeURIComponent(account.name)}/requests`;
  const dropped = account.journal.dropped;
  // Said once, when the page is rendered: the live rows below show what the journal still holds.
  const droppedNote =
    dropped > 0
      ? html`<p id="dropped" class="muted" role="note">${dropped} of the oldest entries were dropped for memory
(the journals of all accounts share <code>--journal-memory</code>); reload to see the count again.</p>`
      : '';
  return html`${droppedNote}<section class="card" aria-labelledby="filter-title">
<h2 id="filter-title" class="row">Filter <span id="live" class="live muted" role="status">Connecting…</span></h2>
<div class="row">
<label>Method <select id="f-method"><option value="">any</option>
${METHODS.map((m) => html`<option>${m}</option>`)}</select></label>
<label>Status <input id="f-status" inputmode="numeric" placeholder="200, 4xx" size="8"></label>
<label>Path contains <input id="f-path" placeholder="/api/v2/appointments"></label>
<button type="button" class="danger" data-api="${api}" data-method="DELETE"
data-confirm="Clear the journal of ${account.name}?">Clear journal</button>
</div>
</section>
<div class="scroll">
<table id="journal" data-stream="${api}/stream" data-entries="${api}"
data-limit="${Math.max(account.journal.capacity, 1)}">
<caption class="muted">Newest first; select a row (or press Enter on it) to open the request and its answer.</caption>
<thead><tr><th>At (account clock, UTC)</th><th>Method</th><th>Path</th><th class="num">Status</th><th>Fault</th>
</tr></thead>
<tbody></tbody>
</table>
</div>
<dialog id="entry-dialog" aria-labelledby="entry-title">
<h2 id="entry-title">Request</h2>
<ul id="entry-rules" aria-label="Rules that refused the request" hidden></ul>
<div id="entry-fields"></div>
<p><button type="button" id="entry-close">Close</button></p>
</dialog>`;
}
