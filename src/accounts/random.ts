// The account's seeded random source for domain code (new ids, numbers). sfc32: small, fast and
// good enough; determinism, not secrecy, is the point (credentials use node:crypto instead).

export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number, salt = '') {
    let h = 1779033703 ^ salt.length;
    for (const ch of `${seed}:${salt}`) {
      h = Math.imul(h ^ ch.charCodeAt(0), 3432918353);
      h = (h << 13) | (h >>> 19);
    }
    const next = () => {
      h = Math.imul(h ^ (h >>> 16), 2246822507);
      h = Math.imul(h ^ (h >>> 13), 3266489909);
      return (h ^= h >>> 16) >>> 0;
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
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
    const variant = ((this.int(0, 15) & 0x3) | 0x8).toString(16);
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20)}`;
  }
}
