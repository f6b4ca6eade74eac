import { MINUTE, parseDateTime } from '../../datetime.js';
import type { World } from '../../world/index.js';
import type { AppointmentServiceIn } from '../schemas.js';
import type { Interval } from './timeline.js';

// Cart items as sent: Start is required, End may be left out (an offer of availabletimes carries
// it; a hand-made cart may not). An item then lasts its service's duration, or for an item naming
// only a package, the package's services one after another.

/**
 * The item's time: Start to End as sent (when after Start), else Start plus its length; undefined if Start is
 * unreadable.
 */
export function cartSpan(world: World, item: AppointmentServiceIn): Interval | undefined {
  const start = parseDateTime(item.Start);
  if (start === undefined) return undefined;
  const sent = item.End === undefined ? undefined : parseDateTime(item.End);
  return { start, end: sent !== undefined && sent > start ? sent : start + lengthOf(world, item) * MINUTE };
}

function lengthOf(world: World, item: AppointmentServiceIn): number {
  const duration = (id: string | null | undefined) => world.services.find((s) => s.ServiceId === id)?.Duration;
  const own = duration(item.ServiceId);
  if (own !== undefined) return own;
  const pkg = world.packages.find((p) => p.PackageId === item.PackageId);
  return (pkg?.Services ?? []).reduce((sum, ps) => sum + (duration(ps.ServiceId) ?? 0), 0);
}

/** How an item is named in validate's answer: its Description, else its service's or package's name. */
export function describeItem(world: World, item: AppointmentServiceIn, index: number): string {
  if (item.Description?.trim()) return item.Description.trim();
  const service = world.services.find((s) => s.ServiceId === item.ServiceId);
  const pkg = world.packages.find((p) => p.PackageId === item.PackageId);
  return service?.Name ?? pkg?.Name ?? `Item ${index + 1}`;
}
