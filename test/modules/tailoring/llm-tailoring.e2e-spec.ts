import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAccount, TestAccount } from '../../setup/factories';
import { eventually } from '../../setup/eventually';
import { startTestApp, TestApp } from '../../setup/test-app';
import { testRunEnvironment } from '../../setup/test-environment';

const APPLICATIONS = '/v1/tracker/applications';

const JOB_DESCRIPTION = `We are hiring a Data Engineer to build our streaming platform.
You will design batch and streaming pipelines with Spark, Airflow and Kafka on AWS, model data in SQL warehouses and
own data quality with dbt. You write production Python every day, review designs, and mentor two engineers.
We look for 4+ years of data engineering experience, strong SQL and Python, and experience running Kafka in
production. Nice to have: Terraform and Kubernetes. We offer a hybrid setup in Berlin, learning budget and a calm,
focused team that ships carefully and often.`;

const STREAMLY = {
  jobTitle: 'Data Engineer',
  company: 'Streamly',
  description: 'Built Spark and Airflow pipelines in Python on AWS.',
  responsibilities: ['Built Spark pipelines loading Kafka streams into SQL warehouses', 'Reviewed designs with two engineers'],
  achievements: ['Cut nightly batch time from 6 hours to 2 hours'],
  startDate: '2015-01',
  endDate: '2018-06',
};
const SUMMARY = 'Data engineer building reliable Spark and Kafka pipelines in Python.';

/** What the model is asked: the job and the resume's rewritable parts, as the engine sends them. */
interface Asked {
  job: { jobTitle: string };
  resume: { summary: { id: string; text: string } | null; items: { id: string; label: string }[] };
}

/** One answer of the scripted model: a chat completion with this message content, or an HTTP error, after a delay. */
type Answer = { content?: string | null; refusal?: string; status?: number; delayMs?: number };
type Script = (asked: Asked, call: number) => Answer;

/** A rewrite of the Streamly job and the summary, as JSON the schema asks for. */
function rewrite(asked: Asked, summary: string | null, streamly: { description: string; responsibilities: string[]; achievements: string[] }): string {
  const item = asked.resume.items.find((candidate) => candidate.label === 'Data Engineer at Streamly')!;
  return JSON.stringify({ summary, items: [{ id: item.id, ...streamly }] });
}

const GOOD: Script = (asked) => ({
  content: rewrite(asked, 'Data engineer who builds reliable streaming pipelines with Kafka, Spark and Python on AWS.', {
    description: 'Built batch and streaming pipelines with Spark and Airflow in Python on AWS.',
    responsibilities: ['Loaded Kafka streams into SQL warehouses with Spark pipelines', 'Reviewed pipeline designs with two engineers'],
    achievements: ['Cut nightly batch time from 6 hours to 2 hours with Spark'],
  }),
});

/**
 * An OpenAI-compatible chat-completions server on loopback, the one external boundary: each case's script answers
 * the calls for its job (told apart by the job title the prompt carries), in order.
 */
class ScriptedModel {
  private readonly scripts = new Map<string, Script>();
  private readonly calls = new Map<string, number>();
  private readonly server: Server = createServer((request, response) => void this.answer(request, response));

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  script(jobTitle: string, script: Script): void {
    this.scripts.set(jobTitle, script);
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString());
    if (request.url !== '/v1/chat/completions' || body.response_format?.type !== 'json_schema' || body.response_format.json_schema.strict !== true) {
      response.writeHead(404).end(JSON.stringify({ error: { message: 'not a structured chat completion' } }));
      return;
    }
    const asked = JSON.parse(body.messages.find((message: { role: string }) => message.role === 'user').content) as Asked;
    const call = this.calls.get(asked.job.jobTitle) ?? 0;
    this.calls.set(asked.job.jobTitle, call + 1);
    const answer = this.scripts.get(asked.job.jobTitle)?.(asked, call) ?? { status: 500 };
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    if (response.destroyed) return;
    if (answer.status) {
      response.writeHead(answer.status, { 'content-type': 'application/json', 'retry-after': '0' });
      response.end(JSON.stringify({ error: { message: `scripted ${answer.status}`, type: 'server_error' } }));
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        id: `chatcmpl-${call}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: answer.content ?? null, refusal: answer.refusal ?? null },
            logprobs: null,
            finish_reason: 'stop',
          },
        ],
        usage: { prompt_tokens: 812, completion_tokens: 164, total_tokens: 976 },
      }),
    );
  }
}

describe('autoPrepare with TAILORING_ENGINE=llm', () => {
  const model = new ScriptedModel();
  let testApp: TestApp;

  beforeAll(async () => {
    const baseUrl = await model.start();
    testApp = await startTestApp({
      // Its own prefix: only this app's worker takes this file's tailoring jobs.
      REDIS_PREFIX: `${testRunEnvironment().redisPrefix}llm:`,
      TAILORING_ENGINE: 'llm',
      LLM_BASE_URL: baseUrl,
      LLM_MODEL: 'scripted-model',
      LLM_API_KEY: 'sk-test',
      LLM_TIMEOUT_MS: '1000',
      LLM_MAX_RETRIES: '2',
    });
  });

  afterAll(async () => {
    await testApp?.close();
    await model.stop();
  });

  async function seed(): Promise<{ account: TestAccount; baseId: string; baseBefore: unknown }> {
    const account = await createAccount(testApp.app, testApp.baseUrl, { features: ['auto-prepare'] });
    const add = async (section: string, body: object) => expect((await account.api.post(`/v1/${section}`, body)).status).toBe(201);
    await account.api.patch('/v1/profile', { fullName: 'Ada Lovelace', jobTitle: 'Engineer' });
    await add('experiences', STREAMLY);
    await add('experiences', {
      jobTitle: 'Support Engineer',
      company: 'Helpdesk',
      description: 'Answered tickets and wrote SQL reports.',
      startDate: '2022-07',
      isCurrent: true,
    });
    await add('experiences', { jobTitle: 'Frontend Developer', company: 'Shop', description: 'React and CSS.', startDate: '2020-01', endDate: '2022-06' });
    // Newest first, the job that fits sits fourth, below the fold, until tailoring hides the unrelated one above it.
    await add('experiences', { jobTitle: 'Barista', company: 'Corner Cafe', description: 'Served coffee.', startDate: '2018-09', endDate: '2019-12' });
    await add('summaries', { content: SUMMARY });
    await add('skills', { name: 'Kafka', category: 'TECHNICAL' });
    await add('certificates', { name: 'AWS Certified Data Engineer', issuer: 'Amazon Web Services' });
    const baseId = (await account.api.get('/v1/resume')).body.data[0].id;
    const resume = await account.api.patch(`/v1/resume/${baseId}`, { selectedSummaryId: (await account.api.get('/v1/summaries')).body.data[0].id });
    expect(resume.status).toBe(200);
    return { account, baseId, baseBefore: (await account.api.get(`/v1/resume/${baseId}`)).body.data };
  }

  /** Tracks the job with autoPrepare and answers the application once tailoring has ended, with its tailored copy. */
  async function tailor(account: TestAccount, jobTitle: string) {
    const created = await account.api.post(APPLICATIONS, { jobTitle, company: 'Flowbase', jobDescription: JOB_DESCRIPTION, autoPrepare: true });
    expect(created.status).toBe(201);
    const application = await eventually(
      async () => (await account.api.get(`${APPLICATIONS}/${created.body.applicationId}`)).body.data,
      (data) => data.status === 'watchlist',
      30_000,
    );
    const copy = (await account.api.get(`/v1/resume/${application.cvId}`)).body.data;
    const streamly = copy.content.sections.experiences.find((item: { company: string }) => item.company === 'Streamly');
    return { application, report: application.tailoringReport, copy, streamly };
  }

  async function expectBaseUnchanged(account: TestAccount, baseId: string, baseBefore: unknown) {
    expect((await account.api.get(`/v1/resume/${baseId}`)).body.data).toEqual(baseBefore);
  }

  it('stores a good rewrite on the copy, reports each text before and after, and counts tokens and latency in /metrics', async () => {
    model.script('Data Engineer (good)', GOOD);
    const { account, baseId, baseBefore } = await seed();
    const { application, report, copy, streamly } = await tailor(account, 'Data Engineer (good)');

    expect(copy.content.summary).toBe('Data engineer who builds reliable streaming pipelines with Kafka, Spark and Python on AWS.');
    expect(streamly).toMatchObject({
      description: 'Built batch and streaming pipelines with Spark and Airflow in Python on AWS.',
      responsibilities: ['Loaded Kafka streams into SQL warehouses with Spark pipelines', 'Reviewed pipeline designs with two engineers'],
      achievements: ['Cut nightly batch time from 6 hours to 2 hours with Spark'],
      jobTitle: 'Data Engineer',
      startDate: '2015-01',
    });
    expect(report).toMatchObject({ engine: 'llm', model: 'scripted-model', fallbackReason: null, changed: true, rejections: [] });
    expect(report.changes).toEqual(
      expect.arrayContaining([
        { section: 'summaries', id: expect.any(String), label: 'Summary', field: 'content', before: SUMMARY, after: copy.content.summary },
        {
          section: 'experiences',
          id: streamly.id,
          label: 'Data Engineer at Streamly',
          field: 'responsibilities',
          before: STREAMLY.responsibilities,
          after: streamly.responsibilities,
        },
      ]),
    );
    // Matched skills say where the resume shows them: AWS in the job and in the certificate.
    const aws = report.evidence.find((entry: { skill: string }) => entry.skill === 'AWS');
    expect(aws.foundIn).toEqual(
      expect.arrayContaining([
        { section: 'certificates', id: expect.any(String), label: 'AWS Certified Data Engineer' },
        { section: 'experiences', id: expect.any(String), label: 'Data Engineer at Streamly' },
      ]),
    );
    expect(report.missing).toEqual(expect.arrayContaining(['Terraform', 'Kubernetes']));
    expect(report.hidden).toEqual([{ section: 'experiences', id: expect.any(String), label: 'Barista at Corner Cafe', reason: expect.any(String) }]);
    expect(report.scoreAfter).toBeGreaterThanOrEqual(report.scoreBefore);
    expect(application.timeline[0].description).toMatch(/^Resume tailored with AI \(scripted-model, \d+ texts rewritten\): it now covers \d+%/);
    await expectBaseUnchanged(account, baseId, baseBefore);

    const metrics = await (await fetch(`${testApp.baseUrl}/metrics`)).text();
    expect(metrics).toMatch(/^tailoring_llm_tokens_total\{kind="prompt"\} [1-9]\d*$/m);
    expect(metrics).toMatch(/^tailoring_llm_tokens_total\{kind="completion"\} [1-9]\d*$/m);
    expect(metrics).toMatch(/^tailoring_llm_job_tokens_count [1-9]\d*$/m);
    expect(metrics).toMatch(/^tailoring_llm_job_duration_seconds_count\{outcome="ok"\} [1-9]\d*$/m);
  });

  it('drops the sentences that invent an employer, a metric and a skill, keeps the originals there, and reports each', async () => {
    model.script('Data Engineer (invents)', (asked) => ({
      content: rewrite(asked, `${SUMMARY} Previously a Staff Engineer at Google.`, {
        description: 'Built batch and streaming pipelines with Spark and Airflow in Python on AWS. Led the data platform at Netflix.',
        responsibilities: ['Built Spark pipelines loading Kafka streams into SQL warehouses', 'Ran Kubernetes clusters for the pipelines'],
        achievements: ['Cut nightly batch time from 6 hours to 2 hours, saving 40% of cloud costs'],
      }),
    }));
    const { account, baseId, baseBefore } = await seed();
    const { report, copy, streamly } = await tailor(account, 'Data Engineer (invents)');

    expect(copy.content.summary).toBe(SUMMARY);
    expect(streamly).toMatchObject({
      description: 'Built batch and streaming pipelines with Spark and Airflow in Python on AWS.',
      // The invented bullet is dropped; the original bullet in its place stays.
      responsibilities: STREAMLY.responsibilities,
      achievements: STREAMLY.achievements,
    });
    expect(JSON.stringify(copy.content)).not.toMatch(/Netflix|Google|Kubernetes|40%/);
    expect(report).toMatchObject({ engine: 'llm', fallbackReason: null });
    const rejected = (field: string, sentence: string) =>
      report.rejections.find((rejection: { field: string; sentence: string }) => rejection.field === field && rejection.sentence === sentence);
    expect(rejected('description', 'Led the data platform at Netflix.')).toMatchObject({
      section: 'experiences',
      label: 'Data Engineer at Streamly',
      violations: ['employer or name'],
      reason: expect.stringContaining('Netflix'),
    });
    expect(rejected('achievements', 'Cut nightly batch time from 6 hours to 2 hours, saving 40% of cloud costs')).toMatchObject({
      violations: ['number'],
      reason: expect.stringContaining('“40%”'),
    });
    expect(rejected('responsibilities', 'Ran Kubernetes clusters for the pipelines')).toMatchObject({
      violations: expect.arrayContaining(['skill']),
      reason: expect.stringContaining('Kubernetes'),
    });
    expect(rejected('content', 'Previously a Staff Engineer at Google.')).toMatchObject({
      section: 'summaries',
      violations: expect.arrayContaining(['title', 'employer or name']),
    });
    await expectBaseUnchanged(account, baseId, baseBefore);
  });

  it('asks again after a 429, and stores the rewrite of the answer that came', async () => {
    model.script('Data Engineer (429)', (asked, call) => (call === 0 ? { status: 429 } : GOOD(asked, call)));
    const { account } = await seed();
    const { report, streamly } = await tailor(account, 'Data Engineer (429)');
    expect(report).toMatchObject({ engine: 'llm', fallbackReason: null });
    expect(streamly.description).toBe('Built batch and streaming pipelines with Spark and Airflow in Python on AWS.');
  });

  it('asks again after a timeout, and stores the rewrite of the answer that came in time', async () => {
    model.script('Data Engineer (slow)', (asked, call) => ({ ...GOOD(asked, call), delayMs: call === 0 ? 3_000 : 0 }));
    const { account } = await seed();
    const { report, streamly } = await tailor(account, 'Data Engineer (slow)');
    expect(report).toMatchObject({ engine: 'llm', fallbackReason: null });
    expect(streamly.description).toBe('Built batch and streaming pipelines with Spark and Airflow in Python on AWS.');
  });

  it.each([
    [
      'malformed JSON',
      'Data Engineer (malformed)',
      { content: 'Sure! Here is the rewrite: {"summary": "Data engineer' },
      'the model did not answer the JSON asked for',
    ],
    ['a refusal', 'Data Engineer (refusal)', { content: null, refusal: 'I cannot help with that.' }, 'the model refused to rewrite the resume'],
    ['500 until the retries are spent', 'Data Engineer (down)', { status: 500 }, 'the provider answered 500'],
  ])('falls back to the rules engine on %s: the application ends in watchlist with a rules result and the reason', async (_case, jobTitle, answer, reason) => {
    model.script(jobTitle, () => answer);
    const { account, baseId, baseBefore } = await seed();
    const { application, report, copy, streamly } = await tailor(account, jobTitle);

    expect(report).toMatchObject({ engine: 'rules', model: null, fallbackReason: reason, changes: [], rejections: [], changed: true });
    expect(report.hidden.map((item: { label: string }) => item.label)).toEqual(['Barista at Corner Cafe']);
    expect(report.scoreAfter).toBeGreaterThan(report.scoreBefore);
    expect(streamly).toMatchObject({ description: STREAMLY.description, responsibilities: STREAMLY.responsibilities });
    expect(copy.content.summary).toBe(SUMMARY);
    expect(copy.content.sections.experiences.map((item: { company: string }) => item.company)).toEqual(['Helpdesk', 'Shop', 'Streamly']);
    expect(application.timeline[0]).toMatchObject({
      status: 'watchlist',
      description: expect.stringContaining(`the rules engine ran because ${reason}`),
    });
    expect(application.timeline[0].description).toMatch(/^Resume tailored: /);
    await expectBaseUnchanged(account, baseId, baseBefore);
  });
});
