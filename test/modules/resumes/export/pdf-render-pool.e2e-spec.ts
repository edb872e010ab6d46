import { monitorEventLoopDelay } from 'node:perf_hooks';
import { renderResumePdf } from '@src/modules/resumes/export/pdf-renderer';
import { RESUME_CONTENT_LIMITS, SECTION_TEXT } from '@src/modules/resumes/resumes.limits';
import type { TestAccount } from '../../../setup/factories';
import { pdfText } from '../../../setup/pdf-text';
import { useTestApp } from '../../../setup/test-app';
import { largestJsonResume } from './largest-resume.fixture';

/** POST …/export/pdf, the body kept as bytes (JSON parsed when it is an error). */
async function exportPdf(account: TestAccount, id: string): Promise<{ status: number; file: Buffer; body: any }> {
  const response = await fetch(`${account.api.baseUrl}/v1/resume/${id}/export/pdf`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.api.key}` },
  });
  const file = Buffer.from(await response.arrayBuffer());
  return { status: response.status, file, body: response.headers.get('content-type')?.includes('json') ? JSON.parse(file.toString()) : undefined };
}

/** The largest resume the content limits allow, imported for `account`; answers its id. */
async function importLargestResume(account: TestAccount): Promise<string> {
  const imported = await account.api.post('/v1/resume/import/json-resume', largestJsonResume(RESUME_CONTENT_LIMITS.characters, SECTION_TEXT.long));
  expect(imported.status).toBe(201);
  return imported.body.id;
}

describe('POST /v1/resume/{id}/export/pdf on render threads', () => {
  const suite = useTestApp();
  let resumeId: string;

  beforeAll(async () => {
    resumeId = await importLargestResume(suite.owner);
  });

  it('keeps answering other requests while it renders the largest resume the limits allow', async () => {
    // This test and the service share one process and its event loop. Were the render on the event loop, the loop
    // would stall for about as long as the export takes; on a render thread it stalls for no more than a fraction.
    expect((await exportPdf(suite.owner, resumeId)).status).toBe(200);
    const stalls = monitorEventLoopDelay({ resolution: 10 });
    stalls.enable();
    const started = performance.now();
    const exported = await exportPdf(suite.owner, resumeId);
    const exportMs = performance.now() - started;
    stalls.disable();
    expect(exported.status).toBe(200);
    const longestStallMs = stalls.max / 1e6;
    expect(longestStallMs).toBeLessThan(exportMs / 3);
  });

  it('draws the same text the renderer draws on the event loop, as a valid PDF', async () => {
    const { data: resume } = (await suite.owner.api.get(`/v1/resume/${resumeId}`)).body;
    const onLoop = await renderResumePdf(resume.content, { template: resume.template, designSettings: resume.designSettings });
    const onThread = await exportPdf(suite.owner, resumeId);
    expect(onThread.status).toBe(200);
    expect(onThread.file.subarray(0, 5).toString()).toBe('%PDF-');
    const [threadText, loopText] = await Promise.all([pdfText(onThread.file), pdfText(onLoop)]);
    expect(threadText.pages).toBeGreaterThan(1);
    expect(threadText).toEqual(loopText);
    expect(threadText.text.includes('Engineer — Employer 001')).toBe(true);
  });
});

describe('POST /v1/resume/{id}/export/pdf past PDF_RENDER_TIMEOUT_MS', () => {
  const suite = useTestApp({ PDF_RENDER_TIMEOUT_MS: '1' });

  it('answers 503 PDF_RENDER_TIMEOUT with retryAfter, and serves the next request', async () => {
    const resumeId = await importLargestResume(suite.owner);
    const response = await exportPdf(suite.owner, resumeId);
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ error: expect.stringContaining('1 ms'), code: 'PDF_RENDER_TIMEOUT', retryAfter: 5 });
    expect((await suite.owner.api.get(`/v1/resume/${resumeId}`)).status).toBe(200);
  });
});
