import { periodStart } from '@src/modules/jobs/search/search-period';

describe('periodStart', () => {
  // Ten buckets of equal shares over 0..100: a tenth of the listings in each ten units.
  const bounds = [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100];

  it('starts where the newest `share` of the listings begins', () => {
    expect(periodStart(bounds, null, 0.1)).toBe(90);
    expect(periodStart(bounds, null, 0.25)).toBe(75);
    expect(periodStart(bounds, null, 0.03)).toBeCloseTo(97);
  });

  it("counts the share beyond a later page's position", () => {
    expect(periodStart(bounds, 80, 0.1)).toBeCloseTo(70);
    expect(periodStart(bounds, 55, 0.05)).toBeCloseTo(50);
    // A position past the newest bound: the listings after it are none.
    expect(periodStart(bounds, 150, 0.1)).toBe(90);
  });

  it('interpolates within buckets of unequal widths', () => {
    // Half the listings in the last day of a hundred.
    expect(periodStart([0, 99, 100], null, 0.25)).toBe(99.5);
    expect(periodStart([0, 99, 100], null, 0.75)).toBe(49.5);
  });

  it('gives no period that would reach the oldest listings, nor one without a histogram', () => {
    expect(periodStart(bounds, null, 1)).toBeNull();
    expect(periodStart(bounds, 20, 0.85)).toBeNull();
    expect(periodStart(bounds, -5, 0.1)).toBeNull();
    expect(periodStart([], null, 0.1)).toBeNull();
    expect(periodStart([42], null, 0.1)).toBeNull();
  });
});
