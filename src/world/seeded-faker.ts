import type { Faker, Randomizer } from '@faker-js/faker';
// The package root loads every locale (a quarter of a second at start-up); this entry loads English
// only. It exports a ready instance, whose constructor builds the seeded instances below.
import { faker as english } from '@faker-js/faker/locale/en';
import { Random } from '../random.js';

type FakerClass = new (options: { locale: Faker['rawDefinitions']; randomizer: Randomizer }) => Faker;
const EnglishFaker = english.constructor as FakerClass;

/** FNV-1a over the seed and an area name, so each area draws from its own stream. */
export function areaSeed(seed: number, area: string): number {
  let h = 0x811c9dc5;
  const text = `${seed}|${area}`;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

// Building a Faker costs far more than reseeding one, so each area keeps its instance. Safe
// because an area's Rng is done with before it is made again: generations in slices run one at a
// time, and a generation made while one is paused uses fakers of its own (withOwnFakers).
let pool = new Map<string, { faker: Faker; randomizer: Randomizer }>();

/** Runs `fn` with fakers of its own, leaving the shared ones where they are in their streams. */
export function withOwnFakers<T>(fn: () => T): T {
  const shared = pool;
  pool = new Map();
  try {
    return fn();
  } finally {
    pool = shared;
  }
}

/**
 * A seeded faker with the small helpers the generators lean on. Numbers are drawn straight from
 * the faker's own randomizer: faker.number.* allocates per call, which in large worlds left the
 * garbage collector with more work than the generators.
 */
export class Rng {
  readonly faker: Faker;
  private readonly randomizer: Randomizer;

  constructor(seed: number, area: string) {
    let entry = pool.get(area);
    if (!entry) {
      const randomizer = new Random(0);
      entry = { faker: new EnglishFaker({ locale: english.rawDefinitions, randomizer }), randomizer };
      pool.set(area, entry);
    }
    entry.faker.seed(areaSeed(seed, area));
    this.faker = entry.faker;
    this.randomizer = entry.randomizer;
  }

  /** A lowercase version-4 GUID built from four 32-bit draws, with one string allocation. */
  uuid(): string {
    let p = 0;
    for (let w = 0; w < 4; w++) {
      const word = Math.floor(this.randomizer.next() * 0x100000000);
      for (let k = 0; k < 4; k++) {
        const i = w * 4 + k;
        let byte = (word >>> (24 - 8 * k)) & 255;
        if (i === 6) byte = 0x40 | (byte & 0x0f);
        else if (i === 8) byte = 0x80 | (byte & 0x3f);
        if (i === 4 || i === 6 || i === 8 || i === 10) CODES[p++] = 45;
        CODES[p++] = HEX[byte >> 4] as number;
        CODES[p++] = HEX[byte & 15] as number;
      }
    }
    return String.fromCharCode.apply(null, CODES);
  }

  /** Uniform in [0, 1). */
  float(): number {
    return this.randomizer.next();
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.randomizer.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.randomizer.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.randomizer.next() * items.length)] as T;
  }

  /** Picks by relative weight; `weights` pairs with `items`. */
  weighted<T>(items: readonly T[], weights: readonly number[]): T {
    const total = weights.reduce((a, b) => a + b, 0);
    let r = this.float() * total;
    for (let i = 0; i < items.length; i++) {
      r -= weights[i] ?? 0;
      if (r < 0) return items[i] as T;
    }
    return items[items.length - 1] as T;
  }

  /** Fisher–Yates on a copy. */
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.randomizer.next() * (i + 1));
      const t = out[i] as T;
      out[i] = out[j] as T;
      out[j] = t;
    }
    return out;
  }

  sample<T>(items: readonly T[], count: number): T[] {
    return this.shuffle(items).slice(0, Math.max(0, count));
  }

  // faker.person.* expands templates on every call (tens of microseconds each); picking from the
  // locale's own name lists gives the same names at a fraction of the cost.
  firstName(sex: 'female' | 'male'): string {
    const names = this.faker.definitions.person.first_name as unknown as Record<string, string[]>;
    return this.pick(names[sex] ?? names.generic ?? ['Alex']);
  }

  lastName(): string {
    const names = (this.faker.definitions.person.last_name as unknown as Record<string, string[]>).generic ?? ['Smith'];
    return this.chance(0.05) ? `${this.pick(names)}-${this.pick(names)}` : this.pick(names);
  }

  fullName(): string {
    return `${this.firstName(this.chance(0.7) ? 'female' : 'male')} ${this.lastName()}`;
  }

  /** `length` random decimal digits, leading zeros allowed. */
  digits(length: number): string {
    let out = '';
    for (let left = length; left > 0; left -= 6) {
      const n = Math.min(6, left);
      out += String(this.int(0, 10 ** n - 1)).padStart(n, '0');
    }
    return out;
  }
}

const HEX = Array.from('0123456789abcdef', (c) => c.charCodeAt(0));
/** Character codes of one GUID, reused between calls. */
const CODES: number[] = new Array<number>(36).fill(48);

/** EAN-13 with a valid check digit, so scanners and validators accept it. */
export function ean13(rng: Rng, prefix = '50'): string {
  const body = prefix + rng.digits(12 - prefix.length);
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3);
  return body + String((10 - (sum % 10)) % 10);
}
