import { createPerson } from '../../setup/factories';
import { PageClient, pageText } from '../../setup/page-client';
import { useTestApp } from '../../setup/test-app';

describe('GET / (the landing page)', () => {
  const suite = useTestApp();

  it('says what the service is and links to the docs and sign-in, as a page', async () => {
    const page = await new PageClient(suite.testApp.baseUrl).get('/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    const text = pageText(page.html);
    expect(text).toContain('Career API');
    expect(text).toContain('API keys');
    expect(page.html).toContain('href="/docs"');
    expect(page.html).toContain('href="/sign-in"');
    expect(page.html).not.toContain('href="/sign-up"');
  });

  it('offers a signed-in person their settings instead of sign-in', async () => {
    const person = await createPerson(suite.testApp.app);
    const browser = new PageClient(suite.testApp.baseUrl);
    await browser.signIn(person.email, person.password);
    const page = await browser.get('/');
    expect(page.html).toContain('href="/settings"');
    expect(page.html).not.toContain('href="/sign-in"');
    expect(pageText(page.html)).toContain(person.email);
  });

  it('answers a wrong method with 405 and HEAD like GET', async () => {
    const client = new PageClient(suite.testApp.baseUrl);
    const head = await fetch(`${suite.testApp.baseUrl}/`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    const post = await fetch(`${suite.testApp.baseUrl}/`, { method: 'PUT' });
    expect([post.status, post.headers.get('allow')]).toEqual([405, 'GET, HEAD, OPTIONS']);
    expect((await client.get('/')).status).toBe(200);
  });
});
