import { DAY } from '../datetime.js';
import type { Service } from './catalogue.js';
import type { ServiceCategory } from './catalogue-data.js';
import type { DateTimeText, Guid, ItemState } from './common.js';
import { mobileNumber, slug } from './contact.js';
import type { GenContext } from './context.js';
import { rngFor } from './context.js';
import type { SiteInfo } from './sites-gen.js';

export interface Employee {
  EmployeeId: Guid;
  /** Home site; null for the rare employee who floats across every site. */
  SiteId: Guid | null;
  FirstName: string;
  LastName: string;
  Email: string;
  MobilePhone: string;
  JobTitle: string;
  State: ItemState;
  BookOnline: boolean;
  /** Services the employee is qualified to perform. */
  ServiceIds: Guid[];
}

/** EmployeeSchedule.ScheduleType: 1 = WorkingTime, 2 = TimeOff. */
export const WORKING_TIME = 1;
export const TIME_OFF = 2;
export type ScheduleType = typeof WORKING_TIME | typeof TIME_OFF;

/**
 * One roster row. Bookable time is WorkingTime minus any TimeOff that overlaps it: a partial
 * absence sits inside a working row, while a whole day off replaces the working row.
 */
export interface EmployeeSchedule {
  EmployeeScheduleId: Guid;
  EmployeeId: Guid;
  SiteId: Guid;
  ScheduleType: ScheduleType;
  Start: DateTimeText;
  End: DateTimeText;
  Notes: string;
}

interface Role {
  title: string;
  categories: ServiceCategory[];
  /** Share of their categories' services they are qualified for. */
  breadth: number;
}

/** The job title of the staff who teach yoga, Pilates, barre and meditation classes. */
export const INSTRUCTOR_TITLE = 'Yoga & Pilates Instructor';

const ROLES: Record<string, Role> = {
  senior: { title: 'Senior Stylist', categories: ['Hair'], breadth: 1 },
  beauty: { title: 'Beauty Therapist', categories: ['Beauty', 'Nails', 'Facials', 'Massage'], breadth: 0.9 },
  massage: { title: 'Massage Therapist', categories: ['Massage'], breadth: 1 },
  nails: { title: 'Nail Technician', categories: ['Nails', 'Beauty'], breadth: 0.9 },
  stylist: { title: 'Stylist', categories: ['Hair'], breadth: 0.85 },
  reception: { title: 'Receptionist', categories: [], breadth: 0 },
  skin: { title: 'Skin Specialist', categories: ['Facials', 'Aesthetics'], breadth: 1 },
  instructor: { title: INSTRUCTOR_TITLE, categories: [], breadth: 0 },
  manager: { title: 'Salon Manager', categories: ['Hair', 'Beauty'], breadth: 0.8 },
  junior: { title: 'Junior Stylist', categories: ['Hair'], breadth: 0.6 },
  relief: { title: 'Relief Beauty Therapist', categories: ['Beauty', 'Nails', 'Massage'], breadth: 0.9 },
};

// Each site is staffed in this order, so even two people cover hair and beauty, and a team of six
// has an instructor for the studio's classes.
const TEAM_ORDER = [
  'senior',
  'beauty',
  'massage',
  'nails',
  'stylist',
  'instructor',
  'reception',
  'skin',
  'beauty',
  'stylist',
  'manager',
  'junior',
  'massage',
  'nails',
  'reception',
  'beauty',
  'stylist',
  'instructor',
  'skin',
  'junior',
  'massage',
  'stylist',
];

/** What the roster and class generators need to know beyond the public record. */
export interface StaffPlan {
  employee: Employee;
  role: Role;
  /** Site worked on each weekday (Sunday first); null = day off. */
  week: (Guid | null)[];
  /** Part of the shift worked: whole trading day, or an early or late eight hours. */
  shifts: ('full' | 'early' | 'late')[];
  /** First UTC day no longer employed, or null. */
  leftOn: number | null;
}

function headcounts(total: number, sites: SiteInfo[]): number[] {
  const inactive = sites.filter((s) => s.site.State === 2).length;
  const closedShare = inactive ? Math.max(1, Math.round(total * 0.12)) : 0;
  const active = sites.length - inactive;
  const open = total - closedShare;
  let activeIndex = 0;
  return sites.map((s) => {
    if (s.site.State === 2) return closedShare;
    const n = Math.floor(open / active) + (activeIndex < open % active ? 1 : 0);
    activeIndex++;
    return n;
  });
}

export function generateEmployees(ctx: GenContext, sites: SiteInfo[], services: Service[]): StaffPlan[] {
  const rng = rngFor(ctx, 'employees');
  const activeSites = sites.filter((s) => s.site.State === 1);
  const counts = headcounts(ctx.profile.employees, sites);
  const emails = new Set<string>();
  const plans: StaffPlan[] = [];

  sites.forEach((info, siteIndex) => {
    const { site } = info;
    const domain = site.Email.split('@')[1] ?? 'example.com';
    const count = counts[siteIndex] ?? 0;
    for (let i = 0; i < count; i++) {
      // One floating therapist per larger team, attached to the account rather than a site.
      const floating = ctx.size !== 'small' && site.State === 1 && i === count - 1 && siteIndex === 0;
      const role = ROLES[floating ? 'relief' : (TEAM_ORDER[i % TEAM_ORDER.length] ?? 'stylist')] as Role;
      const sex = rng.pick(['female', 'female', 'female', 'male'] as const);
      const FirstName = rng.firstName(sex);
      const LastName = rng.lastName();
      let Email = `${slug(FirstName)}.${slug(LastName)}@${domain}`;
      for (let n = 2; emails.has(Email); n++) Email = `${slug(FirstName)}.${slug(LastName)}${n}@${domain}`;
      emails.add(Email);

      const open = site.TradingHours.filter((h) => !h.Closed).map((h) => h.DayOfWeek);
      const days = rng.sample(open, rng.chance(0.25) ? 3 : Math.min(5, open.length));
      const week: (Guid | null)[] = Array.from({ length: 7 }, (_, d) => (days.includes(d) ? site.SiteId : null));
      // Cover elsewhere only within the same time zone: the weekly pattern is in local days, and
      // sites hours apart would put one person in two places at once.
      const sisters = activeSites.filter((s) => s.site.TimeZone === site.TimeZone);
      if (floating) {
        days.forEach((d, k) => {
          week[d] = sisters[k % sisters.length]?.site.SiteId ?? site.SiteId;
        });
      } else if (site.State === 1 && sisters.length > 1 && rng.chance(0.1)) {
        // A few cover one day a week at a sister site, where it is open that day.
        const other = rng.pick(sisters.filter((s) => s.site.SiteId !== site.SiteId)).site;
        const d = days.find((day) => other.TradingHours.some((h) => h.DayOfWeek === day && !h.Closed));
        if (d !== undefined) week[d] = other.SiteId;
      }
      const worksAt = new Set(week.filter((w): w is Guid => w !== null));
      const qualified = services
        .filter((s) => role.categories.includes(s.Category as ServiceCategory))
        .filter((s) => s.SiteId === null || worksAt.has(s.SiteId))
        .filter(() => role.breadth >= 1 || rng.chance(role.breadth));

      const leftOn =
        info.closedFrom ?? (ctx.size !== 'small' && i === 3 && siteIndex === 1 ? ctx.today - 40 * DAY : null);
      plans.push({
        employee: {
          EmployeeId: rng.uuid(),
          SiteId: floating ? null : site.SiteId,
          FirstName,
          LastName,
          Email,
          MobilePhone: mobileNumber(rng, info.country, site.Address.City),
          JobTitle: role.title,
          State: leftOn === null ? 1 : 2,
          BookOnline: qualified.length > 0 && rng.chance(0.9),
          ServiceIds: qualified.map((s) => s.ServiceId),
        },
        role,
        week,
        shifts: Array.from({ length: 7 }, () => rng.pick(['full', 'full', 'early', 'late'] as const)),
        leftOn,
      });
    }
  });
  return plans;
}
