import { DAY, startOfDay, utcText } from '../../datetime.js';
import type { World } from '../../world/index.js';
import { DiaryIndex } from './diary-index.js';
import { packageGroupId } from './group-id.js';
import type { AvailableTime } from './schemas.js';
import { type Question, search } from './search.js';
import type { Placed } from './slots.js';

// GET and POST availabletimes: every quarter hour of the site's day at which the whole booking
// fits, each with the employees and resources it would get, ordered by start.

/**
 * `day` names a date of the site's own calendar: the date part of the value sent, whatever its
 * time (trading hours are local, and a UTC day would cut an evening in two for sites far from UTC).
 * `diary` is the index of the world's appointments; endpoints pass the one kept for the account version.
 */
export function availableTimes(
  world: World,
  q: Question,
  day: number,
  now: number,
  diary = new DiaryIndex(world),
): AvailableTime[] {
  const localDay = startOfDay(day);
  // A local day lies within a day either side of the UTC day carrying its date.
  const found = search(world, q, now, localDay - DAY, localDay + 2 * DAY, diary);
  const plan = found?.day(localDay);
  if (!found || !plan) return [];
  const offers: AvailableTime[] = [];
  for (const start of plan.starts()) {
    const placed = plan.place(start);
    if (placed) offers.push(offer(found.site.SiteId, q.clientId, placed));
  }
  return offers;
}

function offer(siteId: string, clientId: string | null, placed: readonly Placed[]): AvailableTime {
  const groups = new Map<number, string>();
  const groupOf = (p: Placed): string | null => {
    if (!p.wanted.package) return null;
    let id = groups.get(p.wanted.group);
    if (id === undefined) {
      const members = placed.filter((m) => m.wanted.group === p.wanted.group);
      id = packageGroupId([
        siteId,
        clientId ?? '',
        p.wanted.package.PackageId,
        String(p.wanted.group),
        utcText(p.start),
        ...members.map((m) => m.employee.EmployeeId),
      ]);
      groups.set(p.wanted.group, id);
    }
    return id;
  };
  return {
    Start: utcText(Math.min(...placed.map((p) => p.start))),
    End: utcText(Math.max(...placed.map((p) => p.end))),
    AppointmentServices: placed.map((p) => ({
      ServiceId: p.wanted.service.ServiceId,
      PackageId: p.wanted.package?.PackageId ?? null,
      PackageGroupId: groupOf(p),
      Start: utcText(p.start),
      End: utcText(p.end),
      Description: p.wanted.service.Name,
      Employees: [
        { EmployeeId: p.employee.EmployeeId, FirstName: p.employee.FirstName, LastName: p.employee.LastName },
      ],
      Resources: p.resource ? [{ ResourceId: p.resource.ResourceId, Name: p.resource.Name }] : [],
    })),
  };
}
