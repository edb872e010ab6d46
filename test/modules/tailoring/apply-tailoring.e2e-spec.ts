import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { TestAccount } from '../../setup/factories';
import { connect } from '../../setup/mcp-client';
import { useTestApp } from '../../setup/test-app';

const JOB = {
  jobTitle: 'Data Engineer',
  jobDescription:
    'We are hiring a Data Engineer to build batch and streaming pipelines with Spark, Airflow and Kafka on AWS. ' +
    'Strong SQL and Python; nice to have: Terraform and Kubernetes.',
};
const SUMMARY = 'Data engineer building reliable Spark and Kafka pipelines in Python.';
const STREAMLY = {
  jobTitle: 'Data Engineer',
  company: 'Streamly',
  description: 'Built Spark and Airflow pipelines in Python on AWS.',
  responsibilities: ['Built Spark pipelines loading Kafka streams into SQL warehouses', 'Reviewed designs with two engineers'],
  achievements: ['Cut nightly batch time from 6 hours to 2 hours'],
  startDate: '2019-01',
  endDate: '2022-06',
};

/** The account's base resume with a data job, a project and a summary; answers their ids and the base as it reads. */
async function seed(account: TestAccount) {
  const add = async (section: string, body: object) => {
    const response = await account.api.post(`/v1/${section}`, body);
    expect(response.status).toBe(201);
    return response.body.id as string;
  };
  const streamly = await add('experiences', STREAMLY);
  const project = await add('projects', { name: 'Kafka connector', description: 'A Kafka connector for SQL warehouses, written in Python.' });
  const summary = await add('summaries', { content: SUMMARY });
  const baseId = (await account.api.get('/v1/resume')).body.data[0].id as string;
  expect((await account.api.patch(`/v1/resume/${baseId}`, { selectedSummaryId: summary })).status).toBe(200);
  return { streamly, project, baseId, base: (await account.api.get(`/v1/resume/${baseId}`)).body.data };
}

/** A rewrite with one good sentence per text and three that invent: an employer, a metric and a skill. */
function inventingRewrite(streamly: string, project: string) {
  return {
    summary: 'Data engineer who builds streaming pipelines with Kafka, Spark and Python on AWS.',
    items: [
      {
        id: streamly,
        description: 'Built batch and streaming pipelines with Spark and Airflow in Python on AWS. Led the data platform at Netflix.',
        responsibilities: ['Loaded Kafka streams into SQL warehouses with Spark pipelines', 'Ran Kubernetes clusters for the pipelines'],
        achievements: ['Cut nightly batch time from 6 hours to 2 hours, saving 40% of cloud costs'],
      },
      { id: project, description: 'A Python connector that loads Kafka streams into SQL warehouses.' },
    ],
  };
}

describe('Tailoring with an agent’s rewrite', () => {
  const suite = useTestApp();

  describe('POST /v1/resume/{id}/tailoring', () => {
    it('stores the grounded rewrite on a new copy with the report; invented sentences are dropped and listed; the base stays', async () => {
      const account = await suite.createAccount();
      const { streamly, project, baseId, base } = await seed(account);
      const application = await account.api.post('/v1/tracker/applications', {
        jobTitle: 'Data Engineer',
        company: 'Flowbase',
        jobDescription: JOB.jobDescription,
      });

      const response = await account.api.post(`/v1/resume/${baseId}/tailoring`, {
        applicationId: application.body.applicationId,
        ...inventingRewrite(streamly, project),
      });
      expect(response.status).toBe(201);
      const { id, report } = response.body;
      expect(id).not.toBe(baseId);

      const copy = (await account.api.get(`/v1/resume/${id}`)).body.data;
      expect(copy).toMatchObject({ name: 'Flowbase – Data Engineer', isDefault: false });
      expect(copy.content.summary).toBe('Data engineer who builds streaming pipelines with Kafka, Spark and Python on AWS.');
      expect(copy.content.sections.experiences[0]).toMatchObject({
        description: 'Built batch and streaming pipelines with Spark and Airflow in Python on AWS.',
        responsibilities: ['Loaded Kafka streams into SQL warehouses with Spark pipelines', STREAMLY.responsibilities[1]],
        achievements: STREAMLY.achievements,
      });
      expect(copy.content.sections.projects[0].description).toBe('A Python connector that loads Kafka streams into SQL warehouses.');
      expect(JSON.stringify(copy.content)).not.toMatch(/Netflix|Kubernetes|40%/);

      expect(report).toMatchObject({ engine: 'agent', model: null, fallbackReason: null, changed: true });
      expect(report.rejections.map((rejection: { sentence: string; violations: string[] }) => [rejection.sentence, rejection.violations])).toEqual(
        expect.arrayContaining([
          ['Led the data platform at Netflix.', ['employer or name']],
          ['Ran Kubernetes clusters for the pipelines', expect.arrayContaining(['skill'])],
          ['Cut nightly batch time from 6 hours to 2 hours, saving 40% of cloud costs', ['number']],
        ]),
      );
      expect(report.changes).toContainEqual({
        section: 'projects',
        id: expect.any(String),
        label: 'Kafka connector',
        field: 'description',
        before: 'A Kafka connector for SQL warehouses, written in Python.',
        after: 'A Python connector that loads Kafka streams into SQL warehouses.',
      });
      expect(report.missing).toEqual(expect.arrayContaining(['Terraform', 'Kubernetes']));
      expect(report.evidence).toContainEqual({
        skill: 'Kafka',
        foundIn: expect.arrayContaining([{ section: 'projects', id: expect.any(String), label: 'Kafka connector' }]),
      });
      expect((await account.api.get(`/v1/resume/${baseId}`)).body.data).toEqual(base);
    });

    it('writes onto a copy given with copy: false, and never onto the default resume', async () => {
      const account = await suite.createAccount();
      const { streamly, baseId, base } = await seed(account);
      const copyId = (await account.api.post('/v1/resume', { name: 'For Flowbase' })).body.id;
      const copyStreamly = (await account.api.get(`/v1/experiences?cvId=${copyId}`)).body.data[0].id;
      const rewrite = { ...JOB, items: [{ id: copyStreamly, description: 'Built batch and streaming pipelines with Spark and Airflow in Python on AWS.' }] };

      const onCopy = await account.api.post(`/v1/resume/${copyId}/tailoring`, { ...rewrite, copy: false });
      expect(onCopy.status).toBe(201);
      expect(onCopy.body.id).toBe(copyId);
      expect((await account.api.get(`/v1/experiences?cvId=${copyId}`)).body.data[0].description).toBe(rewrite.items[0].description);

      const onBase = await account.api.post(`/v1/resume/${baseId}/tailoring`, { ...JOB, copy: false, items: [{ id: streamly, description: 'x' }] });
      expect(onBase.status).toBe(400);
      expect(onBase.body.details.copy).toEqual([expect.stringContaining('default resume')]);
      expect((await account.api.get(`/v1/resume/${baseId}`)).body.data).toEqual(base);
      expect((await account.api.get('/v1/resume')).body.total).toBe(2);
    });

    it('answers 400 naming the field for a missing job, an id that is not an item of the resume, and another account’s application', async () => {
      const account = await suite.createAccount();
      const { streamly, baseId } = await seed(account);
      const other = await suite.createAccount();
      const othersApplication = (await other.api.post('/v1/tracker/applications', { jobTitle: 'X', company: 'Y', jobDescription: 'Z' })).body.applicationId;

      const cases: [object, string][] = [
        [{ summary: SUMMARY }, 'jobDescription'],
        [{ ...JOB, applicationId: othersApplication }, 'jobDescription'],
        [{ applicationId: othersApplication }, 'applicationId'],
        [{ ...JOB, items: [{ id: baseId, description: 'x' }] }, 'items.0.id'],
        [{ ...JOB, items: [{ id: streamly, responsibilities: 'not a list' }] }, 'items.0.responsibilities'],
        [{ ...JOB, unknown: true }, 'unknown'],
      ];
      for (const [body, field] of cases) {
        const response = await account.api.post(`/v1/resume/${baseId}/tailoring`, body);
        expect([response.status, Object.keys(response.body.details ?? {})]).toEqual([400, [expect.stringContaining(field)]]);
      }
      expect((await account.api.get('/v1/resume')).body.total).toBe(1);
    });

    it('answers 404 for another account’s resume, 403 without resume:write, and counts against its own limit', async () => {
      const account = await suite.createAccount();
      const { baseId } = await seed(account);
      const other = await suite.createAccount();
      const foreign = await other.api.post(`/v1/resume/${baseId}/tailoring`, JOB);
      expect([foreign.status, foreign.body]).toEqual([404, { error: 'Not found' }]);

      const reader = await suite.createAccount({ scopes: ['resume:read'] });
      const refused = await reader.api.post(`/v1/resume/${baseId}/tailoring`, JOB);
      expect([refused.status, refused.body]).toEqual([403, { error: 'Insufficient scope', requiredScope: 'resume:write' }]);

      const allowed = await account.api.post(`/v1/resume/${baseId}/tailoring`, JOB);
      expect(allowed.status).toBe(201);
      // 10 a minute, scaled by the tests' RATE_LIMIT_SCALE of 100.
      expect(allowed.headers.get('x-ratelimit-limit')).toBe('1000');
    });
  });

  describe('MCP: tailor_resume_to_job and apply_tailoring', () => {
    let client: Client;
    afterAll(() => client?.close());

    it('hands the agent the job and the resume, and checks and stores the rewrite it sends back', async () => {
      const account = await suite.createAccount();
      const { streamly, project, baseId, base } = await seed(account);
      client = await connect(suite.testApp.baseUrl, account.key);

      const prompt = await client.getPrompt({ name: 'tailor_resume_to_job', arguments: { jobDescription: JOB.jobDescription } });
      const [resume, instructions] = prompt.messages;
      expect(resume.content).toMatchObject({ type: 'resource', resource: { uri: `career://resumes/${baseId}` } });
      expect(JSON.parse((resume.content as { resource: { text: string } }).resource.text).data.content.summary).toBe(SUMMARY);
      expect((instructions.content as { text: string }).text).toEqual(expect.stringContaining(JOB.jobDescription));
      expect((instructions.content as { text: string }).text).toContain('apply_tailoring');
      await expect(client.getPrompt({ name: 'tailor_resume_to_job', arguments: {} })).rejects.toThrow('applicationId or jobDescription');

      const result = await client.callTool({ name: 'apply_tailoring', arguments: { id: baseId, ...JOB, ...inventingRewrite(streamly, project) } });
      expect(result.isError).toBe(false);
      const { id, report } = result.structuredContent as { id: string; report: { engine: string; rejections: { sentence: string }[] } };
      expect(report.engine).toBe('agent');
      expect(report.rejections.map((rejection) => rejection.sentence)).toEqual(
        expect.arrayContaining([
          'Led the data platform at Netflix.',
          'Ran Kubernetes clusters for the pipelines',
          'Cut nightly batch time from 6 hours to 2 hours, saving 40% of cloud costs',
        ]),
      );
      const copy = (await account.api.get(`/v1/resume/${id}`)).body.data;
      expect(copy.content.sections.experiences[0].description).toBe('Built batch and streaming pipelines with Spark and Airflow in Python on AWS.');
      expect(JSON.stringify(copy.content)).not.toMatch(/Netflix|Kubernetes|40%/);
      expect((await account.api.get(`/v1/resume/${baseId}`)).body.data).toEqual(base);

      const invalid = await client.callTool({ name: 'apply_tailoring', arguments: { id: baseId, summary: 'x' } });
      expect(invalid.isError).toBe(true);
      expect(JSON.parse((invalid.content as { text: string }[])[0].text).details.jobDescription).toBeDefined();
    });
  });
});
