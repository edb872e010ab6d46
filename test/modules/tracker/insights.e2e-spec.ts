import { DataSource } from 'typeorm';
import { APPLICATION_STATUSES, ApplicationStatus } from '@src/modules/tracker/application-status';
import { TestAccount } from '../../setup/factories';
import { connect } from '../../setup/mcp-client';
import { useTestApp } from '../../setup/test-app';

const APPLICATIONS = '/v1/tracker/applications';
const INSIGHTS = '/v1/tracker/insights';
const DAY_MS = 86_400_000;

/**
 * An application's story: where it was found, which resume went out (the base resume, a second one, or none), and
 * its status timeline with the time of each change. The first entry is the create's `watchlist`; each later one is a
 * PATCH. The times are then written over the timeline's `created_at` in this test's own database (the service stamps
 * each entry with the clock when it is recorded, and a test cannot wait weeks).
 */
interface Story {
  source: string;
  resume: 'base' | 'second' | null;
  timeline: [ApplicationStatus, string][];
}

/** The range asked for: the ISO weeks 2026-W40 (Monday 28 September) to 2026-W45 (Sunday 8 November). */
const FROM = '2026-09-28';
const TO = '2026-11-08';

const STORIES: Story[] = [
  // All the way: every stage, with a known time to the first answer (applied → screening: 3.5 days).
  {
    source: 'LinkedIn',
    resume: 'base',
    timeline: [
      ['watchlist', '2026-10-05T09:00:00Z'],
      ['applied', '2026-10-06T09:00:00Z'],
      ['screening', '2026-10-09T21:00:00Z'],
      ['interview_scheduled', '2026-10-12T09:00:00Z'],
      ['interviewed', '2026-10-14T09:00:00Z'],
      ['offer', '2026-10-20T09:00:00Z'],
      ['accepted', '2026-10-22T09:00:00Z'],
    ],
  },
  // A rejection is an answer (3 days after applying).
  {
    source: 'LinkedIn',
    resume: 'base',
    timeline: [
      ['watchlist', '2026-10-06T10:00:00Z'],
      ['applied', '2026-10-07T10:00:00Z'],
      ['rejected', '2026-10-10T10:00:00Z'],
    ],
  },
  // Skips `applied` and `response`: it still reached both, but has no time of sending, so no days to the answer.
  {
    source: 'Referral',
    resume: 'second',
    timeline: [
      ['watchlist', '2026-10-08T08:00:00Z'],
      ['interview_scheduled', '2026-10-13T08:00:00Z'],
      ['withdrawn', '2026-10-15T08:00:00Z'],
    ],
  },
  // Sent, never answered.
  {
    source: 'CompanyWebsite',
    resume: null,
    timeline: [
      ['watchlist', '2026-10-13T12:00:00Z'],
      ['applied', '2026-10-14T12:00:00Z'],
      ['no_response', '2026-10-28T12:00:00Z'],
    ],
  },
  // Answered 4.5 days after applying, then an offer being negotiated (still open: that stay is not counted).
  {
    source: 'LinkedIn',
    resume: 'second',
    timeline: [
      ['watchlist', '2026-10-20T00:00:00Z'],
      ['applied', '2026-10-20T12:00:00Z'],
      ['response', '2026-10-25T00:00:00Z'],
      ['screening', '2026-10-27T00:00:00Z'],
      ['offer', '2026-11-03T00:00:00Z'],
      ['negotiating', '2026-11-05T00:00:00Z'],
    ],
  },
  // Only saved.
  { source: 'Other', resume: null, timeline: [['watchlist', '2026-10-27T15:00:00Z']] },
  // Rejected a day after applying, reopened, then screened: the first answer is the rejection; `applied` has two stays.
  {
    source: 'LinkedIn',
    resume: null,
    timeline: [
      ['watchlist', '2026-10-21T06:00:00Z'],
      ['applied', '2026-10-22T06:00:00Z'],
      ['rejected', '2026-10-23T06:00:00Z'],
      ['applied', '2026-10-26T06:00:00Z'],
      ['screening', '2026-11-02T06:00:00Z'],
    ],
  },
  // Added before the range: not in the funnel, but its `applied` falls in the range's first week.
  {
    source: 'JobWebsite',
    resume: 'base',
    timeline: [
      ['watchlist', '2026-09-20T09:00:00Z'],
      ['applied', '2026-10-01T09:00:00Z'],
      ['response', '2026-10-04T09:00:00Z'],
    ],
  },
  // Added and applied after the range: nowhere.
  {
    source: 'Referral',
    resume: 'base',
    timeline: [
      ['watchlist', '2026-11-10T09:00:00Z'],
      ['applied', '2026-11-11T09:00:00Z'],
    ],
  },
];

// The rules the API guide states, written out here on their own.
const STAGE: Record<ApplicationStatus, number> = {
  watchlist: 0,
  preparing: 0,
  applied: 1,
  response: 2,
  screening: 2,
  interview_scheduled: 3,
  interviewed: 3,
  offer: 4,
  negotiating: 4,
  accepted: 5,
  rejected: 1,
  withdrawn: 0,
  no_response: 1,
};
const answers = (status: ApplicationStatus) => STAGE[status] >= 2 || status === 'rejected';

const median = (values: number[]): number | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const round = (value: number | null, decimals: number) => (value === null ? null : Math.round(value * 10 ** decimals) / 10 ** decimals);
const time = (iso: string) => new Date(iso).getTime();

/** What the insights of `stories` over FROM–TO are, computed from their timelines by the rules above. */
function expectedInsights(stories: (Story & { cvId: string | null })[]) {
  const start = time(`${FROM}T00:00:00Z`);
  const end = time(`${TO}T00:00:00Z`) + DAY_MS;
  const journeys = stories.map((story) => {
    const entries = story.timeline.map(([status, at]) => ({ status, at: time(at) }));
    const appliedAt = entries.find((entry) => STAGE[entry.status] >= 1)?.at ?? null;
    const answeredAt = entries.find((entry) => answers(entry.status))?.at ?? null;
    return {
      ...story,
      entries,
      addedAt: entries[0].at,
      stage: Math.max(...entries.map((entry) => STAGE[entry.status])),
      appliedAt,
      answeredAt,
      daysToAnswer: appliedAt !== null && answeredAt !== null && answeredAt > appliedAt ? (answeredAt - appliedAt) / DAY_MS : null,
    };
  });
  const cohort = journeys.filter((journey) => journey.addedAt >= start && journey.addedAt < end);
  const weeks = [];
  for (let monday = start; monday < end; monday += 7 * DAY_MS) {
    const within = (at: number | null) => at !== null && at >= Math.max(monday, start) && at < Math.min(monday + 7 * DAY_MS, end);
    weeks.push({
      start: new Date(monday).toISOString().slice(0, 10),
      added: journeys.filter((journey) => within(journey.addedAt)).length,
      applied: journeys.filter((journey) => within(journey.appliedAt)).length,
    });
  }
  const responses = <K extends 'source' | 'cvId'>(key: K) => {
    const groups = new Map<string | null, typeof cohort>();
    for (const journey of cohort.filter((journey) => journey.stage >= 1)) groups.set(journey[key], [...(groups.get(journey[key]) ?? []), journey]);
    return [...groups.entries()]
      .map(([value, group]) => {
        const responded = group.filter((journey) => journey.answeredAt !== null).length;
        return {
          [key]: value,
          applied: group.length,
          responded,
          responseRate: round(responded / group.length, 4),
          medianDaysToFirstResponse: round(median(group.flatMap((journey) => (journey.daysToAnswer === null ? [] : [journey.daysToAnswer]))), 2),
        };
      })
      .sort((a, b) => b.applied - a.applied || (a[key] === null ? 1 : b[key] === null ? -1 : (a[key] as string) < (b[key] as string) ? -1 : 1));
  };
  const stays = new Map<ApplicationStatus, number[]>();
  for (const journey of cohort) {
    journey.entries.slice(0, -1).forEach((entry, index) => {
      stays.set(entry.status, [...(stays.get(entry.status) ?? []), (journey.entries[index + 1].at - entry.at) / DAY_MS]);
    });
  }
  return {
    from: FROM,
    to: TO,
    weeks,
    funnel: {
      added: cohort.length,
      applied: cohort.filter((journey) => journey.stage >= 1).length,
      response: cohort.filter((journey) => journey.answeredAt !== null).length,
      interview: cohort.filter((journey) => journey.stage >= 3).length,
      offer: cohort.filter((journey) => journey.stage >= 4).length,
      accepted: cohort.filter((journey) => journey.stage >= 5).length,
    },
    bySource: responses('source'),
    byResume: responses('cvId'),
    statusDurations: APPLICATION_STATUSES.map((status) => ({
      status,
      stays: stays.get(status)?.length ?? 0,
      medianDays: round(median(stays.get(status) ?? []), 2),
    })),
  };
}

describe('GET /v1/tracker/insights', () => {
  const suite = useTestApp();
  let account: TestAccount;
  let stories: (Story & { id: string; cvId: string | null })[];

  /** Creates the stories' applications through the API, moves them with PATCH, then dates their timelines. */
  async function tell(owner: TestAccount, told: Story[]) {
    const database = suite.testApp.app.get(DataSource);
    const resumes = (await owner.api.get('/v1/resume')).body.data as { id: string; isDefault: boolean }[];
    const base = resumes.find((resume) => resume.isDefault)!.id;
    const second = (await owner.api.post('/v1/resume', { name: 'Second resume' })).body.id as string;
    const made = [];
    for (const [index, story] of told.entries()) {
      const cvId = story.resume === 'base' ? base : story.resume === 'second' ? second : null;
      const created = await owner.api.post(APPLICATIONS, { jobTitle: `Role ${index}`, company: 'Acme', source: story.source, ...(cvId && { cvId }) });
      expect(created.status).toBe(201);
      const id = created.body.applicationId as string;
      for (const [status] of story.timeline.slice(1)) expect((await owner.api.patch(`${APPLICATIONS}/${id}`, { status })).status).toBe(200);
      // An activity of one's own sits in the timeline too, and says nothing about the status.
      expect((await owner.api.post(`${APPLICATIONS}/${id}/activities`, { type: 'note', body: 'Called the recruiter' })).status).toBe(201);
      const entries: { id: string }[] = await database.query(
        'SELECT id FROM application_timeline_entries WHERE application_id = $1 AND type IS NULL ORDER BY sequence',
        [id],
      );
      expect(entries).toHaveLength(story.timeline.length);
      for (const [position, entry] of entries.entries()) {
        await database.query('UPDATE application_timeline_entries SET created_at = $1 WHERE id = $2', [story.timeline[position][1], entry.id]);
      }
      made.push({ ...story, id, cvId });
    }
    return made;
  }

  beforeAll(async () => {
    account = await suite.createAccount();
    stories = await tell(account, STORIES);
    // Another account's applications in the same weeks, which must count nowhere but in its own insights.
    const stranger = await suite.createAccount();
    await tell(stranger, [STORIES[0], STORIES[6]]);
  });

  it("answers the figures computed from the timelines it was given, and no other account's", async () => {
    const response = await account.api.get(`${INSIGHTS}?from=${FROM}&to=${TO}`);
    expect(response.status).toBe(200);
    const expected = expectedInsights(stories);
    const weeks = response.body.data.weeks as { week: string }[];
    expect(weeks.map((week) => week.week)).toEqual(['2026-W40', '2026-W41', '2026-W42', '2026-W43', '2026-W44', '2026-W45']);
    expect(response.body).toEqual({
      data: { ...expected, weeks: expected.weeks.map((week, index) => ({ week: weeks[index].week, ...week })) },
    });
  });

  it('counts a skipped status as reached, a rejection as an answer, and each stage once', async () => {
    const { data } = (await account.api.get(`${INSIGHTS}?from=${FROM}&to=${TO}`)).body;
    // Seven were added in the range; the one only saved never applied, the one never answered got no answer; an offer implies an interview.
    expect(data.funnel).toEqual({ added: 7, applied: 6, response: 5, interview: 3, offer: 2, accepted: 1 });
    expect(data.bySource[0]).toEqual({ source: 'LinkedIn', applied: 4, responded: 4, responseRate: 1, medianDaysToFirstResponse: 3.25 });
    expect(data.weeks[0]).toEqual({ week: '2026-W40', start: '2026-09-28', added: 0, applied: 1 });
    expect(data.statusDurations.find((duration: { status: string }) => duration.status === 'applied')).toEqual({
      status: 'applied',
      stays: 6,
      medianDays: 4,
    });
  });

  it('covers the last 12 ISO weeks up to today by default', async () => {
    const { data } = (await account.api.get(INSIGHTS)).body;
    const today = new Date().toISOString().slice(0, 10);
    expect(data.to).toBe(today);
    expect(data.weeks).toHaveLength(12);
    expect(new Date(`${data.from}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(data.weeks[0].start).toBe(data.from);
  });

  it('answers zeros, not errors, for an account without applications', async () => {
    const fresh = await suite.createAccount();
    const { data } = (await fresh.api.get(`${INSIGHTS}?from=${FROM}&to=${TO}`)).body;
    expect(data.funnel).toEqual({ added: 0, applied: 0, response: 0, interview: 0, offer: 0, accepted: 0 });
    expect(data.weeks.every((week: { added: number; applied: number }) => week.added === 0 && week.applied === 0)).toBe(true);
    expect(data).toMatchObject({ bySource: [], byResume: [] });
    expect(data.statusDurations).toHaveLength(APPLICATION_STATUSES.length);
  });

  it.each([
    ['from=2026-02-30', { from: ['must be a date: YYYY-MM-DD'] }],
    ['to=yesterday', { to: ['must be a date: YYYY-MM-DD'] }],
    ['from=2026-11-02&to=2026-11-01', { to: ['must not be before from'] }],
    ['from=2020-01-01&to=2026-01-01', { to: ['must be at most 1830 days after from'] }],
    ['since=2026-01-01', { since: ['is not allowed'] }],
  ])('answers 400 for %s', async (query, details) => {
    expect(await account.api.get(`${INSIGHTS}?${query}`)).toMatchObject({ status: 400, body: { error: 'Validation failed', details } });
  });

  it('needs tracker:read', async () => {
    const writer = await suite.createAccount({ scopes: ['tracker:write'] });
    expect(await writer.api.get(INSIGHTS)).toMatchObject({ status: 403, body: { requiredScope: 'tracker:read' } });
  });

  it('answers the same through the get_tracker_insights MCP tool', async () => {
    const client = await connect(suite.testApp.baseUrl, account.key);
    try {
      const result = await client.callTool({ name: 'get_tracker_insights', arguments: { from: FROM, to: TO } });
      const http = await account.api.get(`${INSIGHTS}?from=${FROM}&to=${TO}`);
      expect(JSON.parse((result as { content: { text: string }[] }).content[0].text)).toEqual(http.body);
    } finally {
      await client.close();
    }
  });
});
