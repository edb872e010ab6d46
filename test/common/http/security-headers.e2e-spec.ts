import { ApiClient } from '../../setup/api-client';
import { createAccount } from '../../setup/factories';
import { PageClient } from '../../setup/page-client';
import { TestApp, useTestApp } from '../../setup/test-app';

/** The answers of the service's surfaces: the API, MCP, the docs and their document, a page, health. */
async function surfaces(testApp: TestApp, key: string): Promise<[string, Headers][]> {
  const api = new ApiClient(testApp.baseUrl, key);
  const anonymous = new ApiClient(testApp.baseUrl);
  const page = new PageClient(testApp.baseUrl);
  return [
    ['/v1/tracker/applications', (await api.get('/v1/tracker/applications')).headers],
    ['/v1 refusal', (await anonymous.get('/v1/tracker/applications')).headers],
    ['/mcp', (await api.request('POST', '/mcp', { jsonrpc: '2.0', id: 1, method: 'ping' }, { accept: 'application/json, text/event-stream' })).headers],
    ['/docs', (await anonymous.get('/docs')).headers],
    ['/docs-json', (await anonymous.get('/docs-json')).headers],
    ['/sign-in', (await page.get('/sign-in')).headers],
    ['/health', (await anonymous.get('/health')).headers],
  ];
}

describe('Security headers', () => {
  const suite = useTestApp();

  it('forbid framing and sniffing and set a referrer policy on the API, MCP, the docs and the pages', async () => {
    for (const [surface, headers] of await surfaces(suite.testApp, suite.owner.key)) {
      expect({
        surface,
        frameOptions: headers.get('x-frame-options'),
        frameAncestors: headers.get('content-security-policy')?.includes("frame-ancestors 'none'"),
        sniffing: headers.get('x-content-type-options'),
        referrer: headers.get('referrer-policy'),
        hsts: headers.get('strict-transport-security'),
      }).toEqual({ surface, frameOptions: 'DENY', frameAncestors: true, sniffing: 'nosniff', referrer: 'same-origin', hsts: null });
    }
  });

  it("let only Swagger UI's page run inline scripts and styles", async () => {
    const policies = Object.fromEntries(
      (await surfaces(suite.testApp, suite.owner.key)).map(([surface, headers]) => [surface, headers.get('content-security-policy')]),
    );
    expect(policies['/docs']).toMatch(/script-src 'self' 'unsafe-inline'/);
    for (const surface of ['/v1/tracker/applications', '/mcp', '/sign-in']) expect(policies[surface]).not.toContain('unsafe-inline');
  });
});

describe('Security headers behind a TLS-terminating proxy (TRUST_PROXY)', () => {
  let testApp: TestApp;
  const suite = useTestApp({ TRUST_PROXY: 'loopback' });
  beforeAll(async () => {
    testApp = suite.testApp;
  });

  it('add HSTS to every answer', async () => {
    const { key } = await createAccount(testApp.app, testApp.baseUrl);
    for (const [surface, headers] of await surfaces(testApp, key)) {
      expect([surface, headers.get('strict-transport-security')]).toEqual([surface, 'max-age=31536000']);
    }
  });
});
