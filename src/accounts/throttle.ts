// Request rate per endpoint per caller IP: a fixed window opened by the first request; going
// over the limit locks the endpoint out for that caller, and every call in the lockout is refused.

export interface ThrottleRule {
  limit: number;
  windowMs: number;
  lockoutMs: number;
}

export const V2_THROTTLE: ThrottleRule = { limit: 4, windowMs: 1000, lockoutMs: 120_000 };
/** Version 1's published 8 per second, with version 2's window and lockout. */
export const V1_THROTTLE: ThrottleRule = { limit: 8, windowMs: 1000, lockoutMs: 120_000 };

interface Bucket {
  windowStart: number;
  count: number;
  lockedUntil: number;
}

// Stale buckets are swept once the map grows past this, so many callers cannot grow it forever.
// Buckets still live after a sweep are dropped oldest first down to half of it: a caller that
// many others pushed out starts a fresh window, which is kinder than growing without end.
export const SWEEP_AT = 10_000;

/** The bucket of one endpoint for one caller: `<operationId> <ip>`. */
const bucketKey = (operationId: string, ip: string): string => `${operationId} ${ip}`;

export class Throttle {
  private readonly buckets = new Map<string, Bucket>();
  /** Lockouts of an endpoint for every caller (scenarios), by operationId: locked until. */
  private readonly endpointLocks = new Map<string, number>();

  /** Counts one request to an endpoint from a caller; returns the milliseconds to wait when it is refused, else 0. */
  hit(operationId: string, ip: string, now: number, rule: ThrottleRule = V2_THROTTLE): number {
    if (this.endpointLocks.size > 0) {
      const until = this.endpointLocks.get(operationId);
      if (until !== undefined && until > now) return until - now;
    }
    const key = bucketKey(operationId, ip);
    let bucket = this.buckets.get(key);
    if (bucket && bucket.lockedUntil > now) return bucket.lockedUntil - now;
    // A clock moved backwards also opens a fresh window.
    if (!bucket || now >= bucket.windowStart + rule.windowMs || now < bucket.windowStart) {
      if (this.buckets.size >= SWEEP_AT) this.sweep(now, rule);
      bucket = { windowStart: now, count: 0, lockedUntil: 0 };
      // Re-inserted, so the map's order is the order windows opened in (oldest dropped first).
      this.buckets.delete(key);
      this.buckets.set(key, bucket);
    }
    bucket.count++;
    if (bucket.count > rule.limit) {
      bucket.lockedUntil = now + rule.lockoutMs;
      return rule.lockoutMs;
    }
    return 0;
  }

  /** Locks an endpoint out until `until` for one caller IP, or for every caller when `ip` is undefined. */
  lock(operationId: string, ip: string | undefined, until: number): void {
    if (ip === undefined) this.endpointLocks.set(operationId, until);
    else this.buckets.set(bucketKey(operationId, ip), { windowStart: until, count: 0, lockedUntil: until });
  }

  clear(): void {
    this.buckets.clear();
    this.endpointLocks.clear();
  }

  get size(): number {
    return this.buckets.size;
  }

  private sweep(now: number, rule: ThrottleRule): void {
    for (const [key, b] of this.buckets) {
      if (b.lockedUntil <= now && now >= b.windowStart + rule.windowMs) this.buckets.delete(key);
    }
    if (this.buckets.size < SWEEP_AT) return;
    for (const key of this.buckets.keys()) {
      if (this.buckets.size < SWEEP_AT / 2) break;
      this.buckets.delete(key);
    }
  }
}
