// The seeded random source: sfc32, small and fast; determinism, not secrecy, is the point
// (credentials use node:crypto instead). It also serves as faker's randomizer.

/** sfc32's four 32-bit state words. */
export type RandomState = [number, number, number, number];

export class Random {
  private a = 0;
  private b = 0;
  private c = 0;
  private d = 0;

  constructor(seed: number, salt = '') {
    this.reset(`${seed}:${salt}`);
  }

  /** Restarts the sequence (faker's Randomizer interface). */
  seed(seed: number | number[]): void {
    this.reset(Array.isArray(seed) ? seed.join(',') : `${seed}:`);
  }

  /** Uniform in [0, 1). */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A version-4 shaped Guid. */
  guid(): string {
    let hex = '';
    for (let i = 0; i < 32; i++) hex += this.int(0, 15).toString(16);
    return guidFromHex(hex.slice(0, 16) + this.int(0, 15).toString(16) + hex.slice(17), 4);
  }

  /** The generator's position, so a stream can be saved and continued exactly where it stopped. */
  state(): RandomState {
    return [this.a, this.b, this.c, this.d];
  }

  restore(state: RandomState): void {
    [this.a, this.b, this.c, this.d] = state;
  }

  private reset(text: string): void {
    // MurmurHash3-style mixing spreads the seed text over the four state words.
    let h = 1779033703 ^ text.length;
    for (let i = 0; i < text.length; i++) {
      h = Math.imul(h ^ text.charCodeAt(i), 3432918353);
      h = (h << 13) | (h >>> 19);
    }
    const mix = () => {
      h = Math.imul(h ^ (h >>> 16), 2246822507);
      h = Math.imul(h ^ (h >>> 13), 3266489909);
      return (h ^= h >>> 16) >>> 0;
    };
    this.a = mix();
    this.b = mix();
    this.c = mix();
    this.d = mix();
    // sfc32 needs a few rounds before its output is well mixed.
    for (let i = 0; i < 12; i++) this.next();
  }
}

/** 32 hex digits shaped as a Guid of the given version (4 random, 5 name-based), RFC 4122 variant. */
export function guidFromHex(hex: string, version: 4 | 5): string {
  const variant = ((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  const [a, b, c, d, e] = [hex.slice(0, 8), hex.slice(8, 12), hex.slice(13, 16), hex.slice(17, 20), hex.slice(20, 32)];
  return `${a}-${b}-${version}${c}-${variant}${d}-${e}`;
}
