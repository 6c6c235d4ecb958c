/**
 * The seed's only source of randomness: sfc32 (a small, fast 32-bit PRNG with a 128-bit state)
 * seeded from text. The same seed text always yields the same sequence, on every platform, so
 * the demo data is a pure function of its inputs. Never use Math.random in the seed.
 */

/** cyrb128: spreads a string over four 32-bit words, the state sfc32 starts from. */
function hashText(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
const HEX = "0123456789abcdef";

export type Weighted<T> = readonly (readonly [T, number])[];

export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: string) {
    [this.a, this.b, this.c, this.d] = hashText(seed);
    // The first outputs of sfc32 are still close to the seed; discard them.
    for (let i = 0; i < 12; i++) this.nextUint32();
  }

  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A float in [min, max). */
  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("Random.pick needs at least one item");
    return items[Math.floor(this.next() * items.length)];
  }

  weighted<T>(choices: Weighted<T>): T {
    let total = 0;
    for (const [, weight] of choices) total += weight;
    let point = this.next() * total;
    for (const [value, weight] of choices) {
      point -= weight;
      if (point < 0) return value;
    }
    return choices[choices.length - 1][0];
  }

  /** `count` distinct items, in the order they were drawn. */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = items.slice();
    const taken: T[] = [];
    for (let i = 0; i < count && pool.length > 0; i++) {
      const index = Math.floor(this.next() * pool.length);
      taken.push(pool[index]);
      pool[index] = pool[pool.length - 1];
      pool.pop();
    }
    return taken;
  }

  digits(length: number): string {
    let out = "";
    for (let i = 0; i < length; i++) out += String(Math.floor(this.next() * 10));
    return out;
  }

  hex(length: number): string {
    let out = "";
    for (let i = 0; i < length; i++) out += HEX[Math.floor(this.next() * 16)];
    return out;
  }

  alphanumeric(length: number): string {
    let out = "";
    for (let i = 0; i < length; i++) out += ALPHANUMERIC[Math.floor(this.next() * ALPHANUMERIC.length)];
    return out;
  }

  /** A version-4-shaped UUID (deterministic, so not random in the RFC's sense). */
  uuid(): string {
    const variant = HEX[8 + Math.floor(this.next() * 4)];
    return `${this.hex(8)}-${this.hex(4)}-4${this.hex(3)}-${variant}${this.hex(3)}-${this.hex(12)}`;
  }
}

/** The random stream for one named part of the seed, e.g. `streamFor(seed, "request", 17)`. */
export function streamFor(seed: string, ...path: (string | number)[]): Random {
  return new Random(`${seed}/${path.join("/")}`);
}
