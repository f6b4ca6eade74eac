import { describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/app.js';
import { CONSOLE_JS } from '../../src/console/console-script.js';
import { call, demoApi } from '../helpers.js';

// The console's snapshot controls: every account page links the snapshot as a file to download and
// offers a file input whose snapshot the client script PUTs in place of the account. The requests
// here are the ones the script makes, with the session cookie a logged-in browser sends.

const TOKEN = 'console-snapshot-token-7c2e';

/** A simulator with an admin token, and the session cookie the console's login gives. */
async function loggedIn(): Promise<{ sim: Simulator; token: string; headers: Record<string, string> }> {
  const { sim, token } = await demoApi({ adminToken: TOKEN });
  const session = await call(sim, '/__admin/console/session', {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(session.status).toBe(204);
  return { sim, token, headers: { cookie: session.headers.get('set-cookie')!.split(';')[0]! } };
}

/** What the script sends: the file's JSON, PUT to the account by name with ?replace=true, same origin. */
const restore = (sim: Simulator, headers: Record<string, string>, text: string, extra: Record<string, string> = {}) =>
  call(sim, '/__admin/accounts/demo?replace=true', {
    method: 'PUT',
    headers: {
      ...headers,
      ...extra,
      accept: 'application/json',
      'content-type': 'application/json',
      origin: 'http://127.0.0.1',
      'sec-fetch-site': 'same-origin',
    },
    body: JSON.stringify(JSON.parse(text)),
  });

describe('console snapshot controls', () => {
  it('every account page carries "Download snapshot" and "Restore from a snapshot file", both by the account name', async () => {
    const { sim, headers } = await loggedIn();
    for (const section of ['requests', 'diary', 'clients', 'sales', 'clock', 'webhooks', 'credentials']) {
      const page = await call(sim, `/__admin/console/accounts/demo/${section}`, { headers });
      expect(page.status, section).toBe(200);
      expect(page.text, section).toContain(
        '<a id="snapshot-download" href="/__admin/accounts/demo/snapshot?download=true" download="demo.snapshot.json"',
      );
      expect(page.text, section).toContain('Restore from a snapshot file… <input type="file" id="snapshot-file"');
      expect(page.text, section).toContain('data-restore="/__admin/accounts/demo?replace=true"');
    }
    expect((await call(sim, '/__admin/console', { headers })).text).not.toContain('snapshot-download');
    expect(CONSOLE_JS).toContain("$('#snapshot-file')");
  });

  it('the download answer is the snapshot as an attachment named <name>.snapshot.json; without ?download=true it is not', async () => {
    const { sim, headers } = await loggedIn();
    const download = await call(sim, '/__admin/accounts/demo/snapshot?download=true', { headers });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="demo.snapshot.json"');
    expect(download.body).toMatchObject({ format: 'business-api-simulator/account-snapshot', name: 'demo' });
    const plain = await call(sim, '/__admin/accounts/demo/snapshot', { headers });
    expect(plain.headers.get('content-disposition')).toBeNull();
    expect(plain.text).toBe(download.text);
  });

  it('a downloaded snapshot restored by the requests the script makes brings the account back as it was', async () => {
    const { sim, token, headers } = await loggedIn();
    const siteId = (await call(sim, '/api/v2/sites', { token })).body[0].SiteId as string;
    const clients = async () => (await call(sim, `/api/v2/clients?siteId=${siteId}`, { token })).text;
    const before = await clients();
    const file = (await call(sim, '/__admin/accounts/demo/snapshot?download=true', { headers })).text;
    const added = await call(sim, `/api/v2/clients?siteId=${siteId}`, {
      method: 'POST',
      token,
      body: { FirstName: 'After', LastName: 'Download', Gender: 1 },
    });
    expect(added.status).toBe(200);
    expect(await clients()).not.toBe(before);

    const restored = await restore(sim, headers, file);
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ name: 'demo' });
    // Tokens travel in the snapshot by hash: the one issued before the download still works.
    expect(await clients()).toBe(before);
  });

  it('a snapshot with sealed webhook secrets is downloaded and restored with the passphrase; without it the refusal says why', async () => {
    const { sim, token, headers } = await loggedIn();
    const hook = await call(sim, '/api/v2/webhooks', {
      method: 'POST',
      token,
      body: { event: 'NewRecurringClientInvoice', url: 'https://example.com/hook' },
    });
    expect(hook.status).toBe(200);
    const page = await call(sim, '/__admin/console/accounts/demo/webhooks', { headers });
    expect(page.text).toContain('data-sealed="true">Download snapshot</a>');

    const key = { 'X-Snapshot-Key': 'a passphrase typed in the prompt' };
    const unsealed = await call(sim, '/__admin/accounts/demo/snapshot?download=true', { headers });
    expect(unsealed.status).toBe(400);
    expect(unsealed.body.error).toContain('X-Snapshot-Key');
    const file = await call(sim, '/__admin/accounts/demo/snapshot?download=true', { headers: { ...headers, ...key } });
    expect(file.status).toBe(200);
    expect(file.body.sealedWith).toBe('snapshot-key');

    const refused = await restore(sim, headers, file.text);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/holds a sealed secret: send X-Snapshot-Key with the passphrase/);
    expect((await restore(sim, headers, file.text, key)).status).toBe(200);
  });
});
