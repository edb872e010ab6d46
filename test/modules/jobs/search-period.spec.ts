import { periodShare, periodStart, PostingTimes } from '@src/modules/jobs/search/search-period';

describe('periodStart', () => {
  // Ten buckets of equal shares over 0..100: a tenth of the listings in each ten units.
  const histogram = (bounds: number[]): PostingTimes => ({ common: [], bounds, histogramShare: 1 });
  const even = histogram([0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);

  it('starts where the newest `share` of the listings begins', () => {
    expect(periodStart(even, null, 0.1)).toBeCloseTo(90);
    expect(periodStart(even, null, 0.25)).toBeCloseTo(75);
    expect(periodStart(even, null, 0.03)).toBeCloseTo(97);
  });

  it("counts the share beyond a later page's position", () => {
    expect(periodStart(even, 80, 0.1)).toBeCloseTo(70);
    expect(periodStart(even, 55, 0.05)).toBeCloseTo(50);
    // A position past the newest bound: the listings after it are none.
    expect(periodStart(even, 150, 0.1)).toBeCloseTo(90);
  });

  it('interpolates within buckets of unequal widths', () => {
    // Half the listings in the last day of a hundred.
    expect(periodStart(histogram([0, 99, 100]), null, 0.25)).toBeCloseTo(99.5);
    expect(periodStart(histogram([0, 99, 100]), null, 0.75)).toBeCloseTo(49.5);
  });

  it('counts the most common times, which the histogram leaves out', () => {
    // 30% posted at 100 and 20% at 99 (recent hours, each among the most common), the other half spread over 0..90.
    const recent: PostingTimes = {
      common: [
        { time: 100, share: 0.3 },
        { time: 99, share: 0.2 },
      ],
      bounds: [0, 9, 18, 27, 36, 45, 54, 63, 72, 81, 90],
      histogramShare: 0.5,
    };
    expect(periodStart(recent, null, 0.25)).toBeCloseTo(100);
    expect(periodStart(recent, null, 0.4)).toBeCloseTo(99);
    expect(periodStart(recent, null, 0.55)).toBeCloseTo(81);
    expect(periodStart(recent, 99.5, 0.3)).toBeCloseTo(72);
  });

  it('gives no period that would reach the oldest listings, nor one without statistics', () => {
    expect(periodStart(even, null, 1.01)).toBeNull();
    expect(periodStart(even, 20, 0.85)).toBeNull();
    expect(periodStart(even, -5, 0.1)).toBeNull();
    expect(periodStart(histogram([]), null, 0.1)).toBeNull();
    expect(periodStart(histogram([42]), null, 0.1)).toBeNull();
  });
});

describe('periodShare', () => {
  it('covers about four pages of the matches', () => {
    expect(periodShare(10_000, 21, 1_000_000)).toBeCloseTo(0.0084);
    expect(periodShare(3_000, 21, 1_000_000)).toBeCloseTo(0.028);
  });

  it("is none where reading every match costs less than the period's posting times: few matches of many listings", () => {
    // 683 matches of a million: 123,000 posting times to AND (~6 ms) for ~600 fewer matches read (~5 ms).
    expect(periodShare(683, 21, 1_000_000)).toBeNull();
    // The same matches of 100,000 listings: 12,300 posting times pay.
    expect(periodShare(683, 21, 100_000)).toBeCloseTo(0.123);
  });

  it('is none when it would cover most listings', () => {
    expect(periodShare(150, 21, 0)).toBeNull();
  });
});
