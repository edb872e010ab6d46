import type { ApiClient } from '../../setup/api-client';
import { createAccount } from '../../setup/factories';
import { TestApp, useTestApp } from '../../setup/test-app';
import { ListingSet } from './listing-fixtures';

const SEARCH = '/v1/jobs/search';
const LISTINGS = 300;

/** The ids of every page of a search, through the cursor. */
async function pageThrough(api: ApiClient, body: Record<string, unknown>): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const response = await api.post(SEARCH, { ...body, limit: 100, ...(cursor ? { cursor } : {}) });
    expect(response.status).toBe(200);
    ids.push(...response.body.data.map((listing: { id: string }) => listing.id));
    cursor = response.body.nextCursor ?? undefined;
  } while (cursor);
  return ids;
}

let testApp: TestApp;
let api: ApiClient;

/**
 * The file's own database (each e2e file has one): a search without filters matches every listing there is.
 * The counting budget is the least there is, as on a machine too busy to count within the default 25 ms: the budget
 * may leave only a total plausibly above 10,000 to an estimate (decisions.md).
 */
const suite = useTestApp({ SEARCH_COUNT_BUDGET_MS: '1', TAILORING_WORKER: 'off', WEBHOOKS_WORKER: 'off' });
beforeAll(async () => {
  testApp = suite.testApp;
  api = (await createAccount(testApp.app, testApp.baseUrl, { scopes: ['jobs:search'] })).api;
  await new ListingSet(testApp.app).generate(LISTINGS, 'search-totals', new Date(Date.now() - 3_600_000));
});

describe('POST /v1/jobs/search total, with no time to count', () => {
  const SEARCHES: [string, Record<string, unknown>][] = [
    ['no filters', {}],
    ['a filter', { remote: true }],
    ['two filters', { country: 'US', employmentType: 'FULLTIME' }],
    ['two words', { query: 'senior engineer' }],
    ['a word and a filter', { query: 'data', country: 'US' }],
    ['a phrase and a period', { query: '"product manager"', datePosted: 'month' }],
  ];

  it.each(SEARCHES)('is the number of listings its pages hold, with %s', async (_name, body) => {
    const ids = await pageThrough(api, body);
    const first = await api.post(SEARCH, { ...body, limit: 20 });
    expect(first.status).toBe(200);
    expect([first.body.total, ids.length, new Set(ids).size]).toEqual([ids.length, ids.length, ids.length]);
  });

  it('is 300 with no filters: every listing', async () => {
    expect((await api.post(SEARCH, { limit: 20 })).body.total).toBe(LISTINGS);
  });
});
