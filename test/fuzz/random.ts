import { SeededRandom } from '../../tools/listing-generator/seeded-random';

/**
 * The listing generator's seeded PRNG, so a fuzz run is repeated exactly by its seed (FUZZ_SEED). Each request gets
 * its own generator derived from the seed and its number, so the order in which concurrent workers reach requests
 * does not change what each request is.
 */
export class Random extends SeededRandom {
  static derive(seed: number, index: number): Random {
    return new Random(`${seed}:${index}`);
  }

  /** A version 4 UUID made from this generator (not crypto.randomUUID, which a seed cannot repeat). */
  uuid(): string {
    const hex = Array.from({ length: 32 }, () => this.int(0, 15).toString(16));
    hex[12] = '4';
    hex[16] = ((this.int(0, 15) & 0x3) | 0x8).toString(16);
    const text = hex.join('');
    return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
  }
}
