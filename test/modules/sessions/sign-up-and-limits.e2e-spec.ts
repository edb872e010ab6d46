import { randomUUID } from 'node:crypto';
import { createPerson } from '../../setup/factories';
import { PageClient, pageText } from '../../setup/page-client';
import { useTestApp } from '../../setup/test-app';

const PASSWORD = 'a sentence nobody guesses';

describe('/sign-up with SIGNUP=closed (the default)', () => {
  const suite = useTestApp();

  it('shows that sign-up is closed and creates no account from a post', async () => {
    const browser = new PageClient(suite.testApp.baseUrl);
    const page = await browser.get('/sign-up');
    expect(page.status).toBe(404);
    expect(pageText(page.html)).toContain('Sign-up is closed');
    expect(pageText((await browser.get('/sign-in')).html)).not.toContain('Create an account');

    const email = `${randomUUID()}@test.example`;
    expect((await browser.post('/sign-up', { email, password: PASSWORD })).status).toBe(404);
    expect((await new PageClient(suite.testApp.baseUrl).submit('/sign-in', '/sign-in', { email, password: PASSWORD })).status).toBe(401);
  });
});

describe('/sign-up with SIGNUP=open', () => {
  const suite = useTestApp({ SIGNUP: 'open' });

  it('creates a free account, sends its person to sign in, and shows the Plus requirement on the keys page', async () => {
    const browser = new PageClient(suite.testApp.baseUrl);
    const email = `${randomUUID()}@test.example`;
    expect(pageText((await browser.get('/sign-in')).html)).toContain('Create an account');
    const answer = await browser.submit('/sign-up', '/sign-up', { email, name: 'Grace Hopper', password: PASSWORD });

    expect(answer.status).toBe(303);
    expect(answer.location).toBe('/sign-in?signedUp=1');
    expect(browser.cookie('career_session')).toBeUndefined();
    expect(pageText((await browser.get('/sign-in?signedUp=1')).html)).toContain('Now sign in with your email and the password you chose');
    expect((await browser.signIn(email, PASSWORD)).location).toBe('/settings');
    const account = pageText((await browser.get('/settings')).html);
    expect(account).toContain(`Email ${email}`);
    expect(account).toContain('Name Grace Hopper');
    expect(account).toContain('Plan Free');
    expect(pageText((await browser.get('/settings/api-keys')).html)).toContain('API keys come with the Plus plan');
  });

  it('explains a refused sign-up and creates nothing: a bad email, a short password', async () => {
    const browser = new PageClient(suite.testApp.baseUrl);
    const bad = await browser.submit('/sign-up', '/sign-up', { email: 'not-an-email', password: 'short' });
    expect(bad.status).toBe(400);
    expect(pageText(bad.html)).toContain('Enter an email address');
    expect(pageText(bad.html)).toContain('Use at least 12 characters');
  });

  it('answers an email that has an account exactly as a new one, in comparable time, and leaves the account as it was', async () => {
    const signUp = async (email: string) => {
      const browser = new PageClient(suite.testApp.baseUrl);
      await browser.get('/sign-up');
      const started = performance.now();
      const answer = await browser.post('/sign-up', { email, name: 'Someone', password: PASSWORD });
      return {
        status: answer.status,
        location: answer.location,
        html: answer.html,
        session: browser.cookie('career_session'),
        ms: performance.now() - started,
      };
    };
    const taken = await createPerson(suite.testApp.app);
    const times = { taken: [] as number[], fresh: [] as number[] };
    for (let round = 0; round < 3; round++) {
      const existing = await signUp(taken.email);
      const fresh = await signUp(`${randomUUID()}@test.example`);
      expect({ ...existing, ms: 0 }).toEqual({ ...fresh, ms: 0 });
      expect(existing).toMatchObject({ status: 303, location: '/sign-in?signedUp=1', session: undefined });
      times.taken.push(existing.ms);
      times.fresh.push(fresh.ms);
    }
    // Both spend a password hash (tens of milliseconds): the taken email is not answered in a fraction of the time.
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[1];
    expect(median(times.taken)).toBeGreaterThan(median(times.fresh) / 3);
    expect((await new PageClient(suite.testApp.baseUrl).signIn(taken.email, taken.password)).location).toBe('/settings');
    expect((await new PageClient(suite.testApp.baseUrl).submit('/sign-in', '/sign-in', { email: taken.email, password: PASSWORD })).status).toBe(401);
  });
});

describe('Sign-in limits (RATE_LIMIT_SCALE=1)', () => {
  // Behind a trusted proxy, so that each test signs in from an address of its own: other suites of the run share
  // Redis and sign in from 127.0.0.1.
  const suite = useTestApp({ RATE_LIMIT_SCALE: '1', TRUST_PROXY: 'loopback' });
  let addresses = 0;
  const newAddress = () => ({ 'x-forwarded-for': `198.51.100.${++addresses}` });

  it('stops an account from one address after 10 attempts in a quarter hour, even with the right password, and lets its owner in from another', async () => {
    const person = await createPerson(suite.testApp.app);
    const attacker = newAddress();
    const browser = new PageClient(suite.testApp.baseUrl, attacker);
    await browser.get('/sign-in');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 10; attempt++)
      statuses.push((await browser.post('/sign-in', { email: person.email, password: `guess ${attempt}` })).status);
    expect(statuses).toEqual(Array(10).fill(401));

    const right = await new PageClient(suite.testApp.baseUrl, attacker).submit('/sign-in', '/sign-in', {
      email: person.email.toUpperCase(),
      password: person.password,
    });
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(800);
    expect(pageText(right.html)).toMatch(/Too many sign-in attempts\. Wait 1[45] minutes and try again\./);
    expect(right.headers.getSetCookie().some((line) => line.startsWith('career_session='))).toBe(false);

    // Ten wrong passwords from anywhere never lock the owner out.
    expect((await new PageClient(suite.testApp.baseUrl, newAddress()).signIn(person.email, person.password)).status).toBe(303);
  });

  it('counts an email the way PostgreSQL matches it: a dotted capital I (U+0130) is the same account', async () => {
    const person = await createPerson(suite.testApp.app, { email: `gina-${randomUUID()}@test.example` });
    const address = newAddress();
    const browser = new PageClient(suite.testApp.baseUrl, address);
    await browser.get('/sign-in');
    const dotted = person.email.replace('gina', 'g\u0130na');
    for (let attempt = 0; attempt < 10; attempt++) expect((await browser.post('/sign-in', { email: dotted, password: `guess ${attempt}` })).status).toBe(401);
    const plain = await new PageClient(suite.testApp.baseUrl, address).submit('/sign-in', '/sign-in', { email: person.email, password: person.password });
    expect(plain.status).toBe(429);
  });

  it('stops an address after 30 attempts in a quarter hour, whatever the accounts', async () => {
    const browser = new PageClient(suite.testApp.baseUrl, newAddress());
    await browser.get('/sign-in');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 30; attempt++)
      statuses.push((await browser.post('/sign-in', { email: `${randomUUID()}@test.example`, password: PASSWORD })).status);
    expect(statuses).toEqual(Array(30).fill(401));

    const person = await createPerson(suite.testApp.app);
    const limited = await browser.post('/sign-in', { email: person.email, password: person.password });
    expect(limited.status).toBe(429);
    expect(pageText(limited.html)).toContain('Too many sign-in attempts.');
    expect((await new PageClient(suite.testApp.baseUrl, newAddress()).signIn(person.email, person.password)).status).toBe(303);
  });
});
