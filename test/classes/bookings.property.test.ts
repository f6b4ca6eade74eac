import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { editRecord } from '../../src/records.js';
import type { ClassBooking, ClassBookingState, ClassSchedule } from '../../src/world/classes.js';
import { call, type DemoApi, demoApi } from '../helpers.js';
import { PATH } from './bookings-support.js';

// Property: whatever sequence of booking writes (POST and PUT, random ObjectStates, online and
// manual, random sessions) is sent, the stored bookings equal a model of the rules (none lost or
// duplicated), and no session ever holds more online places than its capacity: an online booking
// never lands on a full session, though manual ones may overbook.

let a: DemoApi;
let sessions: ClassSchedule[];
beforeAll(async () => {
  a = await demoApi();
  // Four small sessions, emptied, so "full" is reached often.
  await a.account.write(() => {
    sessions = a.world.classSchedules
      .filter((s) => s.State === 1)
      .slice(0, 4)
      .map((s, i) => Object.assign(editRecord(a.world, 'classSchedules', s), { Capacity: 1 + (i % 3) }));
    const ids = new Set(sessions.map((s) => s.ClassScheduleId));
    a.world.classBookings = a.world.classBookings.filter((b) => !ids.has(b.ClassScheduleId));
  });
});

type Step = {
  method: 'POST' | 'PUT';
  pick: number;
  fresh: boolean;
  session: number;
  objectState: number;
  online: boolean;
  state: ClassBookingState;
  move: boolean;
};
const step: fc.Arbitrary<Step> = fc.record({
  method: fc.constantFrom('POST' as const, 'PUT' as const),
  pick: fc.nat(),
  fresh: fc.boolean(),
  session: fc.nat({ max: 3 }),
  objectState: fc.nat({ max: 3 }),
  online: fc.boolean(),
  state: fc.constantFrom<ClassBookingState>(1, 2, 3, 4, 5),
  move: fc.boolean(),
});

const takes = (b: ClassBooking) => b.ClassBookingState === 1 || b.ClassBookingState === 2;
const onlinePlace = (b: ClassBooking) => b.OnlineBooking && takes(b);

describe('class booking writes', () => {
  it('no booking is lost or duplicated and an online booking never lands on a full session', async () => {
    let serial = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 15 }), async (steps) => {
        const model = new Map(a.world.classBookings.map((b) => [b.ClassBookingId, { ...b }]));
        const ours: string[] = [];
        for (const s of steps) {
          const session = sessions[s.session]!;
          const id =
            s.fresh || ours.length === 0
              ? `cbf00000-0000-4000-8000-${String(++serial).padStart(12, '0')}`
              : ours[s.pick % ours.length]!;
          const others = (sched: string) =>
            [...model.values()].filter((b) => b.ClassScheduleId === sched && b.ClassBookingId !== id && takes(b))
              .length;
          const cap = (sched: string) => a.world.classSchedules.find((x) => x.ClassScheduleId === sched)!.Capacity;
          let expected = 200;
          let res;
          if (s.method === 'POST') {
            const body = {
              ClassBookingId: id,
              ClassScheduleId: session.ClassScheduleId,
              ClientId: a.world.clients[s.pick % 5]!.ClientId,
              OnlineBooking: s.online,
              ClassBookingState: s.state,
              ObjectState: s.objectState,
            };
            res = await call(a, `${PATH}?siteId=${session.SiteId}`, { method: 'POST', body });
            if (s.objectState === 1) {
              const next: ClassBooking = {
                ClassBookingId: id,
                ClassScheduleId: body.ClassScheduleId,
                ClientId: body.ClientId,
                OnlineBooking: s.online,
                ClassBookingState: s.state,
              };
              if (model.has(id) || (onlinePlace(next) && others(next.ClassScheduleId) >= cap(next.ClassScheduleId)))
                expected = 400;
              else {
                model.set(id, next);
                ours.push(id);
              }
            }
          } else {
            const body = {
              ClassBookingId: id,
              OnlineBooking: s.online,
              ClassBookingState: s.state,
              ObjectState: s.objectState,
              ...(s.move ? { ClassScheduleId: session.ClassScheduleId } : {}),
            };
            res = await call(a, `${PATH}?classBookingId=${id}`, { method: 'PUT', body });
            const before = model.get(id);
            if (s.objectState === 2 || s.objectState === 3) {
              if (!before) expected = 400;
              else if (s.objectState === 3) model.delete(id);
              else {
                const next: ClassBooking = {
                  ...before,
                  OnlineBooking: s.online,
                  ClassBookingState: s.state,
                  ClassScheduleId: s.move ? session.ClassScheduleId : before.ClassScheduleId,
                };
                const alreadyHeld = before.ClassScheduleId === next.ClassScheduleId && onlinePlace(before);
                if (onlinePlace(next) && !alreadyHeld && others(next.ClassScheduleId) >= cap(next.ClassScheduleId))
                  expected = 400;
                else model.set(id, next);
              }
            }
          }
          expect(res.status).toBe(expected);
          if (expected === 200) expect(res.body).toEqual({ Message: 'ClassBookingId', Value: id });
          // No booking lost or duplicated: the stored list is exactly the model.
          const storedIds = a.world.classBookings.map((b) => b.ClassBookingId);
          expect(new Set(storedIds).size).toBe(storedIds.length);
          expect(new Map(a.world.classBookings.map((b) => [b.ClassBookingId, b]))).toEqual(model);
          // Online places never exceed capacity.
          for (const x of sessions) {
            expect(
              a.world.classBookings.filter((b) => b.ClassScheduleId === x.ClassScheduleId && onlinePlace(b)).length,
            ).toBeLessThanOrEqual(x.Capacity);
          }
        }
      }),
      { numRuns: 60, seed: 20260316 },
    );
  });
});
