import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { plainToInstance, Type } from 'class-transformer';
import { IsIn, IsInt, IsNumber, IsOptional, IsString, Matches, Max, MinLength, Min, validateSync } from 'class-validator';
import { POOL_SIZE } from '../database/data-source-options';

/**
 * Job searches one process may run at once: a search holds a pooled connection and may wait for a second, for its
 * count. Were every connection held by a search waiting for its second, none would come back (seen under load: 503s
 * after the pool's connect timeout); fewer searches than half the pool leave every waiting one a connection.
 */
export const SEARCH_CONCURRENCY_LIMIT = Math.floor((POOL_SIZE - 1) / 2);

/** The environment the service reads, validated once at start: a bad value stops it with a message naming it. */
class Environment {
  @IsOptional()
  @Matches(/^postgres(ql)?:\/\/.+/, { message: 'DATABASE_URL must be a postgres:// URL' })
  DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/career';

  @IsOptional()
  @Matches(/^rediss?:\/\/.+/, { message: 'REDIS_URL must be a redis:// URL' })
  REDIS_URL = 'redis://127.0.0.1:6379';

  /**
   * Redis with failover: `host:port` of each Sentinel, comma-separated. Set, the service asks them for the master
   * named REDIS_SENTINEL_NAME (and again after a failover); REDIS_URL then gives only the password and database.
   */
  @IsOptional()
  @Matches(/^[^,:\s]+:\d{1,5}(,[^,:\s]+:\d{1,5})*$/, { message: 'REDIS_SENTINELS must be host:port pairs separated by commas' })
  REDIS_SENTINELS?: string;

  @IsOptional()
  @IsString()
  REDIS_SENTINEL_NAME = 'mymaster';

  /**
   * Read replicas of DATABASE_URL (postgres:// URLs, comma-separated): job search and listing reads go to one that
   * is up and within REPLICA_MAX_LAG_MS of the primary; everything else reads from the primary.
   */
  @IsOptional()
  @Matches(/^postgres(ql)?:\/\/[^,]+(,postgres(ql)?:\/\/[^,]+)*$/, { message: 'DATABASE_REPLICA_URLS must be postgres:// URLs separated by commas' })
  DATABASE_REPLICA_URLS?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'REPLICA_MAX_LAG_MS must be an integer' })
  @Min(0)
  REPLICA_MAX_LAG_MS = 5_000;

  /** Prefix of every Redis key the service writes, so that several deployments (or test runs) can share one Redis. */
  @IsOptional()
  @IsString()
  REDIS_PREFIX = 'career:';

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'PORT must be an integer' })
  @Min(0)
  @Max(65535)
  PORT = 3000;

  @IsOptional()
  @Type(() => Number)
  @IsNumber({}, { message: 'RATE_LIMIT_SCALE must be a number' })
  @Min(0.001, { message: 'RATE_LIMIT_SCALE must be positive' })
  RATE_LIMIT_SCALE = 1;

  @IsOptional()
  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL = 'info';

  /** `inline`: the API process also tailors resumes; `off`: only `npm run start:worker` processes do. */
  @IsOptional()
  @IsIn(['inline', 'off'], { message: 'TAILORING_WORKER must be inline or off' })
  TAILORING_WORKER: 'inline' | 'off' = 'inline';

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'TAILORING_ATTEMPTS must be an integer' })
  @Min(1)
  @Max(10)
  TAILORING_ATTEMPTS = 3;

  /** First retry delay; each further retry waits twice as long. */
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'TAILORING_RETRY_DELAY_MS must be an integer' })
  @Min(0)
  TAILORING_RETRY_DELAY_MS = 2_000;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'TAILORING_SWEEP_INTERVAL_MS must be an integer' })
  @Min(100)
  TAILORING_SWEEP_INTERVAL_MS = 60_000;

  /** How long a pending tailoring may go without a job before the sweep enqueues it again. */
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'TAILORING_SWEEP_AFTER_MS must be an integer' })
  @Min(0)
  TAILORING_SWEEP_AFTER_MS = 10_000;

  /**
   * Which engine tailors an autoPrepare copy: `rules` (embedded, needs nothing) orders and hides items for the job;
   * `llm` does the same and has an OpenAI-compatible chat-completions endpoint (LLM_*) rewrite the summary and the
   * bullets of the items kept, every sentence checked against the resume, falling back to `rules` when it fails.
   */
  @IsOptional()
  @IsIn(['rules', 'llm'], { message: 'TAILORING_ENGINE must be rules or llm' })
  TAILORING_ENGINE: 'rules' | 'llm' = 'rules';

  /** The OpenAI-compatible API's base URL, up to `/v1`: OpenAI, Azure, OpenRouter, vLLM, LM Studio, Ollama (`http://localhost:11434/v1`). */
  @IsOptional()
  @Matches(/^https?:\/\/\S+$/, { message: 'LLM_BASE_URL must be an http(s) URL' })
  LLM_BASE_URL = 'https://api.openai.com/v1';

  @IsOptional()
  @IsString()
  @MinLength(1)
  LLM_MODEL = 'gpt-4o-mini';

  /** Sent as the bearer token; local servers (Ollama, vLLM) need none. */
  @IsOptional()
  @IsString()
  LLM_API_KEY?: string;

  /** How long one request to the model may take before it is retried. */
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'LLM_TIMEOUT_MS must be an integer' })
  @Min(100)
  @Max(600_000)
  LLM_TIMEOUT_MS = 60_000;

  /** Retries of a failed request (timeout, 429, 5xx, malformed answer, refusal), with backoff, before the rules engine takes over. */
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'LLM_MAX_RETRIES must be an integer' })
  @Min(0)
  @Max(10)
  LLM_MAX_RETRIES = 2;

  /**
   * How long a job search may spend on its total: the sample's estimate and a count of its matches (up to 10,001)
   * share it; past it, a total the estimate puts above 12,500 is that estimate, and a smaller one is still counted
   * (docs/api-guide.md, "Paging and totals"). Raise it where exact totals above 10,000 matter more.
   */
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'SEARCH_COUNT_BUDGET_MS must be an integer' })
  @Min(1)
  SEARCH_COUNT_BUDGET_MS = 25;

  /**
   * How many job searches a process runs at once; more wait their turn. A search holds up to two pooled connections,
   * so at most 9 of the pool's 20. Unset: two per core of the machine the service runs on.
   */
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'SEARCH_CONCURRENCY must be an integer' })
  @Min(1, { message: 'SEARCH_CONCURRENCY must be between 1 and 9' })
  @Max(SEARCH_CONCURRENCY_LIMIT, { message: 'SEARCH_CONCURRENCY must be between 1 and 9' })
  SEARCH_CONCURRENCY?: number;

  /**
   * Threads that render PDF exports, off the event loop; more exports wait their turn. Unset: one fewer than the
   * machine's cores (at least one), so that the event loop keeps a core of its own while exports render.
   */
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'PDF_RENDER_THREADS must be an integer' })
  @Min(1, { message: 'PDF_RENDER_THREADS must be between 1 and 16' })
  @Max(16, { message: 'PDF_RENDER_THREADS must be between 1 and 16' })
  PDF_RENDER_THREADS?: number;

  /** How long a PDF export may wait for a render thread and render, before it answers 503 PDF_RENDER_TIMEOUT. */
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'PDF_RENDER_TIMEOUT_MS must be an integer' })
  @Min(1, { message: 'PDF_RENDER_TIMEOUT_MS must be between 1 and 120000' })
  @Max(120_000, { message: 'PDF_RENDER_TIMEOUT_MS must be between 1 and 120000' })
  PDF_RENDER_TIMEOUT_MS = 10_000;

  /** `inline`: the API process also delivers webhooks; `off`: only `npm run start:worker` processes do. */
  @IsOptional()
  @IsIn(['inline', 'off'], { message: 'WEBHOOKS_WORKER must be inline or off' })
  WEBHOOKS_WORKER: 'inline' | 'off' = 'inline';

  /** For development and tests only: lets webhook endpoints use http, and https or http to loopback addresses. */
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'WEBHOOKS_ALLOW_HTTP_LOOPBACK must be true or false' })
  WEBHOOKS_ALLOW_HTTP_LOOPBACK: 'true' | 'false' = 'false';

  /** How long one delivery attempt may take, connection to last byte of the answer. */
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'WEBHOOKS_TIMEOUT_MS must be an integer' })
  @Min(100)
  @Max(60_000)
  WEBHOOKS_TIMEOUT_MS = 10_000;

  /**
   * Attempts of a delivery before it fails and its endpoint is disabled. With the default first delay each retry
   * waiting twice as long as the one before, 13 attempts span about a day (20 s × (2^12 − 1) ≈ 23 h).
   */
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'WEBHOOKS_ATTEMPTS must be an integer' })
  @Min(1)
  @Max(30)
  WEBHOOKS_ATTEMPTS = 13;

  /** Wait before the first retry of a delivery; each further retry waits twice as long. */
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'WEBHOOKS_RETRY_DELAY_MS must be an integer' })
  @Min(0)
  WEBHOOKS_RETRY_DELAY_MS = 20_000;

  /** How often a delivery worker looks for events and deliveries whose notification it missed (after a crash, say). */
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'WEBHOOKS_SWEEP_INTERVAL_MS must be an integer' })
  @Min(100)
  WEBHOOKS_SWEEP_INTERVAL_MS = 5_000;

  /** How long saving a job from its page may spend fetching the page, redirects included (it answers 422 past it). */
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'FROM_URL_TIMEOUT_MS must be an integer' })
  @Min(100)
  @Max(60_000)
  FROM_URL_TIMEOUT_MS = 10_000;

  /** `open`: anyone may create a free account at `/sign-up`; `closed`: accounts come from the CLI only. */
  @IsOptional()
  @IsIn(['open', 'closed'], { message: 'SIGNUP must be open or closed' })
  SIGNUP: 'open' | 'closed' = 'closed';

  /** How long a browser session lasts after sign-in, in hours. */
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'SESSION_MAX_AGE_HOURS must be an integer' })
  @Min(1)
  @Max(24 * 90)
  SESSION_MAX_AGE_HOURS = 24 * 7;

  /**
   * The key that signs CSRF tokens. Every process of one deployment needs the same one; without it each process
   * makes its own at start, which suits a single process (a restart only asks open forms to be sent again).
   */
  @IsOptional()
  @IsString()
  @MinLength(32, { message: 'CSRF_SECRET must be at least 32 characters' })
  CSRF_SECRET?: string;

  /**
   * Express's `trust proxy`: `false` (default), `true`, a number of hops, or addresses (`loopback`, `10.0.0.0/8`, ...).
   * Behind a TLS-terminating proxy it lets the service see the client's address and that the request was HTTPS,
   * which marks the session cookie `Secure`.
   */
  @IsOptional()
  @IsString()
  TRUST_PROXY = 'false';
  /**
   * How long a client may take to send a request's headers, and the whole request with its body: a client that
   * trickles them holds a connection no longer (Node's defaults are 60 s and 300 s).
   */
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'HTTP_HEADERS_TIMEOUT_MS must be an integer' })
  @Min(1)
  HTTP_HEADERS_TIMEOUT_MS = 10_000;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'HTTP_REQUEST_TIMEOUT_MS must be an integer' })
  @Min(1)
  HTTP_REQUEST_TIMEOUT_MS = 30_000;

  /** Connections a process holds open at once; past it, a new one is closed at once (Node's default: no limit). */
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'HTTP_MAX_CONNECTIONS must be an integer' })
  @Min(1)
  HTTP_MAX_CONNECTIONS = 2_000;

  /** How long a request with an Idempotency-Key waits for the answer of an earlier one still running, before a 409. */
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'IDEMPOTENCY_WAIT_MS must be an integer' })
  @Min(0)
  IDEMPOTENCY_WAIT_MS = 5_000;

  /** The largest answer an Idempotency-Key keeps; a larger one is kept as "ran, answer not kept" (409 on a retry). */
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'IDEMPOTENCY_MAX_ANSWER_BYTES must be an integer' })
  @Min(256)
  IDEMPOTENCY_MAX_ANSWER_BYTES = 64 * 1024;

  /** What one account's kept answers may hold together; keeping one more drops the account's oldest past it. */
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'IDEMPOTENCY_ACCOUNT_BYTES must be an integer' })
  @Min(1024)
  IDEMPOTENCY_ACCOUNT_BYTES = 4 * 1024 * 1024;

  /**
   * The URL people and apps reach this service at (`https://careers.example.com`): the OAuth issuer, and the base of
   * the `/mcp` resource its tokens are for. Unset, OAuth works only for requests to a loopback host (development).
   */
  /**
   * When set, `GET /metrics` answers only requests with `Authorization: Bearer <METRICS_TOKEN>`; unset, it answers
   * anyone who reaches it (keep it off the public network then).
   */
  @IsOptional()
  @IsString()
  @MinLength(16, { message: 'METRICS_TOKEN must be at least 16 characters' })
  METRICS_TOKEN?: string;

  /** When set, `/metrics` is served on this port, by a listener of its own, and no longer on PORT. */
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'METRICS_PORT must be an integer' })
  @Min(1, { message: 'METRICS_PORT must be between 1 and 65535' })
  @Max(65535, { message: 'METRICS_PORT must be between 1 and 65535' })
  METRICS_PORT?: number;

  /** The address METRICS_PORT's listener binds (`127.0.0.1`, an internal interface's); unset, every interface, like PORT. */
  @IsOptional()
  @IsString()
  METRICS_HOST?: string;

  @IsOptional()
  @Matches(/^https?:\/\/[^/?#]+$/, { message: 'PUBLIC_URL must be an http(s) origin without a path, such as https://careers.example.com' })
  PUBLIC_URL?: string;
}

export interface AppConfig {
  app: { port: number; logLevel: string; publicUrl?: string };
  database: { url: string; replicaUrls: string[]; replicaMaxLagMs: number };
  redis: { url: string; prefix: string; sentinels?: { host: string; port: number }[]; sentinelName: string };
  limits: { rateLimitScale: number };
  tailoring: { worker: 'inline' | 'off'; attempts: number; retryDelayMs: number; sweepIntervalMs: number; sweepAfterMs: number; engine: 'rules' | 'llm' };
  llm: { baseUrl: string; model: string; apiKey?: string; timeoutMs: number; maxRetries: number };
  search: { countBudgetMs: number; concurrency: number };
  pdf: { renderThreads: number; renderTimeoutMs: number };
  webhooks: { worker: 'inline' | 'off'; allowHttpLoopback: boolean; timeoutMs: number; attempts: number; retryDelayMs: number; sweepIntervalMs: number };
  fromUrl: { timeoutMs: number };
  web: { signup: 'open' | 'closed'; sessionMaxAgeMs: number; csrfSecret: string; trustProxy: boolean | number | string };
  idempotency: { waitMs: number; maxAnswerBytes: number; accountBytes: number };
  http: { headersTimeoutMs: number; requestTimeoutMs: number; maxConnections: number };
  metrics: { token?: string; port?: number; host?: string };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const defined = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = plainToInstance(Environment, defined);
  const errors = validateSync(parsed, { whitelist: false });
  if (errors.length > 0) {
    const messages = errors.flatMap((error) => Object.values(error.constraints ?? {}));
    throw new Error(`Invalid configuration: ${messages.join('; ')}`);
  }
  if (parsed.METRICS_PORT !== undefined && parsed.METRICS_PORT === parsed.PORT) {
    throw new Error('Invalid configuration: METRICS_PORT must differ from PORT (unset it to serve /metrics on PORT)');
  }
  return {
    app: { port: parsed.PORT, logLevel: parsed.LOG_LEVEL, publicUrl: parsed.PUBLIC_URL },
    database: { url: parsed.DATABASE_URL, replicaUrls: parsed.DATABASE_REPLICA_URLS?.split(',') ?? [], replicaMaxLagMs: parsed.REPLICA_MAX_LAG_MS },
    redis: {
      url: parsed.REDIS_URL,
      prefix: parsed.REDIS_PREFIX,
      sentinels: parsed.REDIS_SENTINELS?.split(',').map((pair) => {
        const [host, port] = pair.split(':');
        return { host, port: Number(port) };
      }),
      sentinelName: parsed.REDIS_SENTINEL_NAME,
    },
    limits: { rateLimitScale: parsed.RATE_LIMIT_SCALE },
    tailoring: {
      worker: parsed.TAILORING_WORKER,
      attempts: parsed.TAILORING_ATTEMPTS,
      retryDelayMs: parsed.TAILORING_RETRY_DELAY_MS,
      sweepIntervalMs: parsed.TAILORING_SWEEP_INTERVAL_MS,
      sweepAfterMs: parsed.TAILORING_SWEEP_AFTER_MS,
      engine: parsed.TAILORING_ENGINE,
    },
    llm: {
      baseUrl: parsed.LLM_BASE_URL,
      model: parsed.LLM_MODEL,
      apiKey: parsed.LLM_API_KEY,
      timeoutMs: parsed.LLM_TIMEOUT_MS,
      maxRetries: parsed.LLM_MAX_RETRIES,
    },
    search: {
      countBudgetMs: parsed.SEARCH_COUNT_BUDGET_MS,
      concurrency: parsed.SEARCH_CONCURRENCY ?? Math.min(SEARCH_CONCURRENCY_LIMIT, 2 * availableParallelism()),
    },
    pdf: {
      renderThreads: parsed.PDF_RENDER_THREADS ?? Math.max(1, availableParallelism() - 1),
      renderTimeoutMs: parsed.PDF_RENDER_TIMEOUT_MS,
    },
    webhooks: {
      worker: parsed.WEBHOOKS_WORKER,
      allowHttpLoopback: parsed.WEBHOOKS_ALLOW_HTTP_LOOPBACK === 'true',
      timeoutMs: parsed.WEBHOOKS_TIMEOUT_MS,
      attempts: parsed.WEBHOOKS_ATTEMPTS,
      retryDelayMs: parsed.WEBHOOKS_RETRY_DELAY_MS,
      sweepIntervalMs: parsed.WEBHOOKS_SWEEP_INTERVAL_MS,
    },
    fromUrl: { timeoutMs: parsed.FROM_URL_TIMEOUT_MS },
    web: {
      signup: parsed.SIGNUP,
      sessionMaxAgeMs: parsed.SESSION_MAX_AGE_HOURS * 3_600_000,
      csrfSecret: parsed.CSRF_SECRET ?? randomBytes(32).toString('hex'),
      trustProxy: trustProxy(parsed.TRUST_PROXY),
    },
    idempotency: { waitMs: parsed.IDEMPOTENCY_WAIT_MS, maxAnswerBytes: parsed.IDEMPOTENCY_MAX_ANSWER_BYTES, accountBytes: parsed.IDEMPOTENCY_ACCOUNT_BYTES },
    http: { headersTimeoutMs: parsed.HTTP_HEADERS_TIMEOUT_MS, requestTimeoutMs: parsed.HTTP_REQUEST_TIMEOUT_MS, maxConnections: parsed.HTTP_MAX_CONNECTIONS },
    metrics: { token: parsed.METRICS_TOKEN, port: parsed.METRICS_PORT, host: parsed.METRICS_HOST },
  };
}

function trustProxy(value: string): boolean | number | string {
  if (value === 'true' || value === 'false') return value === 'true';
  return /^\d+$/.test(value) ? Number(value) : value;
}
