import { beforeEach, describe, expect, it } from 'vitest';
import { call, type DemoApi, demoApi, restrictedToken, stored, UNKNOWN } from '../helpers.js';

let a: DemoApi;
beforeEach(async () => {
  a = await demoApi();
});
const PARTNER = '5c1f7e2a-8d3b-4a6e-9f10-2b3c4d5e6f70';

function bookedPlace() {
  const booking = a.world.classBookings.find((b) => b.ClassBookingState === 1)!;
  const siteId = a.world.classSchedules.find((s) => s.ClassScheduleId === booking.ClassScheduleId)!.SiteId;
  return { booking, siteId };
}
const path = (venue: string, booking: string) => `/api/v2/classpass/${PARTNER}/venues/${venue}/appointments/${booking}`;
const patch = (venue: string, booking: string, body: unknown) =>
  call(a, path(venue, booking), { method: 'PATCH', body });

describe('PATCH /api/v2/classpass/{partner_id}/venues/{venue_id}/appointments/{appointment_id}', () => {
  it('status maps onto ClassBookingState: attended → CheckedIn, no_show → NoShow, late_cancelled → LateCancelled, cancelled → Cancelled, booked → Booked', async () => {
    const { booking, siteId } = bookedPlace();
    for (const [status, state] of [
      ['attended', 2],
      ['no_show', 3],
      ['late_cancelled', 4],
      ['cancelled', 5],
      ['booked', 1],
    ] as const) {
      const res = await patch(siteId, booking.ClassBookingId, { status });
      expect(res.status).toBe(200);
      expect(stored(a.world, 'classBookings', booking).ClassBookingState).toBe(state);
      expect(res.body.class_booking_state).toBe(state);
    }
  });

  it('answers the booking snake_case, echoing partner, venue and updated_utc', async () => {
    const { booking, siteId } = bookedPlace();
    const res = await patch(siteId, booking.ClassBookingId, {
      status: 'attended',
      updated_utc: '2026-03-16T10:05:00Z',
    });
    expect(res.body).toEqual({
      partner_id: PARTNER,
      venue_id: siteId,
      appointment_id: booking.ClassBookingId,
      class_schedule_id: booking.ClassScheduleId,
      client_id: booking.ClientId,
      status: 'attended',
      class_booking_state: 2,
      updated_utc: '2026-03-16 10:05',
    });
  });

  it('updated_utc defaults to the account clock', async () => {
    const { booking, siteId } = bookedPlace();
    expect((await patch(siteId, booking.ClassBookingId, { status: 'attended' })).body.updated_utc).toBe(
      '2026-03-16 09:00',
    );
  });

  it('an unknown booking is a 400 Record does not exist.', async () => {
    const { siteId } = bookedPlace();
    const res = await patch(siteId, UNKNOWN, { status: 'attended' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ Message: 'Record does not exist.' });
  });

  it('a booking whose session is at another venue is a 400 Record does not exist. and is not changed', async () => {
    const { booking, siteId } = bookedPlace();
    const other = a.world.sites.find((s) => s.SiteId !== siteId)!.SiteId;
    const res = await patch(other, booking.ClassBookingId, { status: 'cancelled' });
    expect(res.status).toBe(400);
    expect(booking.ClassBookingState).toBe(1);
  });

  it('a status outside the five is a 400 model state on status', async () => {
    const { booking, siteId } = bookedPlace();
    const res = await patch(siteId, booking.ClassBookingId, { status: 'CheckedIn' });
    expect(res.status).toBe(400);
    expect(res.body.ModelState.status).toBeDefined();
    expect(booking.ClassBookingState).toBe(1);
  });

  it('a malformed route id does not match the route (404)', async () => {
    const { booking } = bookedPlace();
    expect((await patch('not-a-guid', booking.ClassBookingId, { status: 'attended' })).status).toBe(404);
  });

  it('the route ends in a record id, so a credential with an endpoint allow-list is refused it', async () => {
    const { booking, siteId } = bookedPlace();
    const token = await restrictedToken(a.sim, 'api/v2/classes');
    const res = await call(a.sim, path(siteId, booking.ClassBookingId), {
      token,
      method: 'PATCH',
      body: { status: 'attended' },
    });
    expect(res.status).toBe(403);
  });
});
