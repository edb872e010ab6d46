import { jobUrlKey } from '@src/modules/tracker/job-url';

describe('jobUrlKey', () => {
  it.each([
    ['HTTPS://Jobs.Example.COM/Role/42', 'https://jobs.example.com/Role/42'],
    ['https://jobs.example.com:443/a', 'https://jobs.example.com/a'],
    ['http://jobs.example.com:80/a', 'http://jobs.example.com/a'],
    ['https://jobs.example.com:8443/a', 'https://jobs.example.com:8443/a'],
    ['https://jobs.example.com/a/', 'https://jobs.example.com/a'],
    ['https://jobs.example.com/a#apply', 'https://jobs.example.com/a'],
    ['https://jobs.example.com/a?utm_source=x&id=3&UTM_medium=y', 'https://jobs.example.com/a?id=3'],
    ['https://jobs.example.com/?utm_campaign=z', 'https://jobs.example.com'],
  ])('normalizes %s to %s', (input, expected) => {
    expect(jobUrlKey(input)).toBe(expected);
  });

  it('keeps the path case and other parameters, which can name different postings', () => {
    expect(jobUrlKey('https://x.example/Job?id=1')).not.toBe(jobUrlKey('https://x.example/job?id=1'));
    expect(jobUrlKey('https://x.example/job?id=1')).not.toBe(jobUrlKey('https://x.example/job?id=2'));
  });
});
