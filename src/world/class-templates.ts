import type { Service } from './catalogue.js';
import type { ServiceCategory } from './catalogue-data.js';
import type { Guid } from './common.js';
import { INSTRUCTOR_TITLE } from './employees.js';

// The studio's timetable templates and who may teach each. Order matters: a site takes the first
// classes its own team can teach, starting at a different template per site.

/**
 * Who may lead a class: an employee with one of `jobTitles`, or one who performs a service of one
 * of `serviceCategories` (a nail technician leads the nail art workshop, a stylist the styling class).
 */
export interface TaughtBy {
  jobTitles?: readonly string[];
  serviceCategories?: readonly ServiceCategory[];
}

export interface ClassTemplate {
  name: string;
  /** ClassType: Class = 1, Event = 2. */
  type: 1 | 2;
  minutes: number;
  capacity: number;
  description: string;
  taughtBy: TaughtBy;
}

const byInstructor: TaughtBy = { jobTitles: [INSTRUCTOR_TITLE] };

const t = (
  type: 1 | 2,
  name: string,
  minutes: number,
  capacity: number,
  description: string,
  taughtBy: TaughtBy,
): ClassTemplate => ({ name, type, minutes, capacity, description, taughtBy });

/** Weekly classes (ClassType 1). */
export const CLASS_TEMPLATES: readonly ClassTemplate[] = [
  t(1, 'Vinyasa Yoga Flow', 60, 12, 'A dynamic flow linking breath and movement; all levels.', byInstructor),
  t(1, 'Reformer Pilates', 45, 6, 'Small-group reformer session focusing on core strength.', byInstructor),
  t(1, 'Meditation & Breathwork', 30, 15, 'Guided breathing and meditation to reset the nervous system.', byInstructor),
  t(1, 'Mat Pilates', 45, 12, 'Classic mat work for posture and stability.', byInstructor),
  t(1, 'Yin Yoga', 75, 12, 'Slow, floor-based postures held for several minutes.', byInstructor),
  t(1, 'Barre Sculpt', 45, 10, 'Ballet-inspired toning at the barre.', byInstructor),
  t(1, 'Face Yoga', 45, 10, 'Facial exercises and self-massage to lift and tone, led by our facialists.', {
    serviceCategories: ['Facials'],
  }),
  t(1, 'At-Home Styling Class', 60, 8, 'Salon techniques for a lasting blow-dry and easy up-dos at home.', {
    serviceCategories: ['Hair'],
  }),
];

/** One-off events (ClassType 2). */
export const EVENT_TEMPLATES: readonly ClassTemplate[] = [
  t(2, 'Skincare Masterclass', 90, 20, 'Our skin specialists share routines and product tips; includes a goody bag.', {
    serviceCategories: ['Facials', 'Aesthetics'],
  }),
  t(2, 'Bridal Open Evening', 120, 30, 'Meet the bridal team, see trials and enjoy a glass of fizz.', {
    serviceCategories: ['Hair'],
  }),
  t(2, 'Wellness Workshop: Sleep Better', 90, 16, 'Practical tools for restful sleep, with aromatherapy demos.', {
    serviceCategories: ['Massage'],
  }),
  t(2, 'Nail Art Workshop', 120, 8, 'Hands-on nail art techniques with our senior technicians.', {
    serviceCategories: ['Nails'],
  }),
];

const BY_NAME = new Map([...CLASS_TEMPLATES, ...EVENT_TEMPLATES].map((x) => [x.name, x]));

/** The template a seeded class was made from; undefined for a class created over the API. */
export const classTemplate = (name: string): ClassTemplate | undefined => BY_NAME.get(name);

/** Whether someone with this job title, performing services of these categories, may lead the class. */
export function qualifiedToTeach(taughtBy: TaughtBy, jobTitle: string, categories: ReadonlySet<string>): boolean {
  return (
    (taughtBy.jobTitles?.includes(jobTitle) ?? false) ||
    (taughtBy.serviceCategories?.some((c) => categories.has(c)) ?? false)
  );
}

/** The categories of the services an employee performs (their ServiceIds). */
export function performedCategories(serviceIds: readonly Guid[], services: ReadonlyMap<Guid, Service>): Set<string> {
  const categories = new Set<string>();
  for (const id of serviceIds) {
    const service = services.get(id);
    if (service) categories.add(service.Category);
  }
  return categories;
}
