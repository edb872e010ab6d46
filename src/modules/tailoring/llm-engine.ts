import { Injectable, Logger } from '@nestjs/common';
import OpenAI, { APIConnectionTimeoutError, APIConnectionError, APIError } from 'openai';
import type { ResponseFormatJSONSchema } from 'openai/resources/shared';
import { Counter, Histogram, Registry } from 'prom-client';
import { MetricsService } from '../../common/metrics/metrics.service';
import { InjectConfig } from '../../config/config.module';
import type { AppConfig } from '../../config/configuration';
import type { ItemRewrite, ResumeRewrite, RewritableResume } from './resume-rewrite';

/** The job a rewrite is for. */
export interface RewriteJob {
  jobTitle: string;
  company: string;
  description: string;
}

/** Why the model gave no usable rewrite, for the report and the timeline (never the prompt or the answer). */
export class LlmUnavailableError extends Error {}

/** The JSON the model must answer, as a strict JSON schema: every field required, nothing else allowed. */
const REWRITE_SCHEMA = {
  name: 'resume_rewrite',
  strict: true,
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['summary', 'items'],
    properties: {
      summary: { type: ['string', 'null'], description: 'The rewritten summary; null to keep it' },
      items: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['id', 'description', 'responsibilities', 'achievements'],
          properties: {
            id: { type: 'string' },
            description: { type: ['string', 'null'] },
            responsibilities: { type: 'array', items: { type: 'string' } },
            achievements: { type: 'array', items: { type: 'string' } },
          },
        },
      },
    },
  },
} as const;

const SYSTEM_PROMPT = [
  'You rewrite parts of a resume so that it speaks to one job, for the person it belongs to.',
  'Rewrite the summary and, for each item, its description, responsibilities and achievements: lead with what the job asks for,',
  "use the job's words where the resume already shows the same thing, keep each bullet short and concrete.",
  'Never add a fact the resume does not state: no employer, company, product, title, date, degree, certificate, number,',
  'percentage, metric, URL or skill that is not already in the resume. Every sentence is checked, and one that adds a fact is thrown away.',
  'Keep the same number of responsibilities and achievements per item, in the same order. Answer with the JSON schema only;',
  'an item you do not change is answered as it was.',
].join(' ');

/**
 * The `llm` engine: asks an OpenAI-compatible chat-completions endpoint for a rewrite of the summary and the bullets,
 * as JSON under a strict schema. The client retries timeouts, 429 and 5xx itself (LLM_MAX_RETRIES, its backoff, the
 * provider's Retry-After); an answer that is not the JSON asked for, or a refusal, is asked again here with the same
 * backoff. What the model answers is only a proposal: resume-rewrite.ts checks every sentence against the resume.
 * Prompts and answers are resume data: nothing of them is logged above debug.
 */
@Injectable()
export class LlmEngine {
  private readonly log = new Logger(LlmEngine.name);
  private readonly client: OpenAI;
  private readonly tokens: Counter<'kind'>;
  private readonly tokensPerJob: Histogram;
  private readonly duration: Histogram<'outcome'>;

  constructor(
    @InjectConfig() private readonly config: AppConfig,
    metrics: MetricsService,
  ) {
    const { baseUrl, apiKey, timeoutMs, maxRetries } = config.llm;
    // Local servers take any key; the client refuses to start without one.
    this.client = new OpenAI({ baseURL: baseUrl, apiKey: apiKey ?? 'none', timeout: timeoutMs, maxRetries, logLevel: 'off' });
    this.tokens = registered(
      metrics.registry,
      'tailoring_llm_tokens_total',
      () =>
        new Counter({
          name: 'tailoring_llm_tokens_total',
          help: 'Tokens the tailoring model read (prompt) and wrote (completion)',
          labelNames: ['kind'] as const,
          registers: [metrics.registry],
        }),
    );
    this.tokensPerJob = registered(
      metrics.registry,
      'tailoring_llm_job_tokens',
      () =>
        new Histogram({
          name: 'tailoring_llm_job_tokens',
          help: 'Tokens one tailoring job spent on the model, all attempts together',
          buckets: [250, 500, 1_000, 2_000, 4_000, 8_000, 16_000, 32_000],
          registers: [metrics.registry],
        }),
    );
    this.duration = registered(
      metrics.registry,
      'tailoring_llm_job_duration_seconds',
      () =>
        new Histogram({
          name: 'tailoring_llm_job_duration_seconds',
          help: 'Time one tailoring job waited on the model, retries included, by outcome (ok, or fallback to the rules engine)',
          labelNames: ['outcome'] as const,
          buckets: [0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60, 120],
          registers: [metrics.registry],
        }),
    );
  }

  get model(): string {
    return this.config.llm.model;
  }

  /** A rewrite of the resume's summary and bullets for the job; LlmUnavailableError once the retries are spent. */
  async rewrite(job: RewriteJob, resume: RewritableResume): Promise<ResumeRewrite> {
    const stopTimer = this.duration.startTimer();
    let spent = 0;
    try {
      for (let attempt = 0; ; attempt++) {
        const { answer, tokens } = await this.ask(job, resume);
        spent += tokens;
        try {
          const rewrite = parsedRewrite(answer);
          stopTimer({ outcome: 'ok' });
          return rewrite;
        } catch (error) {
          if (attempt >= this.config.llm.maxRetries) throw error;
          this.log.debug({ attempt, reason: (error as Error).message }, 'Asking the model again');
          await sleep(500 * 2 ** attempt);
        }
      }
    } catch (error) {
      stopTimer({ outcome: 'fallback' });
      throw error instanceof LlmUnavailableError ? error : new LlmUnavailableError(describeFailure(error, this.config.llm.timeoutMs));
    } finally {
      if (spent > 0) this.tokensPerJob.observe(spent);
    }
  }

  private async ask(job: RewriteJob, resume: RewritableResume): Promise<{ answer: OpenAI.Chat.Completions.ChatCompletionMessage; tokens: number }> {
    const prompt = JSON.stringify({ job, resume });
    this.log.debug({ model: this.model, prompt }, 'Tailoring prompt');
    const completion = await this.client.chat.completions.create({
      model: this.model,
      temperature: 0.2,
      response_format: { type: 'json_schema', json_schema: REWRITE_SCHEMA as unknown as ResponseFormatJSONSchema.JSONSchema },
      messages: [
        { role: 'system', content: SYSTEM_PROMPT },
        { role: 'user', content: prompt },
      ],
    });
    const { prompt_tokens = 0, completion_tokens = 0 } = completion.usage ?? {};
    this.tokens.inc({ kind: 'prompt' }, prompt_tokens);
    this.tokens.inc({ kind: 'completion' }, completion_tokens);
    const choice = completion.choices?.[0];
    if (!choice) throw new LlmUnavailableError('the model answered no choice');
    this.log.debug({ answer: choice.message?.content, finishReason: choice.finish_reason }, 'Tailoring answer');
    // An answer cut off at the token limit is no JSON to trust, even when it happens to parse.
    const answer = choice.finish_reason === 'length' ? { ...choice.message, content: null } : choice.message;
    return { answer, tokens: prompt_tokens + completion_tokens };
  }
}

/** The answer as a rewrite; a refusal or anything but the schema's JSON is an error (asked again, then the fallback). */
function parsedRewrite(message: OpenAI.Chat.Completions.ChatCompletionMessage): ResumeRewrite {
  if (message.refusal) throw new LlmUnavailableError('the model refused to rewrite the resume');
  let value: unknown;
  try {
    value = JSON.parse(message.content ?? '');
  } catch {
    throw new LlmUnavailableError('the model did not answer the JSON asked for');
  }
  const shape = value as { summary?: unknown; items?: unknown };
  const texts = (list: unknown) => Array.isArray(list) && list.every((entry) => typeof entry === 'string');
  const validItem = (item: unknown) => {
    const candidate = item as Partial<ItemRewrite> | null;
    return (
      typeof candidate === 'object' &&
      candidate !== null &&
      typeof candidate.id === 'string' &&
      (candidate.description === null || candidate.description === undefined || typeof candidate.description === 'string') &&
      (candidate.responsibilities === undefined || texts(candidate.responsibilities)) &&
      (candidate.achievements === undefined || texts(candidate.achievements))
    );
  };
  if (
    typeof shape !== 'object' ||
    shape === null ||
    !(shape.summary === null || shape.summary === undefined || typeof shape.summary === 'string') ||
    !Array.isArray(shape.items) ||
    !shape.items.every(validItem)
  ) {
    throw new LlmUnavailableError('the model did not answer the JSON asked for');
  }
  return { summary: (shape.summary as string | null | undefined) ?? null, items: shape.items as ItemRewrite[] };
}

/** A provider failure, in words for the report: what happened, never what was sent. */
function describeFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof APIConnectionTimeoutError) return `the model did not answer within ${timeoutMs} ms`;
  if (error instanceof APIConnectionError) return 'the model’s endpoint could not be reached';
  if (error instanceof APIError)
    return error.status === 429 ? 'the provider kept answering 429 (rate limited)' : `the provider answered ${error.status ?? 'an error'}`;
  return 'the model could not be asked';
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A metric registered once per registry, however many engines the app makes (the API and an inline worker share one registry). */
function registered<T>(registry: Registry, name: string, make: () => T): T {
  return (registry.getSingleMetric(name) as T | undefined) ?? make();
}
