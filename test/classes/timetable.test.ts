import { beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '../../src/world/catalogue.js';
import { classTemplate, performedCategories, qualifiedToTeach } from '../../src/world/class-templates.js';
import { INSTRUCTOR_TITLE } from '../../src/world/employees.js';
import { call, type DemoApi, demoApi } from '../helpers.js';

// The seeded timetable as a caller reads it: who teaches each session, what a closed site still
// lists, and which classes GET classes lists for the sessions it has.

let a: DemoApi;
let sites: { SiteId: string; Name: string; State: number }[];
const NOW = '2026-03-16 09:00';
const RANGE = 'start=2026-02-13&end=2026-04-16';

beforeAll(async () => {
  a = await demoApi({ size: 'standard' });
  sites = [...(await get('/api/v2/sites?state=Active')), ...(await get('/api/v2/sites?state=Inactive'))];
});

async function get(path: string) {
  const res = await call(a, path);
  expect(res.status, path).toBe(200);
  return res.body;
}

/** Every session (any booking channel, both class types) of a site in a range. */
const sessions = async (siteId: string, range = RANGE) => [
  ...(await get(`/api/v2/classes/classschedules?siteId=${siteId}&classType=Class&${range}&bookOnline=false`)),
  ...(await get(`/api/v2/classes/classschedules?siteId=${siteId}&classType=Event&${range}&bookOnline=false`)),
];

describe('the seeded timetable', () => {
  it('every class session is taught by an employee qualified for its class', async () => {
    const employees = new Map<string, any>();
    const services = new Map<string, Service>();
    for (const { SiteId } of sites) {
      for (const state of ['Active', 'Inactive']) {
        for (const e of await get(`/api/v2/employees?siteId=${SiteId}&itemState=${state}`))
          employees.set(e.EmployeeId, e);
        const url = `/api/v2/services?siteId=${SiteId}&itemState=${state}&showPackageServices=true`;
        for (const s of await get(url)) services.set(s.ServiceId, s);
      }
    }
    const all = (await Promise.all(sites.map((s) => sessions(s.SiteId)))).flat();
    const teachers = new Set<string>();
    for (const session of all) {
      const teacher = employees.get(session.EmployeeId);
      const taughtBy = classTemplate(session.ClassName)!.taughtBy;
      const categories = performedCategories(teacher.ServiceIds, services);
      expect(
        qualifiedToTeach(taughtBy, teacher.JobTitle, categories),
        `${session.ClassName}: ${teacher.JobTitle}`,
      ).toBe(true);
      teachers.add(teacher.JobTitle);
    }
    expect(teachers.has(INSTRUCTOR_TITLE)).toBe(true);
    expect(teachers.has('Receptionist')).toBe(false);
  });

  it('an inactive site lists no active class or session from the clock on', async () => {
    const closed = sites.find((s) => s.State === 2)!;
    expect(await get(`/api/v2/classes?siteId=${closed.SiteId}&start=2020-01-01`)).not.toEqual([]);
    expect(await get(`/api/v2/classes?siteId=${closed.SiteId}&start=${NOW}`)).toEqual([]);
    expect(await sessions(closed.SiteId, `start=${NOW}&end=2026-06-16`)).toEqual([]);
  });

  it('every class with sessions at a site is listed by GET classes up to its last session, a retired one with its EndDate', async () => {
    let retired = 0;
    for (const { SiteId } of sites) {
      const last = new Map<string, string>();
      for (const s of await sessions(SiteId)) if ((last.get(s.ClassId) ?? '') < s.Start) last.set(s.ClassId, s.Start);
      for (const [classId, start] of last) {
        const listed = await get(`/api/v2/classes?siteId=${SiteId}&start=${encodeURIComponent(start)}`);
        const row = listed.find((c: any) => c.ClassId === classId);
        expect(row, `${classId} at ${start}`).toBeDefined();
        if (row.EndDate !== null && row.EndDate < NOW) retired++;
      }
    }
    expect(retired).toBeGreaterThan(0);
  });
});
