import { beforeEach, describe, expect, it } from 'vitest';
import { call, type DemoApi, demoApi, EMPTY, restrictedToken, UNKNOWN } from '../helpers.js';
import { booking, fill, newId, PATH, placesTaken, sessionWithRoom } from './bookings-support.js';

let a: DemoApi;
beforeEach(async () => {
  a = await demoApi();
});
const post = (body: unknown, siteId = a.world.sites[0]!.SiteId) =>
  call(a, `${PATH}?siteId=${siteId}`, { method: 'POST', body });
const put = (body: unknown, classBookingId = UNKNOWN) =>
  call(a, `${PATH}?classBookingId=${classBookingId}`, { method: 'PUT', body });
const typeOf = (classId: string) => a.world.classes.find((c) => c.ClassId === classId)!.ClassType;
const list = (s: { SiteId: string; Start: string; ClassId: string }, classType: string | number = typeOf(s.ClassId)) =>
  call(
    a,
    `${PATH}?${new URLSearchParams({ siteId: s.SiteId, classType: String(classType), start: s.Start, end: s.Start })}`,
  );
const stored = (id: string) => a.world.classBookings.find((b) => b.ClassBookingId === id);
const snapshot = () => JSON.stringify(a.world.classBookings);
const bookedSession = () =>
  a.world.classSchedules.find((s) => a.world.classBookings.some((b) => b.ClassScheduleId === s.ClassScheduleId))!;

describe('GET /api/v2/classes/classbookings', () => {
  it('lists the bookings of the site sessions whose Start is in range, with the ClassBooking fields', async () => {
    const s = bookedSession();
    const res = await list(s);
    expect(res.status).toBe(200);
    const expected = a.world.classBookings.filter((b) =>
      a.world.classSchedules.some(
        (x) =>
          x.ClassScheduleId === b.ClassScheduleId &&
          x.SiteId === s.SiteId &&
          x.Start === s.Start &&
          typeOf(x.ClassId) === typeOf(s.ClassId),
      ),
    );
    expect(res.body.map((r: any) => r.ClassBookingId).sort()).toEqual(expected.map((b) => b.ClassBookingId).sort());
    const first = expected[0]!;
    expect(res.body.find((r: any) => r.ClassBookingId === first.ClassBookingId)).toMatchObject({
      ClassScheduleId: first.ClassScheduleId,
      ClientId: first.ClientId,
      OnlineBooking: first.OnlineBooking,
      ClassBookingState: first.ClassBookingState,
      Start: s.Start,
    });
  });

  it('all four parameters are required by name: a missing name answers 405 (POST and PUT share the path)', async () => {
    const s = bookedSession();
    const res = await call(a, `${PATH}?siteId=${s.SiteId}&classType=Class&start=2026-03-01`);
    expect(res.status).toBe(405);
  });

  it('classType All (0) answers an empty list', async () => {
    const s = bookedSession();
    expect((await list(s, 'All')).body).toEqual([]);
    expect((await list(s, 0)).body).toEqual([]);
  });

  it('classType filters: sessions of the other type are left out', async () => {
    const s = bookedSession();
    const other = typeOf(s.ClassId) === 1 ? 'Event' : 'Class';
    expect((await list(s, other)).body.every((r: any) => r.ClassScheduleId !== s.ClassScheduleId)).toBe(true);
  });

  it('another site sees none of the site bookings', async () => {
    const s = bookedSession();
    const other = a.world.sites.find((x) => x.SiteId !== s.SiteId)!;
    expect(
      (await list({ ...s, SiteId: other.SiteId })).body.every((r: any) => r.ClassScheduleId !== s.ClassScheduleId),
    ).toBe(true);
  });

  it('has no range cap: a range of several years is accepted', async () => {
    const s = bookedSession();
    const res = await call(a, `${PATH}?siteId=${s.SiteId}&classType=Class&start=2020-01-01&end=2030-01-01`);
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
  });

  it('an empty start answers 400', async () => {
    const s = bookedSession();
    expect((await call(a, `${PATH}?siteId=${s.SiteId}&classType=Class&start=&end=2026-03-01`)).status).toBe(400);
  });
});

describe('POST /api/v2/classes/classbookings', () => {
  it('ObjectState 1 creates the booking and answers {Message: ClassBookingId, Value: the id sent}', async () => {
    const s = sessionWithRoom(a.world);
    const body = booking(s, a.world, { OnlineBooking: true });
    const res = await post(body, s.SiteId);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ Message: 'ClassBookingId', Value: body.ClassBookingId });
    expect(
      (await list(s)).body.some(
        (r: any) => r.ClassBookingId === body.ClassBookingId && r.OnlineBooking === true && r.ClassBookingState === 1,
      ),
    ).toBe(true);
  });

  it('the id is echoed lowercase as stored', async () => {
    const s = sessionWithRoom(a.world);
    const id = newId().toUpperCase();
    const res = await post(booking(s, a.world, { ClassBookingId: id }), s.SiteId);
    expect(res.body.Value).toBe(id.toLowerCase());
    expect(stored(id.toLowerCase())).toBeDefined();
  });

  for (const objectState of [0, 2, 3, undefined]) {
    it(`ObjectState ${String(objectState)} writes nothing yet answers 200 with the write result (silent no-op)`, async () => {
      const s = sessionWithRoom(a.world);
      const body = booking(s, a.world, { ObjectState: objectState });
      const before = (await list(s)).body;
      const res = await post(body, s.SiteId);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ Message: 'ClassBookingId', Value: body.ClassBookingId });
      expect((await list(s)).body).toEqual(before);
    });
  }

  it('an empty ClassBookingId with ObjectState 1 books under the empty Guid; a second one is refused as in use', async () => {
    const s = sessionWithRoom(a.world);
    const res = await post(booking(s, a.world, { ClassBookingId: EMPTY }), s.SiteId);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ Message: 'ClassBookingId', Value: EMPTY });
    const listed = (await list(s)).body as { ClassBookingId: string }[];
    expect(listed.filter((b) => b.ClassBookingId === EMPTY)).toHaveLength(1);
    const again = await post(booking(s, a.world, { ClassBookingId: EMPTY }), s.SiteId);
    expect(again.status).toBe(400);
    expect(Object.keys(again.body.ModelState)).toEqual(['ClassBookingId']);
  });

  it('a ClassBookingId left out is the empty Guid, as ASP.NET binds a missing Guid', async () => {
    const s = sessionWithRoom(a.world);
    const { ClassBookingId: _left, ...body } = booking(s, a.world);
    const res = await post(body, s.SiteId);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ Message: 'ClassBookingId', Value: EMPTY });
  });

  it('a manual booking is accepted on a full session (the front desk may overbook)', async () => {
    const s = sessionWithRoom(a.world);
    fill(a.world, s);
    const body = booking(s, a.world, { OnlineBooking: false });
    expect((await post(body, s.SiteId)).status).toBe(200);
    expect(placesTaken(a.world, s)).toBe(s.Capacity + 1);
  });

  it('an online booking on a full session is refused with a 400 model state on ClassScheduleId', async () => {
    const s = sessionWithRoom(a.world);
    fill(a.world, s);
    const before = snapshot();
    const res = await post(booking(s, a.world, { OnlineBooking: true }), s.SiteId);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.ModelState)).toEqual(['ClassScheduleId']);
    expect(snapshot()).toBe(before);
  });

  it('only Booked and CheckedIn take a place: cancelled, late-cancelled and no-show bookings leave room for an online booking', async () => {
    const s = sessionWithRoom(a.world);
    fill(a.world, s);
    for (const b of a.world.classBookings
      .filter((x) => x.ClassScheduleId === s.ClassScheduleId && x.ClassBookingState === 1)
      .slice(0, 1))
      b.ClassBookingState = 5;
    expect((await post(booking(s, a.world, { OnlineBooking: true }), s.SiteId)).status).toBe(200);
  });

  it('an online booking in a non-place state (Cancelled) on a full session is accepted', async () => {
    const s = sessionWithRoom(a.world);
    fill(a.world, s);
    expect((await post(booking(s, a.world, { OnlineBooking: true, ClassBookingState: 5 }), s.SiteId)).status).toBe(200);
  });

  it('a ClassScheduleId naming no session answers 400 on ClassScheduleId', async () => {
    const s = sessionWithRoom(a.world);
    const res = await post(booking(s, a.world, { ClassScheduleId: UNKNOWN }), s.SiteId);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.ModelState)).toEqual(['ClassScheduleId']);
  });

  it('a ClientId naming no client answers 400 on ClientId', async () => {
    const s = sessionWithRoom(a.world);
    const res = await post(booking(s, a.world, { ClientId: UNKNOWN }), s.SiteId);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.ModelState)).toEqual(['ClientId']);
  });

  it('a ClassBookingId already in use answers 400 on ClassBookingId', async () => {
    const s = sessionWithRoom(a.world);
    const existing = a.world.classBookings[0]!;
    const res = await post(booking(s, a.world, { ClassBookingId: existing.ClassBookingId }), s.SiteId);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.ModelState)).toEqual(['ClassBookingId']);
  });

  it('the query siteId is required by name only: the booking belongs to its session', async () => {
    const s = sessionWithRoom(a.world);
    const body = booking(s, a.world);
    expect((await post(body, EMPTY)).status).toBe(200);
    expect(stored(body.ClassBookingId)!.ClassScheduleId).toBe(s.ClassScheduleId);
  });

  it('without siteId by name the answer is 405', async () => {
    const s = sessionWithRoom(a.world);
    expect((await call(a, PATH, { method: 'POST', body: booking(s, a.world) })).status).toBe(405);
  });

  it('the booking is saved with the account (survives in the world after the write)', async () => {
    const s = sessionWithRoom(a.world);
    const body = booking(s, a.world);
    await post(body, s.SiteId);
    expect(a.account.world.classBookings.some((b) => b.ClassBookingId === body.ClassBookingId)).toBe(true);
  });
});

describe('PUT /api/v2/classes/classbookings', () => {
  const existing = () => a.world.classBookings.find((b) => b.ClassBookingState === 1)!;

  it('ObjectState 2 updates the record selected by the BODY id; the query classBookingId is ignored', async () => {
    const b = existing();
    const res = await put({ ClassBookingId: b.ClassBookingId, ClassBookingState: 2, ObjectState: 2 }, UNKNOWN);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ Message: 'ClassBookingId', Value: b.ClassBookingId });
    expect(stored(b.ClassBookingId)!.ClassBookingState).toBe(2);
  });

  it('fields left out keep their value', async () => {
    const b = { ...existing() };
    await put({ ClassBookingId: b.ClassBookingId, ClassBookingState: 5, ObjectState: 2 });
    expect(stored(b.ClassBookingId)).toEqual({ ...b, ClassBookingState: 5 });
  });

  it('moving a client = a new ClassScheduleId', async () => {
    const b = existing();
    const target = a.world.classSchedules.find(
      (s) => s.ClassScheduleId !== b.ClassScheduleId && s.State === 1 && s.Capacity > placesTaken(a.world, s),
    )!;
    await put({ ClassBookingId: b.ClassBookingId, ClassScheduleId: target.ClassScheduleId, ObjectState: 2 });
    expect(stored(b.ClassBookingId)!.ClassScheduleId).toBe(target.ClassScheduleId);
  });

  it('an online move onto a full session is refused with 400 on ClassScheduleId', async () => {
    const b = existing();
    const target = sessionWithRoom(a.world, 1, 3);
    fill(a.world, target);
    const before = snapshot();
    const res = await put({
      ClassBookingId: b.ClassBookingId,
      ClassScheduleId: target.ClassScheduleId,
      OnlineBooking: true,
      ObjectState: 2,
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.ModelState)).toEqual(['ClassScheduleId']);
    expect(snapshot()).toBe(before);
  });

  it('a manual move onto a full session is accepted (overbooking)', async () => {
    const b = existing();
    const target = sessionWithRoom(a.world, 1, 3);
    fill(a.world, target);
    expect(
      (
        await put({
          ClassBookingId: b.ClassBookingId,
          ClassScheduleId: target.ClassScheduleId,
          OnlineBooking: false,
          ObjectState: 2,
        })
      ).status,
    ).toBe(200);
  });

  it('turning a manual booking online on an overbooked session is refused; an online booking already holding its place may be updated', async () => {
    const s = sessionWithRoom(a.world, 2);
    const online = booking(s, a.world, { OnlineBooking: true });
    const manual = booking(s, a.world, { OnlineBooking: false });
    await post(online, s.SiteId);
    await post(manual, s.SiteId);
    fill(a.world, s);
    await post(booking(s, a.world, { OnlineBooking: false }), s.SiteId);
    expect((await put({ ClassBookingId: manual.ClassBookingId, OnlineBooking: true, ObjectState: 2 })).status).toBe(
      400,
    );
    expect((await put({ ClassBookingId: online.ClassBookingId, ClassBookingState: 2, ObjectState: 2 })).status).toBe(
      200,
    );
  });

  it('ObjectState 3 removes the booking', async () => {
    const b = existing();
    const s = a.world.classSchedules.find((x) => x.ClassScheduleId === b.ClassScheduleId)!;
    const res = await put({ ClassBookingId: b.ClassBookingId, ObjectState: 3 });
    expect(res.body).toEqual({ Message: 'ClassBookingId', Value: b.ClassBookingId });
    expect((await list(s)).body.some((r: any) => r.ClassBookingId === b.ClassBookingId)).toBe(false);
  });

  for (const objectState of [0, 1, undefined]) {
    it(`ObjectState ${String(objectState)} writes nothing yet answers 200 with the body id (silent no-op)`, async () => {
      const b = existing();
      const s = a.world.classSchedules.find((x) => x.ClassScheduleId === b.ClassScheduleId)!;
      const before = (await list(s)).body;
      const res = await put({ ClassBookingId: b.ClassBookingId, ClassBookingState: 4, ObjectState: objectState });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ Message: 'ClassBookingId', Value: b.ClassBookingId });
      expect((await list(s)).body).toEqual(before);
    });
  }

  it('ObjectState 0 with an unknown id is still 200 and writes nothing', async () => {
    const before = snapshot();
    const res = await put({ ClassBookingId: UNKNOWN, ObjectState: 0 });
    expect(res.status).toBe(200);
    expect(res.body.Value).toBe(UNKNOWN);
    expect(snapshot()).toBe(before);
  });

  for (const objectState of [2, 3]) {
    it(`an unknown booking id with ObjectState ${objectState} answers 400 Record does not exist.`, async () => {
      const res = await put({ ClassBookingId: UNKNOWN, ObjectState: objectState });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ Message: 'Record does not exist.' });
    });
  }

  it('without classBookingId by name the answer is 405', async () => {
    const b = existing();
    expect(
      (await call(a, PATH, { method: 'PUT', body: { ClassBookingId: b.ClassBookingId, ObjectState: 3 } })).status,
    ).toBe(405);
  });

  it('an unknown ClassScheduleId answers 400 on ClassScheduleId', async () => {
    const b = existing();
    const res = await put({ ClassBookingId: b.ClassBookingId, ClassScheduleId: UNKNOWN, ObjectState: 2 });
    expect(Object.keys(res.body.ModelState)).toEqual(['ClassScheduleId']);
  });
});

describe('allow-list line api/v2/classes/classbookings (Authentication 5)', () => {
  it('admits the bookings list and not the class list', async () => {
    const token = await restrictedToken(a.sim, 'api/v2/classes/classbookings');
    const s = bookedSession();
    expect(
      (await call(a.sim, `${PATH}?siteId=${s.SiteId}&classType=Class&start=2026-03-01&end=2026-03-02`, { token }))
        .status,
    ).toBe(200);
    expect((await call(a.sim, `/api/v2/sites`, { token })).status).toBe(403);
  });
});
