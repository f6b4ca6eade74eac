import { html } from 'hono/html';
import type { Account } from '../accounts/account.js';
import { clientsReady, clientWithId } from '../client-keys.js';
import { rowsReady, rowsWhere } from '../row-lookup.js';
import { documentBalance } from '../sales/document.js';
import { voucherDetail } from '../vouchers/voucher.js';
import { filterInSteps, type Steps } from '../world/steps.js';
import { accountPath, type Html } from './layout.js';

// Clients: a search over names, e-mail, phone and client code; one client's appointments,
// invoices (with their paid state) and vouchers (with their balance). A search reads the clients in
// steps (run in slices of the event loop's time, console/router.ts) and stops at the rows it shows;
// a client and what is theirs are looked up by the client.

/** Rows a search shows at most. */
const MAX_FOUND = 50;

export function* clientsPage(account: Account, find: string): Steps<Html> {
  const words = find.trim().toLowerCase();
  const found =
    words === ''
      ? account.world.clients.slice(0, MAX_FOUND)
      : yield* filterInSteps(
          account.world.clients,
          (c) =>
            [`${c.FirstName} ${c.LastName}`, c.Email, c.MobilePhone, c.ClientCode].some((t) =>
              t.toLowerCase().includes(words),
            ),
          MAX_FOUND,
        );
  return html`<section class="card">
<form class="inline" method="get" role="search">
<label>Name, e-mail, phone or code <input type="search" name="find" value="${find}"></label>
<button>Search</button>
</form>
</section>
<p class="muted">${found.length} client${found.length === 1 ? '' : 's'} shown (at most ${MAX_FOUND}).</p>
<div class="scroll"><table>
<thead><tr><th>Name</th><th>E-mail</th><th>Mobile</th><th>Code</th></tr></thead>
<tbody>${found.map(
    (c) => html`<tr><td><a href="${accountPath(account, `clients/${c.ClientId}`)}">${c.FirstName} ${c.LastName}</a></td>
<td>${c.Email}</td><td>${c.MobilePhone}</td><td>${c.ClientCode}</td></tr>`,
  )}</tbody>
</table></div>`;
}

export function* clientPage(account: Account, id: string): Steps<{ title: string; body: Html } | undefined> {
  const { world } = account;
  yield* clientsReady(world.clients);
  const client = clientWithId(world.clients, id);
  if (client === undefined) return undefined;
  yield* rowsReady(world.appointments, 'ClientId');
  yield* rowsReady(world.accountingDocuments, 'ClientId');
  yield* rowsReady(world.vouchers, 'ClientId');
  const states = new Map(world.appointmentStates.map((s) => [s.AppointmentStateId, s.Name]));
  const services = new Map(world.services.map((s) => [s.ServiceId, s.Name]));
  const appointments = rowsWhere(world.appointments, 'ClientId', id, 'AppointmentId').sort((a, b) =>
    b.Start.localeCompare(a.Start),
  );
  const documents = rowsWhere(world.accountingDocuments, 'ClientId', id, 'AccountingDocumentId').sort((a, b) =>
    b.DocumentDate.localeCompare(a.DocumentDate),
  );
  const vouchers = rowsWhere(world.vouchers, 'ClientId', id, 'VoucherId');
  const body = html`<section class="card"><dl>
<dt>E-mail</dt><dd>${client.Email}</dd><dt>Mobile</dt><dd>${client.MobilePhone}</dd>
<dt>Code</dt><dd>${client.ClientCode}</dd><dt>Created</dt><dd>${client.CreationDate}</dd>
<dt>Id</dt><dd><code>${client.ClientId}</code></dd>
</dl></section>
<h2>Appointments (${appointments.length})</h2>
<div class="scroll"><table>
<thead><tr><th>Start (UTC)</th><th>Number</th><th>State</th><th>Services</th></tr></thead>
<tbody>${appointments.map(
    (a) => html`<tr><td><a href="${accountPath(account, `appointments/${a.AppointmentId}`)}">${a.Start}</a></td>
<td>${a.AppointmentNumber}</td><td>${states.get(a.AppointmentStateId) ?? ''}</td>
<td>${a.AppointmentServices.map((s) => services.get(s.ServiceId) ?? '').join(', ')}</td></tr>`,
  )}</tbody>
</table></div>
<h2>Sales documents (${documents.length})</h2>
<div class="scroll"><table>
<thead><tr><th>Number</th><th>Date</th><th class="num">Total</th><th class="num">Paid</th><th>State</th></tr></thead>
<tbody>${documents.map((d) => {
    const balance = documentBalance(world, d.AccountingDocumentId);
    return html`<tr><td>${d.DocumentNumber}</td><td>${d.DocumentDate}</td><td class="num">${money(d.Total)}</td>
<td class="num">${money(balance?.paid ?? 0)}</td>
<td><span class="badge paid-${balance?.paidState ?? ''}">${balance?.paidState ?? ''}</span></td></tr>`;
  })}</tbody>
</table></div>
<h2>Vouchers (${vouchers.length})</h2>
<div class="scroll"><table>
<thead><tr><th>Number</th><th>Expires</th><th class="num">Amount</th><th class="num">Balance</th></tr></thead>
<tbody>${vouchers.map(
    (v) => html`<tr><td>${v.VoucherNumber}</td><td>${v.ExpiryDate}</td><td class="num">${money(v.Amount)}</td>
<td class="num">${money(voucherDetail(world, v.VoucherId)?.Balance ?? v.Amount)}</td></tr>`,
  )}</tbody>
</table></div>`;
  return { title: `${client.FirstName} ${client.LastName}`, body };
}

export const money = (amount: number) => amount.toFixed(2);
