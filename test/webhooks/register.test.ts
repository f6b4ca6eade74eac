import { beforeEach, describe, expect, it } from 'vitest';
import { call, type DemoApi, demoApi } from '../helpers.js';

let h: DemoApi;
beforeEach(async () => {
  h = await demoApi();
});
const body = { event: 'NewRecurringClientInvoice', url: 'https://example.com/hook', secret: 's3cret' };

describe('POST /api/v2/webhooks', () => {
  it('registers and answers the snake_case subscription without the secret sent', async () => {
    const res = await call(h, '/api/v2/webhooks', { method: 'POST', body });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['webhook_id', 'event', 'url', 'created_utc']);
    expect(res.body).toMatchObject({
      event: 'NewRecurringClientInvoice',
      url: 'https://example.com/hook',
      created_utc: '2026-03-16 09:00',
    });
    expect(res.text).not.toContain('s3cret');
  });

  it('a secret left out is generated and answered once', async () => {
    const res = await call(h, '/api/v2/webhooks', { method: 'POST', body: { event: body.event, url: body.url } });
    expect(res.body.secret).toMatch(/^[0-9a-f]{64}$/);
    const list = await call(h, '/api/v2/webhooks');
    expect(list.text).not.toContain(res.body.secret);
  });

  it('the same event and url again is a 409 with a Message', async () => {
    await call(h, '/api/v2/webhooks', { method: 'POST', body });
    const res = await call(h, '/api/v2/webhooks', { method: 'POST', body: { ...body, secret: 'other' } });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ Message: 'A webhook for this event and url already exists.' });
    const other = await call(h, '/api/v2/webhooks', {
      method: 'POST',
      body: { ...body, event: 'NewRecurringSupplierInvoice' },
    });
    expect(other.status).toBe(200);
  });

  it('an event kind other than the two named ones is a 400 model state on event', async () => {
    const res = await call(h, '/api/v2/webhooks', { method: 'POST', body: { ...body, event: 'NewClient' } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.ModelState)).toEqual(['event']);
  });

  it('a url that is not http(s) is a 400 model state on url', async () => {
    const res = await call(h, '/api/v2/webhooks', { method: 'POST', body: { ...body, url: 'ftp://example.com/x' } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.ModelState)).toEqual(['url']);
  });
});

describe('GET and DELETE /api/v2/webhooks', () => {
  it('lists subscriptions in registration order and deletes one by id', async () => {
    const a = await call(h, '/api/v2/webhooks', { method: 'POST', body });
    const b = await call(h, '/api/v2/webhooks', {
      method: 'POST',
      body: { ...body, url: 'https://example.com/other' },
    });
    expect((await call(h, '/api/v2/webhooks')).body.map((w: any) => w.webhook_id)).toEqual([
      a.body.webhook_id,
      b.body.webhook_id,
    ]);
    const del = await call(h, `/api/v2/webhooks/${a.body.webhook_id}`, { method: 'DELETE' });
    expect(del.status).toBe(200);
    expect(del.text).toBe('');
    expect((await call(h, '/api/v2/webhooks')).body.map((w: any) => w.webhook_id)).toEqual([b.body.webhook_id]);
  });

  it('deleting an unknown webhook is a 400 Record does not exist.', async () => {
    const res = await call(h, '/api/v2/webhooks/00000000-0000-4000-8000-000000000001', { method: 'DELETE' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ Message: 'Record does not exist.' });
  });
});
