import { availableParallelism } from 'node:os';
import { loadConfig } from '@src/config/configuration';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    expect(loadConfig({})).toEqual({
      app: { port: 3000, logLevel: 'info' },
      database: { url: 'postgres://postgres@127.0.0.1:5432/career', replicaUrls: [], replicaMaxLagMs: 5_000 },
      redis: { url: 'redis://127.0.0.1:6379', prefix: 'career:', sentinelName: 'mymaster' },
      limits: { rateLimitScale: 1 },
      tailoring: { worker: 'inline', attempts: 3, retryDelayMs: 2_000, sweepIntervalMs: 60_000, sweepAfterMs: 10_000, engine: 'rules' },
      llm: { baseUrl: 'https://api.openai.com/v1', model: 'gpt-4o-mini', timeoutMs: 60_000, maxRetries: 2 },
      search: { countBudgetMs: 25, concurrency: Math.min(9, 2 * availableParallelism()) },
      pdf: { renderThreads: Math.max(1, availableParallelism() - 1), renderTimeoutMs: 10_000 },
      webhooks: { worker: 'inline', allowHttpLoopback: false, timeoutMs: 10_000, attempts: 13, retryDelayMs: 20_000, sweepIntervalMs: 5_000 },
      fromUrl: { timeoutMs: 10_000 },
      web: { signup: 'closed', sessionMaxAgeMs: 7 * 86_400_000, csrfSecret: expect.stringMatching(/^[0-9a-f]{64}$/), trustProxy: false },
      idempotency: { waitMs: 5_000, maxAnswerBytes: 65_536, accountBytes: 4_194_304 },
      http: { headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, maxConnections: 2_000 },
      metrics: {},
    });
  });

  it('reads replicas and Sentinels as lists, and refuses what is not one', () => {
    const config = loadConfig({
      DATABASE_REPLICA_URLS: 'postgres://u@replica-1:5432/career,postgresql://u@replica-2/career',
      REPLICA_MAX_LAG_MS: '250',
      REDIS_SENTINELS: 'sentinel-1:26379,10.0.0.7:26380',
      REDIS_SENTINEL_NAME: 'careers',
    });
    expect(config.database).toMatchObject({ replicaUrls: ['postgres://u@replica-1:5432/career', 'postgresql://u@replica-2/career'], replicaMaxLagMs: 250 });
    expect(config.redis).toMatchObject({
      sentinels: [
        { host: 'sentinel-1', port: 26379 },
        { host: '10.0.0.7', port: 26380 },
      ],
      sentinelName: 'careers',
    });
    expect(() => loadConfig({ DATABASE_REPLICA_URLS: 'replica-1:5432' })).toThrow('DATABASE_REPLICA_URLS must be postgres:// URLs separated by commas');
    expect(() => loadConfig({ REDIS_SENTINELS: 'sentinel-1' })).toThrow('REDIS_SENTINELS must be host:port pairs separated by commas');
  });

  it('makes a CSRF secret per process unless one is given, and reads the proxy setting as Express takes it', () => {
    expect(loadConfig({}).web.csrfSecret).not.toBe(loadConfig({}).web.csrfSecret);
    expect(loadConfig({ CSRF_SECRET: 'x'.repeat(32) }).web.csrfSecret).toBe('x'.repeat(32));
    expect(loadConfig({ TRUST_PROXY: 'true' }).web.trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).web.trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).web.trustProxy).toBe('loopback, 10.0.0.0/8');
    expect(loadConfig({ SIGNUP: 'open', SESSION_MAX_AGE_HOURS: '12' }).web).toMatchObject({ signup: 'open', sessionMaxAgeMs: 12 * 3_600_000 });
  });

  it('reads and converts the environment', () => {
    const config = loadConfig({ PORT: '8080', RATE_LIMIT_SCALE: '50', DATABASE_URL: 'postgresql://u@db:5432/x', LOG_LEVEL: 'warn' });
    expect(config.app).toEqual({ port: 8080, logLevel: 'warn' });
    expect(config.limits.rateLimitScale).toBe(50);
    expect(config.database.url).toBe('postgresql://u@db:5432/x');
    expect(loadConfig({ SEARCH_COUNT_BUDGET_MS: '200' }).search.countBudgetMs).toBe(200);
    expect(loadConfig({ SEARCH_CONCURRENCY: '9' }).search.concurrency).toBe(9);
    expect(loadConfig({ PDF_RENDER_THREADS: '3', PDF_RENDER_TIMEOUT_MS: '2500' }).pdf).toEqual({ renderThreads: 3, renderTimeoutMs: 2_500 });
    expect(loadConfig({ PUBLIC_URL: 'https://careers.example.com' }).app.publicUrl).toBe('https://careers.example.com');
    expect(loadConfig({ METRICS_TOKEN: 'm'.repeat(16) }).metrics.token).toBe('m'.repeat(16));
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow('METRICS_TOKEN must be at least 16 characters');
    const ollama = { TAILORING_ENGINE: 'llm', LLM_BASE_URL: 'http://localhost:11434/v1', LLM_MODEL: 'llama3.1', LLM_TIMEOUT_MS: '20000', LLM_MAX_RETRIES: '1' };
    expect(loadConfig(ollama).tailoring.engine).toBe('llm');
    expect(loadConfig(ollama).llm).toEqual({ baseUrl: 'http://localhost:11434/v1', model: 'llama3.1', timeoutMs: 20_000, maxRetries: 1 });
    expect(loadConfig({ LLM_API_KEY: 'sk-test' }).llm.apiKey).toBe('sk-test');
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT must be an integer'],
    [{ PUBLIC_URL: 'https://careers.example.com/app' }, 'PUBLIC_URL must be an http(s) origin without a path'],
    [{ RATE_LIMIT_SCALE: '0' }, 'RATE_LIMIT_SCALE must be positive'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must be a postgres:// URL'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL must be a redis:// URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ TAILORING_WORKER: 'sometimes' }, 'TAILORING_WORKER must be inline or off'],
    [{ TAILORING_ENGINE: 'gpt' }, 'TAILORING_ENGINE must be rules or llm'],
    [{ LLM_BASE_URL: 'localhost:11434/v1' }, 'LLM_BASE_URL must be an http(s) URL'],
    [{ LLM_TIMEOUT_MS: 'soon' }, 'LLM_TIMEOUT_MS must be an integer'],
    [{ LLM_MAX_RETRIES: 'many' }, 'LLM_MAX_RETRIES must be an integer'],
    [{ SEARCH_COUNT_BUDGET_MS: 'soon' }, 'SEARCH_COUNT_BUDGET_MS must be an integer'],
    [{ SEARCH_CONCURRENCY: '10' }, 'SEARCH_CONCURRENCY must be between 1 and 9'],
    [{ SEARCH_CONCURRENCY: '0' }, 'SEARCH_CONCURRENCY must be between 1 and 9'],
    [{ PDF_RENDER_THREADS: '0' }, 'PDF_RENDER_THREADS must be between 1 and 16'],
    [{ PDF_RENDER_TIMEOUT_MS: 'soon' }, 'PDF_RENDER_TIMEOUT_MS must be an integer'],
    [{ WEBHOOKS_ALLOW_HTTP_LOOPBACK: 'yes' }, 'WEBHOOKS_ALLOW_HTTP_LOOPBACK must be true or false'],
    [{ FROM_URL_TIMEOUT_MS: 'soon' }, 'FROM_URL_TIMEOUT_MS must be an integer'],
    [{ SIGNUP: 'yes' }, 'SIGNUP must be open or closed'],
    [{ CSRF_SECRET: 'short' }, 'CSRF_SECRET must be at least 32 characters'],
    [{ SESSION_MAX_AGE_HOURS: 'forever' }, 'SESSION_MAX_AGE_HOURS must be an integer'],
    [{ IDEMPOTENCY_WAIT_MS: 'a while' }, 'IDEMPOTENCY_WAIT_MS must be an integer'],
  ])('refuses %j with a clear message', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
