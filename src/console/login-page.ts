import { html } from 'hono/html';
import { CONSOLE_BASE } from './access.js';
import type { Html } from './layout.js';

// The admin token, asked once: the client script sends it as a bearer header to open a session
// (a cookie); the page itself never holds it.

export function loginPage(next: string, tokenRequired: boolean): Html {
  if (!tokenRequired) {
    return html`<p>This simulator needs no admin token. <a href="${CONSOLE_BASE}">Open the console</a>.</p>`;
  }
  return html`<section class="card">
<form id="login" data-session="${CONSOLE_BASE}/session" data-next="${next}">
<p>The control plane of this simulator needs its admin token (<code>--admin-token</code>).</p>
<div class="row">
<input type="text" autocomplete="username" value="admin" hidden aria-hidden="true">
<label>Admin token <input id="token" type="password" autocomplete="current-password" required></label>
<button>Log in</button>
</div>
<output></output>
</form>
</section>`;
}
