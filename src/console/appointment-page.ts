import { html } from 'hono/html';
import type { Account } from '../accounts/account.js';
import { findAppointment } from '../appointments/appointment.js';
import { clientWithId } from '../client-keys.js';
import { accountPath, type Html } from './layout.js';

// One appointment, opened from a diary block: its state, client and services, then the stored record.

export function appointmentPage(account: Account, id: string): Html | undefined {
  const { world } = account;
  const appointment = findAppointment(world, id);
  if (appointment === undefined) return undefined;
  const state = world.appointmentStates.find((s) => s.AppointmentStateId === appointment.AppointmentStateId);
  const client = clientWithId(world.clients, appointment.ClientId);
  const services = new Map(world.services.map((s) => [s.ServiceId, s.Name]));
  const diary = `${accountPath(account, 'diary')}?site=${appointment.SiteId}&date=${appointment.Start.slice(0, 10)}`;
  return html`<section class="card">
<dl>
<dt>Number</dt><dd>${appointment.AppointmentNumber}</dd>
<dt>State</dt><dd>${state?.Name ?? appointment.AppointmentStateId}</dd>
<dt>Start (UTC)</dt><dd>${appointment.Start}</dd>
<dt>Client</dt><dd>${
    client
      ? html`<a href="${accountPath(account, `clients/${client.ClientId}`)}">${client.FirstName} ${client.LastName}</a>`
      : appointment.ClientId
  }</dd>
<dt>Notes</dt><dd>${appointment.Notes}</dd>
</dl>
<p><a href="${diary}">Back to the diary of that day</a></p>
</section>
<h2>Services</h2>
<div class="scroll"><table>
<thead><tr><th>Start</th><th>End</th><th>Service</th><th>Employees</th><th>Resources</th></tr></thead>
<tbody>${appointment.AppointmentServices.map(
    (s) => html`<tr><td>${s.Start}</td><td>${s.End}</td><td>${services.get(s.ServiceId) ?? s.ServiceId}</td>
<td>${s.Employees.map((e) => `${e.FirstName} ${e.LastName}`).join(', ')}</td>
<td>${s.Resources.map((r) => r.Name).join(', ')}</td></tr>`,
  )}</tbody>
</table></div>
<h2>Stored record</h2>
<section class="card"><pre>${JSON.stringify(appointment, null, 2)}</pre></section>`;
}
