import ical, { VEvent } from 'node-ical';
import { ApiClient } from '../../setup/api-client';
import { expectDocumented } from '../../setup/expectations';
import { TestAccount } from '../../setup/factories';
import { useTestApp } from '../../setup/test-app';

const APPLICATIONS = '/v1/tracker/applications';
const suite = useTestApp();

async function application(account: TestAccount, body: object): Promise<string> {
  const created = await account.api.post(APPLICATIONS, body);
  expect(created.status).toBe(201);
  return created.body.applicationId;
}

async function interview(account: TestAccount, applicationId: string, date: string): Promise<string> {
  const created = await account.api.post(`${APPLICATIONS}/${applicationId}/interviews`, { round: 1, type: 'video', date });
  expect(created.status).toBe(201);
  return created.body.id;
}

/** A calendar app's fetch: no key, only the secret address. */
async function fetchFeed(url: string) {
  return new ApiClient(new URL(url).origin).get(new URL(url).pathname);
}

/** The feed's events as the second library reads them, by UID. */
async function feedEvents(url: string): Promise<Record<string, VEvent>> {
  const fetched = await fetchFeed(url);
  expect(fetched.status).toBe(200);
  const parsed = ical.sync.parseICS(fetched.body);
  return Object.fromEntries(Object.values(parsed).flatMap((component) => (component?.type === 'VEVENT' ? [[component.uid, component]] : [])));
}

async function newFeedUrl(account: TestAccount): Promise<string> {
  const rotated = await account.api.post('/v1/calendar/rotate');
  expect(rotated.status).toBe(200);
  return rotated.body.url;
}

describe('GET /v1/calendar', () => {
  it('makes the feed and shows its secret address once; later calls tell only when it was made', async () => {
    const account = await suite.createAccount();
    const first = await account.api.get('/v1/calendar');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/v1\/calendar\/[\w-]{43}\.ics$/), createdAt: expect.any(String) });

    const again = await account.api.get('/v1/calendar');
    expect(again.body).toEqual({ url: null, createdAt: first.body.createdAt });
    expect((await fetchFeed(first.body.url)).status).toBe(200);
  });

  it('needs tracker:read to see the feed and tracker:write to rotate it', async () => {
    const reader = await suite.createAccount({ scopes: ['tracker:read'] });
    expect((await reader.api.get('/v1/calendar')).status).toBe(200);
    const rotate = await reader.api.post('/v1/calendar/rotate');
    expect(rotate.status).toBe(403);
    expect(rotate.body).toEqual({ error: 'Insufficient scope', requiredScope: 'tracker:write' });
    const other = await suite.createAccount({ scopes: ['contacts:read'] });
    expect((await other.api.get('/v1/calendar')).body).toEqual({ error: 'Insufficient scope', requiredScope: 'tracker:read' });
  });
});

describe('GET /v1/calendar/{token}.ics', () => {
  let account: TestAccount;
  let url: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    account = await suite.createAccount();
    ids.acme = await application(account, { jobTitle: 'Backend Engineer', company: 'Acme', location: 'Berlin' });
    // 09:00 in Berlin in winter (UTC+1) is 08:00Z.
    ids.interview = await interview(account, ids.acme, '2026-12-01T09:00:00+01:00');
    ids.globex = await application(account, { jobTitle: 'Data Engineer', company: 'Globex' });
    expect((await account.api.patch(`${APPLICATIONS}/${ids.globex}`, { followUpAt: '2026-12-03T15:30:00+01:00' })).status).toBe(200);
    await application(account, { jobTitle: 'Nothing Scheduled', company: 'Initech' });
    url = await newFeedUrl(account);
  });

  it('answers the interviews and follow-ups as iCalendar, at their exact UTC instants, naming title and company', async () => {
    const fetched = await fetchFeed(url);
    expect(fetched.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(fetched.body).toContain('DTSTART:20261201T080000Z');
    const host = new URL(url).hostname;

    const events = await feedEvents(url);

    expect(Object.keys(events).sort()).toEqual([`follow-up-${ids.globex}@${host}`, `interview-${ids.interview}@${host}`].sort());
    const meeting = events[`interview-${ids.interview}@${host}`];
    expect([meeting.start.toISOString(), meeting.end?.toISOString()]).toEqual(['2026-12-01T08:00:00.000Z', '2026-12-01T09:00:00.000Z']);
    expect(meeting.summary).toBe('Interview: Backend Engineer at Acme');
    expect(meeting.location).toBe('Berlin');
    const followUp = events[`follow-up-${ids.globex}@${host}`];
    expect(followUp.start.toISOString()).toBe('2026-12-03T14:30:00.000Z');
    expect(followUp.summary).toBe('Follow up: Data Engineer at Globex');
  });

  it('gives an interview its own length, place and meeting link when it has them', async () => {
    const patched = await account.api.patch(`${APPLICATIONS}/${ids.acme}/interviews/${ids.interview}`, {
      durationMinutes: 45,
      location: 'Acme HQ, room 4',
      meetingUrl: 'https://meet.example/acme-1',
    });
    expect(patched.status).toBe(200);
    const meeting = (await feedEvents(url))[`interview-${ids.interview}@${new URL(url).hostname}`];
    expect([meeting.start.toISOString(), meeting.end?.toISOString(), meeting.location]).toEqual([
      '2026-12-01T08:00:00.000Z',
      '2026-12-01T08:45:00.000Z',
      'Acme HQ, room 4',
    ]);
    expect(JSON.stringify((meeting as unknown as { url?: unknown }).url)).toContain('https://meet.example/acme-1');
  });

  it('keeps every UID from one fetch to the next, also when an interview moves', async () => {
    const before = await feedEvents(url);
    expect(Object.keys(await feedEvents(url))).toEqual(Object.keys(before));

    expect((await account.api.patch(`${APPLICATIONS}/${ids.acme}/interviews/${ids.interview}`, { date: '2026-12-02T10:00:00Z' })).status).toBe(200);
    const after = await feedEvents(url);
    expect(Object.keys(after)).toEqual(Object.keys(before));
    expect(after[`interview-${ids.interview}@${new URL(url).hostname}`].start.toISOString()).toBe('2026-12-02T10:00:00.000Z');
  });

  it('ends the old address at once when the feed is rotated', async () => {
    const old = await newFeedUrl(account);
    const rotated = await newFeedUrl(account);

    expect(rotated).not.toBe(old);
    const gone = await fetchFeed(old);
    expect([gone.status, gone.body]).toEqual([404, { error: 'Not found' }]);
    expect((await fetchFeed(rotated)).status).toBe(200);
    url = rotated;
  });

  it("shows only its own account's events", async () => {
    const other = await suite.createAccount();
    const theirs = await application(other, { jobTitle: 'Their Job', company: 'Umbrella' });
    const theirInterview = await interview(other, theirs, '2026-12-05T09:00:00Z');
    const theirUrl = await newFeedUrl(other);

    const host = new URL(url).hostname;
    expect(Object.keys(await feedEvents(theirUrl))).toEqual([`interview-${theirInterview}@${host}`]);
    expect(Object.keys(await feedEvents(url))).not.toContain(`interview-${theirInterview}@${host}`);
  });

  it.each(['not-a-token', 'A'.repeat(43), ''])('answers 404 for the token %j, as for any unknown one', async (token) => {
    const answer = await fetchFeed(`${new URL(url).origin}/v1/calendar/${token}.ics`);
    expect([answer.status, answer.body]).toEqual([404, { error: 'Not found' }]);
  });
});

describe('the calendar in the OpenAPI document', () => {
  it('documents the keyed routes with scope and limit, and the feed as public, counted per client address', async () => {
    const document = await expectDocumented(suite.testApp.baseUrl, [
      ['/v1/calendar', 'get', 'tracker:read', 30],
      ['/v1/calendar/rotate', 'post', 'tracker:write', 20],
    ]);
    const feed = document.paths['/v1/calendar/{token}.ics'].get;
    expect(feed.security).toEqual([]);
    expect(feed['x-rate-limit']).toEqual({ limit: 30, window: '1m', per: 'client address' });
    expect(Object.keys(feed.responses['200'].content)).toEqual(['text/calendar']);
    expect(Object.keys(feed.responses)).toEqual(expect.arrayContaining(['200', '404', '429']));
  });
});
