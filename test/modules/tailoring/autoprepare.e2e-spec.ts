import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { getQueueToken } from '@nestjs/bull';
import type { Queue } from 'bull';
import { TAILORING_QUEUE } from '@src/modules/tailoring/tailoring-queue';
import { TailoringSweep } from '@src/modules/tailoring/tailoring.sweep';
import { createAccount, TestAccount } from '../../setup/factories';
import { startTestApp, TestApp } from '../../setup/test-app';
import { testRunEnvironment } from '../../setup/test-environment';
import { eventually } from '../../setup/eventually';

/** What the timeline says once tailoring ran: the copy tailored, or left as it was when nothing could raise its score. */
const TAILORING_DONE = /^Resume (tailored|left as it was)/;
const APPLICATIONS = '/v1/tracker/applications';

const JOB_DESCRIPTION = `We are hiring a Senior Data Engineer to build our streaming platform.
You will design batch and streaming pipelines with Spark, Airflow and Kafka on AWS, model data in SQL warehouses and
own data quality with dbt. You write production Python every day, review designs, and mentor two engineers.
We look for 4+ years of data engineering experience, strong SQL and Python, and experience running Kafka in
production. Nice to have: Terraform and Kubernetes. We offer a hybrid setup in Berlin, learning budget and a calm,
focused team that ships carefully and often.`;

/**
 * Each scenario gets its own Redis prefix, so that only its own app instances (and not the inline workers of other
 * test files running at the same time) see its tailoring queue.
 */
function startScenarioApp(scenario: string, env: Record<string, string> = {}): Promise<TestApp> {
  return startTestApp({ REDIS_PREFIX: `${testRunEnvironment().redisPrefix}${scenario}:`, ...env });
}

/** Tracks a job with autoPrepare on, so that tailoring starts. */
function trackWithAutoPrepare(account: TestAccount, jobTitle = 'Data Engineer') {
  return account.api.post(APPLICATIONS, { jobTitle, company: 'Flowbase', jobDescription: JOB_DESCRIPTION, autoPrepare: true });
}

/** The application once its tailoring has ended: it moves to watchlist whether or not the resume was tailored. */
function afterTailoring(account: TestAccount, id: string) {
  return eventually(
    async () => (await account.api.get(`${APPLICATIONS}/${id}`)).body.data,
    (data) => data.status === 'watchlist',
    30_000,
  );
}

async function seedBaseResume(account: TestAccount): Promise<Record<string, string>> {
  const add = async (section: string, body: object) => {
    const response = await account.api.post(`/v1/${section}`, body);
    expect(response.status).toBe(201);
    return response.body.id as string;
  };
  await account.api.patch('/v1/profile', { fullName: 'Ada Lovelace', jobTitle: 'Engineer' });
  return {
    barista: await add('experiences', {
      jobTitle: 'Barista',
      company: 'Corner Cafe',
      description: 'Served coffee.',
      startDate: '2010-01-01',
      endDate: '2011-01-01',
    }),
    frontend: await add('experiences', {
      jobTitle: 'Frontend Developer',
      company: 'Shop',
      description: 'React and CSS.',
      startDate: '2019-01-01',
      endDate: '2021-01-01',
    }),
    support: await add('experiences', {
      jobTitle: 'Support Engineer',
      company: 'Helpdesk',
      description: 'Answered tickets.',
      startDate: '2021-02-01',
      isCurrent: true,
    }),
    data: await add('experiences', {
      jobTitle: 'Data Engineer',
      company: 'Streamly',
      description: 'Built Spark and Airflow pipelines in Python on AWS, loading Kafka streams into SQL warehouses.',
      // The oldest job, so that the base resume (newest first) shows the one that fits the job last.
      startDate: '2006-01-01',
      endDate: '2009-12-01',
    }),
    css: await add('skills', { name: 'CSS', category: 'TECHNICAL' }),
    kafka: await add('skills', { name: 'Kafka', category: 'TECHNICAL' }),
    webSummary: await add('summaries', { content: 'Frontend developer who loves React.' }),
    dataSummary: await add('summaries', { content: 'Data engineer building reliable Spark and Kafka pipelines in Python.' }),
  };
}

describe('autoPrepare: tailoring on the queue', () => {
  it('moves the application to watchlist with a tailored, linked copy and a report; the base resume stays as it was', async () => {
    const testApp = await startScenarioApp('tailor');
    try {
      const account = await createAccount(testApp.app, testApp.baseUrl, { features: ['auto-prepare'] });
      await seedBaseResume(account);
      const base = (await account.api.get('/v1/resume')).body.data[0];
      // Terraform only in a custom section: it is read for what the resume shows.
      const talks = await account.api.post('/v1/custom-sections', { title: 'Talks', enabledFields: ['title', 'description'] });
      expect(talks.status).toBe(201);
      const talk = { title: 'Platform day', description: 'Reusable Terraform modules for data platforms.' };
      expect((await account.api.post(`/v1/custom-sections/${talks.body.id}/items?cvId=${base.id}`, talk)).status).toBe(201);
      const baseBefore = (await account.api.get(`/v1/resume/${base.id}`)).body.data;

      const created = await trackWithAutoPrepare(account, 'Senior Data Engineer');
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ existing: false, autoPrepare: true });
      const id = created.body.applicationId;

      // How soon is a benchmark's question (npm run bench:autoprepare), not a test's: a busy machine must not fail it.
      const application = await afterTailoring(account, id);
      expect(application.timeline.map((entry: { status: string }) => entry.status)).toEqual(['watchlist', 'preparing']);
      expect(application.timeline[0].description).toMatch(/^Resume tailored: it now covers \d+% of the job's skills \(\d+% before\)$/);
      expect(application.tailoringReport).toMatchObject({ seniority: 'senior', minYears: 4 });
      expect(application.tailoringReport.matched).toEqual(expect.arrayContaining(['Spark', 'Airflow', 'Kafka', 'AWS', 'Python', 'SQL', 'Terraform']));
      expect(application.tailoringReport.missing).toEqual(expect.arrayContaining(['Kubernetes', 'dbt']));
      expect(application.tailoringReport.missing).not.toContain('Terraform');
      expect(application.tailoringReport.scoreAfter).toBeGreaterThan(application.tailoringReport.scoreBefore);

      const tailored = (await account.api.get(`/v1/resume/${application.cvId}`)).body.data;
      // The copy keeps the person's own header title; the job's is a suggestion in the report.
      expect(tailored).toMatchObject({ name: 'Flowbase – Senior Data Engineer', jobTitle: baseBefore.jobTitle, isDefault: false });
      expect(application.tailoringReport).toMatchObject({ changed: true, suggestedJobTitle: 'Senior Data Engineer' });
      // Jobs keep the resume's order (newest first); tailoring only hides old, unrelated ones.
      const companies = (resume: { content: { sections: { experiences: { company: string }[] } } }) =>
        resume.content.sections.experiences.map((item) => item.company);
      expect(companies(tailored)).toContain('Streamly');
      expect(companies(baseBefore).filter((company) => companies(tailored).includes(company))).toEqual(companies(tailored));
      expect(tailored.content.sections.experiences.map((item: { jobTitle: string }) => item.jobTitle)).not.toContain('Barista');
      expect(tailored.content.sections.skills[0]).toMatchObject({ name: 'Kafka' });
      expect(tailored.content.summary).toContain('Data engineer');

      const baseAfter = (await account.api.get(`/v1/resume/${base.id}`)).body.data;
      expect(baseAfter.content).toEqual(baseBefore.content);
      expect(baseAfter).toMatchObject({ jobTitle: baseBefore.jobTitle, itemOrder: baseBefore.itemOrder, hiddenItems: baseBefore.hiddenItems });
    } finally {
      await testApp.close();
    }
  });

  it('ends a job that keeps failing in watchlist with a timeline entry that says so', async () => {
    // The producer runs no worker, so the copy can be deleted before any attempt; then a worker comes up.
    const settings = { TAILORING_ATTEMPTS: '2', TAILORING_RETRY_DELAY_MS: '50' };
    const producer = await startScenarioApp('failing', { ...settings, TAILORING_WORKER: 'off' });
    let worker: TestApp | undefined;
    try {
      const account = await createAccount(producer.app, producer.baseUrl, { features: ['auto-prepare'] });
      const created = await trackWithAutoPrepare(account);
      const id = created.body.applicationId;
      const { cvId } = (await account.api.get(`${APPLICATIONS}/${id}`)).body.data;
      expect((await account.api.delete(`/v1/resume/${cvId}`)).status).toBe(200);

      worker = await startScenarioApp('failing', settings);
      const application = await afterTailoring(account, id);
      expect(application.timeline[0]).toMatchObject({
        status: 'watchlist',
        description: 'Tailoring failed (the resume copy was deleted); the copied resume is unchanged',
      });
      expect(application.tailoringReport).toBeNull();
      const failed = await account.api.get('/v1/events?type=application.preparation_failed');
      expect(failed.body.data).toEqual([
        expect.objectContaining({
          type: 'application.preparation_failed',
          data: expect.objectContaining({
            reason: 'the resume copy was deleted',
            application: expect.objectContaining({ id, status: 'watchlist', tailoringReport: null }),
          }),
        }),
      ]);
    } finally {
      await worker?.close();
      await producer.close();
    }
  });

  it('has the sweep enqueue an application whose job was lost', async () => {
    const producer = await startScenarioApp('sweep', { TAILORING_WORKER: 'off' });
    let worker: TestApp | undefined;
    try {
      const account = await createAccount(producer.app, producer.baseUrl, { features: ['auto-prepare'] });
      const created = await trackWithAutoPrepare(account);
      const id = created.body.applicationId;
      const queue = producer.app.get<Queue>(getQueueToken(TAILORING_QUEUE));
      await (await queue.getJob(id))?.remove();
      expect(await queue.getJob(id)).toBeNull();

      worker = await startScenarioApp('sweep', { TAILORING_SWEEP_AFTER_MS: '0', TAILORING_SWEEP_INTERVAL_MS: '200' });
      const application = await afterTailoring(account, id);
      expect(application.timeline[0].description).toMatch(TAILORING_DONE);
    } finally {
      await worker?.close();
      await producer.close();
    }
  });

  it('sweeps and runs only a pending tailoring: a preparing set by hand sticks, a finished one is never run again', async () => {
    // The sweep runs when the test calls it; a stray job for the application shows what a worker would do.
    const testApp = await startScenarioApp('manual-preparing', { TAILORING_SWEEP_AFTER_MS: '0', TAILORING_SWEEP_INTERVAL_MS: '3600000' });
    try {
      const account = await createAccount(testApp.app, testApp.baseUrl, { features: ['auto-prepare'] });
      await seedBaseResume(account);
      const created = await trackWithAutoPrepare(account, 'Senior Data Engineer');
      const tailoredId = created.body.applicationId;
      const { cvId } = await afterTailoring(account, tailoredId);
      const edits = { name: 'My own words', jobTitle: 'Data Person', hiddenItems: { experiences: [] } };
      expect((await account.api.patch(`/v1/resume/${cvId}`, edits)).status).toBe(200);
      const manual = await account.api.post(APPLICATIONS, { jobTitle: 'Analyst', company: 'Numbers Inc' });
      for (const id of [tailoredId, manual.body.applicationId]) {
        expect((await account.api.patch(`${APPLICATIONS}/${id}`, { status: 'preparing' })).status).toBe(200);
      }

      expect(await testApp.app.get(TailoringSweep).sweep()).toBe(0);
      const queue = testApp.app.get<Queue>(getQueueToken(TAILORING_QUEUE));
      for (const id of [tailoredId, manual.body.applicationId]) {
        await (await queue.add({ applicationId: id }, { jobId: `stray-${id}` })).finished();
        const application = (await account.api.get(`${APPLICATIONS}/${id}`)).body.data;
        expect(application.status).toBe('preparing');
        expect(application.timeline[0].description).toBe('Status changed from watchlist to preparing');
      }
      expect((await account.api.get(`/v1/resume/${cvId}`)).body.data).toMatchObject(edits);
      const pdf = await fetch(`${testApp.baseUrl}/v1/resume/${cvId}/export/pdf`, { method: 'POST', headers: { authorization: `Bearer ${account.api.key}` } });
      expect(pdf.status).toBe(200);
    } finally {
      await testApp.close();
    }
  });

  it('is done by a separate worker process (npm run start:worker) when the API runs none', async () => {
    const redisPrefix = `${testRunEnvironment().redisPrefix}worker-process:`;
    const api = await startTestApp({ REDIS_PREFIX: redisPrefix, TAILORING_WORKER: 'off' });
    const worker = spawn('node', [join(__dirname, '..', '..', '..', 'dist', 'worker.js')], {
      env: { ...process.env, DATABASE_URL: testRunEnvironment().databaseUrl, REDIS_PREFIX: redisPrefix, LOG_LEVEL: 'silent' },
      stdio: 'ignore',
    });
    try {
      const account = await createAccount(api.app, api.baseUrl, { features: ['auto-prepare'] });
      const created = await trackWithAutoPrepare(account);
      const application = await afterTailoring(account, created.body.applicationId);
      expect(application.timeline[0].description).toMatch(TAILORING_DONE);
    } finally {
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.kill('SIGTERM');
      await exited;
      await api.close();
    }
  });
});
