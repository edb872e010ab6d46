import { APPLICATION_STATUSES, ApplicationStatus, ARCHIVED_STATUSES } from '@src/modules/tracker/application-status';
import { TestAccount } from '../../setup/factories';
import { useTestApp } from '../../setup/test-app';

const PATH = '/v1/tracker/applications';
const BOARD = '/v1/tracker/board';

interface Listed {
  id: string;
  jobTitle: string;
  company: string;
  location: string | null;
  priority: number | null;
  appliedDate: string | null;
  createdAt: string;
  updatedAt: string;
}

interface SeedValues {
  jobTitle: string;
  company: string;
  location: string | null;
  priority: number | null;
  appliedDate: string | null;
  followUpAt: string | null;
}

/** Applications whose sort keys tie and leave gaps (null), so that an order is checked on its ties and empty values too. */
const SEEDS: SeedValues[] = [
  {
    jobTitle: 'Data Engineer',
    company: 'Émile & Co',
    location: 'Zürich',
    priority: 3,
    appliedDate: '2026-11-02T10:00:00Z',
    followUpAt: '2026-12-03T09:00:00Z',
  },
  { jobTitle: 'Backend Engineer', company: 'acme', location: 'Berlin', priority: 5, appliedDate: '2026-11-01T10:00:00Z', followUpAt: null },
  { jobTitle: 'Platform Engineer', company: 'Zeta', location: 'ZURICH', priority: null, appliedDate: null, followUpAt: '2026-12-01T09:00:00Z' },
  { jobTitle: 'Frontend Developer', company: 'Acme', location: null, priority: 3, appliedDate: '2026-11-02T10:00:00Z', followUpAt: '2026-12-01T09:00:00Z' },
  { jobTitle: 'SRE', company: 'Ökotech', location: 'Wien', priority: 1, appliedDate: '2026-10-30T10:00:00Z', followUpAt: null },
  {
    jobTitle: 'Engineering Manager',
    company: 'Beta 100%_off',
    location: 'Remote',
    priority: null,
    appliedDate: '2026-11-05T10:00:00Z',
    followUpAt: '2026-12-02T09:00:00Z',
  },
  { jobTitle: 'Staff Engineer', company: 'acme', location: 'São Paulo', priority: 5, appliedDate: null, followUpAt: null },
];
type Seed = SeedValues & { id: string; createdAt: string; updatedAt: string };

/** How the list orders each key: empty values last in both directions, ties by id in the key's direction. */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
const SORT_VALUE: Record<string, (seed: Seed) => string | number | null> = {
  createdAt: (seed) => seed.createdAt,
  updatedAt: (seed) => seed.updatedAt,
  appliedDate: (seed) => seed.appliedDate,
  priority: (seed) => seed.priority,
  company: (seed) => fold(seed.company),
  followUpAt: (seed) => seed.followUpAt,
};

function expectedOrder(seeds: Seed[], sort: string): string[] {
  const descending = sort.startsWith('-');
  const value = SORT_VALUE[descending ? sort.slice(1) : sort];
  const direction = descending ? -1 : 1;
  const compare = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
  return [...seeds]
    .sort((a, b) => {
      const [x, y] = [value(a), value(b)];
      if (x === null || y === null) return x === y ? direction * compare(a.id, b.id) : x === null ? 1 : -1;
      return direction * compare(x, y) || direction * compare(a.id, b.id);
    })
    .map((seed) => seed.id);
}

describe('the application list and the board', () => {
  const suite = useTestApp();

  describe('GET /v1/tracker/applications: sort, q and priority', () => {
    let account: TestAccount;
    let seeds: Seed[];

    const ids = async (query: string, from: TestAccount = account) => {
      const response = await from.api.get(`${PATH}?limit=100&${query}`);
      expect([query, response.status]).toEqual([query, 200]);
      return { ids: (response.body.data as Listed[]).map((item) => item.id), total: response.body.total as number };
    };
    const idsOf = (match: (seed: Seed) => boolean) => seeds.filter(match).map((seed) => seed.id);

    beforeAll(async () => {
      account = await suite.createAccount();
      seeds = [];
      for (const { followUpAt, ...seed } of SEEDS) {
        // Create leaves out what an application does not have; followUpAt is set by PATCH, the only way to set it.
        const created = await account.api.post(PATH, Object.fromEntries(Object.entries(seed).filter(([, value]) => value !== null)));
        expect(created.status).toBe(201);
        const id = created.body.applicationId as string;
        if (followUpAt) expect((await account.api.patch(`${PATH}/${id}`, { followUpAt })).status).toBe(200);
        seeds.push({ ...seed, followUpAt, id, createdAt: '', updatedAt: '' });
      }
      // A stranger's applications match every filter below, and must never be listed or counted.
      const stranger = await suite.createAccount();
      for (const seed of SEEDS) await stranger.api.post(PATH, { jobTitle: seed.jobTitle, company: seed.company, location: 'Zürich', priority: 5 });
      const listed = (await account.api.get(`${PATH}?limit=100`)).body.data as Listed[];
      for (const item of listed)
        Object.assign(
          seeds.find((seed) => seed.id === item.id)!,
          { createdAt: item.createdAt, updatedAt: item.updatedAt },
        );
    });

    it('keeps newest first when no sort is given', async () => {
      expect((await ids('')).ids).toEqual(expectedOrder(seeds, '-createdAt'));
    });

    it.each([
      'createdAt',
      '-createdAt',
      'updatedAt',
      '-updatedAt',
      'appliedDate',
      '-appliedDate',
      'priority',
      '-priority',
      'company',
      '-company',
      'followUpAt',
      '-followUpAt',
    ])('sorts by %s, empty values last and ties by id', async (sort) => {
      const listed = await ids(`sort=${sort}`);
      expect(listed).toEqual({ ids: expectedOrder(seeds, sort), total: SEEDS.length });
    });

    it.each(['priority', '-priority', 'company', '-appliedDate', 'followUpAt'])('pages through sort=%s without overlap or gap', async (sort) => {
      const pages: string[] = [];
      for (let offset = 0; offset < SEEDS.length; offset += 2) {
        const response = await account.api.get(`${PATH}?sort=${sort}&limit=2&offset=${offset}`);
        expect(response.body).toMatchObject({ total: SEEDS.length, hasMore: offset + 2 < SEEDS.length });
        pages.push(...(response.body.data as Listed[]).map((item) => item.id));
      }
      expect(pages).toEqual(expectedOrder(seeds, sort));
    });

    it.each([
      ['zurich', (seed: Seed) => fold(seed.location ?? '').includes('zurich')],
      ['ZÜRICH', (seed: Seed) => fold(seed.location ?? '').includes('zurich')],
      ['emile', (seed: Seed) => seed.company === 'Émile & Co'],
      ['okotech', (seed: Seed) => seed.company === 'Ökotech'],
      ['sao paulo', (seed: Seed) => seed.location === 'São Paulo'],
      ['ENGINEER', (seed: Seed) => seed.jobTitle.toLowerCase().includes('engineer')],
      ['acme', (seed: Seed) => seed.company.toLowerCase() === 'acme'],
      ['100%_', (seed: Seed) => seed.company === 'Beta 100%_off'],
      ['%', (seed: Seed) => seed.company.includes('%')],
      ['_', (seed: Seed) => seed.company.includes('_')],
      ['nowhere', () => false],
    ])('q=%s finds title, company or location whatever the case and accents, literally', async (q, match) => {
      const listed = await ids(`q=${encodeURIComponent(q)}`);
      expect(listed).toEqual({ ids: expectedOrder(seeds.filter(match), '-createdAt'), total: idsOf(match).length });
    });

    it('filters by priority, with the other filters and a sort', async () => {
      expect(await ids('priority=5')).toEqual({
        ids: expectedOrder(
          seeds.filter((seed) => seed.priority === 5),
          '-createdAt',
        ),
        total: 2,
      });
      expect(await ids('priority=3&sort=-appliedDate')).toEqual({
        ids: expectedOrder(
          seeds.filter((seed) => seed.priority === 3),
          '-appliedDate',
        ),
        total: 2,
      });
      expect(await ids('priority=5&q=staff')).toEqual({ ids: idsOf((seed) => seed.jobTitle === 'Staff Engineer'), total: 1 });
      expect(await ids('priority=2')).toEqual({ ids: [], total: 0 });
    });

    it('combines q and priority with status and the archived bucket', async () => {
      const account = await suite.createAccount();
      const make = async (jobTitle: string, priority: number, status: ApplicationStatus) => {
        const id = (await account.api.post(PATH, { jobTitle, company: 'Acme', priority })).body.applicationId as string;
        await account.api.patch(`${PATH}/${id}`, { status });
        return id;
      };
      const rejected = await make('Köln Engineer', 4, 'rejected');
      const applied = await make('Koln Engineer', 4, 'applied');
      await make('Berlin Engineer', 4, 'applied');
      expect(await ids('q=koln&archived=true', account)).toEqual({ ids: [rejected], total: 1 });
      expect(await ids('q=koln&archived=false&priority=4', account)).toEqual({ ids: [applied], total: 1 });
      expect(await ids('q=koln&status=applied', account)).toEqual({ ids: [applied], total: 1 });
      expect(await ids('priority=4&status=rejected', account)).toEqual({ ids: [rejected], total: 1 });
    });

    it.each(
      (
        [
          ['sort=asc', { sort: [expect.stringMatching(/^must be one of: updatedAt, -updatedAt, createdAt, -createdAt, .*-followUpAt$/)] }],
          ['sort=jobTitle', { sort: [expect.stringMatching(/^must be one of: /)] }],
          ['priority=0', { priority: ['must be between 1 and 5'] }],
          ['priority=high', { priority: ['must be an integer'] }],
          [`q=${'x'.repeat(201)}`, { q: ['must be at most 200 characters'] }],
          ['q=%00', { q: ['must not contain the NUL character (U+0000)'] }],
        ] as [string, object][]
      ).map(([query, details]): [string, string, object] => [query.length > 40 ? `${query.slice(0, 6)}… (${query.length} characters)` : query, query, details]),
    )('rejects ?%s', async (_name, query, details) => {
      const response = await account.api.get(`${PATH}?${query}`);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'Validation failed', details });
    });
  });

  describe('GET /v1/tracker/board', () => {
    /** What the board must say of applications with these statuses. */
    const boardOf = (statuses: ApplicationStatus[]) => {
      const count = (status: ApplicationStatus) => statuses.filter((candidate) => candidate === status).length;
      const archived = statuses.filter((status) => ARCHIVED_STATUSES.includes(status)).length;
      return {
        total: statuses.length,
        active: statuses.length - archived,
        archived,
        statuses: APPLICATION_STATUSES.map((status) => ({ status, count: count(status), isArchived: ARCHIVED_STATUSES.includes(status) })),
      };
    };

    it('counts every status of a new account as 0', async () => {
      const account = await suite.createAccount();
      const response = await account.api.get(BOARD);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ data: boardOf([]) });
    });

    it("counts the account's applications per status and archive bucket, exactly, and never another account's", async () => {
      const [account, stranger] = [await suite.createAccount(), await suite.createAccount()];
      const statuses: ApplicationStatus[] = ['applied', 'applied', 'offer', 'rejected', 'withdrawn', 'watchlist', 'interview_scheduled', 'no_response'];
      const ids = await Promise.all(statuses.map((_, index) => account.api.post(PATH, { jobTitle: `Role ${index}`, company: 'Acme' })));
      await Promise.all(ids.map((created, index) => account.api.patch(`${PATH}/${created.body.applicationId}`, { status: statuses[index] })));
      for (const status of ['accepted', 'offer', 'offer'] as const) {
        const id = (await stranger.api.post(PATH, { jobTitle: 'Theirs', company: 'Acme' })).body.applicationId;
        await stranger.api.patch(`${PATH}/${id}`, { status });
      }
      expect((await account.api.get(BOARD)).body).toEqual({ data: boardOf(statuses) });
      expect((await stranger.api.get(BOARD)).body).toEqual({ data: boardOf(['accepted', 'offer', 'offer']) });

      // A move and a delete show at once.
      await account.api.patch(`${PATH}/${ids[0].body.applicationId}`, { status: 'accepted' });
      await account.api.delete(`${PATH}/${ids[2].body.applicationId}`);
      const after: ApplicationStatus[] = ['accepted', 'applied', 'rejected', 'withdrawn', 'watchlist', 'interview_scheduled', 'no_response'];
      expect((await account.api.get(BOARD)).body).toEqual({ data: boardOf(after) });
      const list = await account.api.get(`${PATH}?archived=true`);
      expect(list.body.total).toBe(boardOf(after).archived);
    });

    it('needs tracker:read, and declares it with its limit of 60 a minute', async () => {
      const writer = await suite.createAccount({ scopes: ['tracker:write'] });
      const refused = await writer.api.get(BOARD);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ error: 'Insufficient scope', requiredScope: 'tracker:read' });
      const document = (await suite.owner.api.get('/docs-json')).body;
      expect(document.paths[BOARD].get['x-required-scope']).toBe('tracker:read');
      expect(document.paths[BOARD].get['x-rate-limit']).toMatchObject({ limit: 60 });
    });
  });
});
