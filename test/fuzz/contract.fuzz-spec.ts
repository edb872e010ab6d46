/** @long-running: sends its whole request budget. */
import { SCOPES } from '@src/common/auth/scopes';
import { FEATURES } from '@src/modules/accounts/account-plans';
import { ApiClient } from '../setup/api-client';
import { createAccount } from '../setup/factories';
import { startTestApp, TestApp } from '../setup/test-app';
import { ContractFuzzer } from './contract-fuzzer';

/**
 * `npm test` sends a small budget so that the suite stays quick; `npm run test:fuzz` sends a large one. A run is
 * repeated with the seed it prints: `FUZZ_SEED=<seed> npm run test:fuzz` (add FUZZ_CONCURRENCY=1 for the same order
 * of requests too; only the ids the service makes differ). A failure prints the request that showed it.
 */
const BUDGET = Number(process.env.FUZZ_BUDGET ?? 3_000);
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY ?? 4);
const RENDER_LIMIT_MS = 60_000;

describe('the contract of the OpenAPI document, fuzzed', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    // Limits scaled far up so that they do not hide everything else; a 429 is still checked for its shape. With the
    // limits scaled, exports arrive back to back (four at a time, random text that needs the CJK fonts) at a pool of
    // one thread on two cores, which renders at a lower priority than the suite's other processes: under a full
    // suite an export can wait well past 20 s (7 s with three busy processes beside it). The render's time limit is
    // widened so that this queue is not read as a failure (the limit's own 503 is tested in
    // test/modules/resumes/export), and the fuzzer waits longer than that limit for an export.
    testApp = await startTestApp({ RATE_LIMIT_SCALE: '1000', PDF_RENDER_TIMEOUT_MS: String(RENDER_LIMIT_MS) });
  });
  afterAll(() => testApp.close());

  it(
    `answers ${BUDGET} generated and mutated requests without a 5xx, in the documented shapes (seed ${SEED})`,
    async () => {
      const narrowScope = SCOPES[0];
      const [owner, other, free, narrow] = await Promise.all([
        createAccount(testApp.app, testApp.baseUrl, { features: [...FEATURES] }),
        createAccount(testApp.app, testApp.baseUrl, { features: [...FEATURES] }),
        createAccount(testApp.app, testApp.baseUrl, { plan: 'free' }),
        createAccount(testApp.app, testApp.baseUrl, { scopes: [narrowScope] }),
      ]);
      const document = (await new ApiClient(testApp.baseUrl).get('/docs-json')).body;
      const fuzzer = new ContractFuzzer({
        baseUrl: testApp.baseUrl,
        document,
        seed: SEED,
        budget: BUDGET,
        concurrency: CONCURRENCY,
        keys: { owner: owner.key, other: other.key, free: free.key, narrow: narrow.key },
        narrowScope,
        // Job listings are one database that every account searches (POST /v1/jobs/search).
        sharedCollections: ['/v1/jobs'],
        slowOperations: { 'POST /v1/resume/{id}/export/pdf': RENDER_LIMIT_MS + 5_000 },
      });
      const started = performance.now();
      await fuzzer.run();
      console.log(fuzzer.report((performance.now() - started) / 1000));
      expect(fuzzer.failureSummary()).toEqual([]);
    },
    120_000 + BUDGET * 20,
  );
});
