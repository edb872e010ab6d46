import { editDistance, nearestWord } from '@src/modules/jobs/search/search-words';

describe('misspelling correction', () => {
  it.each([
    ['python', 'python', 0],
    ['pyhton', 'python', 1],
    ['pythn', 'python', 1],
    ['pythonn', 'python', 1],
    ['pxthon', 'python', 1],
    ['enginere', 'engineer', 1],
    ['nurse', 'purses', 2],
  ])('counts %s → %s as %i edits (a swap of neighbours is one)', (a, b, edits) => {
    expect(editDistance(a, b)).toBe(edits);
  });

  it('takes the nearest candidate within one edit for a short word', () => {
    expect(nearestWord('pyhton', ['pythons', 'python', 'phyton'])).toBe('python');
    expect(nearestWord('nusre', ['nurses'])).toBeNull();
  });

  it('allows two edits from eight letters on', () => {
    expect(nearestWord('kubernets', ['kubernetes'])).toBe('kubernetes');
    expect(nearestWord('kubrnetess', ['kubernetes'])).toBe('kubernetes');
    expect(nearestWord('analyts', ['analysts'])).toBe('analysts');
    expect(nearestWord('anlyts', ['analysts'])).toBeNull();
  });
});
