import { beforeAll, describe, expect, it } from 'vitest';
import { newClient } from '../clients/support.js';
import { activeSite, call, type DemoApi, demoApi } from '../helpers.js';

// Model-state messages are ASP.NET's sentences, never the validator library's.

let d: DemoApi;
beforeAll(async () => {
  d = await demoApi();
});

const postClient = (body: unknown) =>
  call(d, `/api/v2/clients?siteId=${activeSite(d.world)}`, { method: 'POST', body });

describe('validation messages in the service words', () => {
  it('a required field left out is "The <Field> field is required."', async () => {
    const { FirstName: _left, ...body } = newClient();
    const res = await postClient(body);
    expect(res.status).toBe(400);
    expect(res.body.ModelState).toEqual({ FirstName: ['The FirstName field is required.'] });
  });

  it('a value of the wrong type is "The value \'<v>\' is not valid for <Field>."', async () => {
    const res = await postClient(newClient({ Gender: 'x', ClientId: 'abc' }));
    expect(res.status).toBe(400);
    expect(res.body.ModelState).toEqual({
      Gender: ["The value 'x' is not valid for Gender."],
      ClientId: ["The value 'abc' is not valid for ClientId."],
    });
  });

  it('a Gender of 0 sent on create is not valid in those words too (left out, it binds as 0)', async () => {
    expect((await postClient(newClient({ Gender: 0 }))).body.ModelState).toEqual({
      Gender: ["The value '0' is not valid for Gender."],
    });
  });

  it("an appointment without services is MinLength's sentence on AppointmentServices", async () => {
    const client = d.world.clients[0]!;
    const res = await call(d, `/api/v2/appointments?siteId=${activeSite(d.world)}`, {
      method: 'POST',
      body: { ClientId: client.ClientId, AppointmentServices: [] },
    });
    expect(res.status).toBe(400);
    expect(res.body.ModelState).toEqual({
      AppointmentServices: [
        "The field AppointmentServices must be a string or array type with a minimum length of '1'.",
      ],
    });
  });
});
