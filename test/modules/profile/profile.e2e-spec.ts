import { ApiClient } from '../../setup/api-client';
import { useTestApp } from '../../setup/test-app';

const PATH = '/v1/profile';

describe('/v1/profile', () => {
  const suite = useTestApp();

  it('answers the profile the account was created with', async () => {
    const response = await suite.owner.api.get(PATH);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      data: {
        fullName: null,
        email: expect.stringMatching(/@test\.example$/),
        phone: null,
        address: null,
        links: [],
        photoUrl: null,
        jobTitle: null,
        updatedAt: expect.any(String),
      },
    });
  });

  it('changes only the fields sent, answers the updated profile, and clears fields with null', async () => {
    const account = await suite.createAccount();
    const changes = {
      fullName: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '+44 20 7946 0000',
      address: 'London',
      links: [{ label: 'GitHub', url: 'https://github.com/ada' }, { url: 'https://ada.example' }],
      photoUrl: 'https://img.example/ada.png',
      jobTitle: 'Analyst',
    };
    const updated = await account.api.patch(PATH, changes);
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({ data: { ...changes, updatedAt: expect.any(String) } });

    await account.api.patch(PATH, { jobTitle: 'Mathematician' });
    expect((await account.api.get(PATH)).body.data).toEqual({ ...changes, jobTitle: 'Mathematician', updatedAt: expect.any(String) });

    const cleared = await account.api.patch(PATH, { phone: null, address: null, links: null, photoUrl: null, jobTitle: null, fullName: null, email: null });
    expect(cleared.body.data).toEqual({
      fullName: null,
      email: null,
      phone: null,
      address: null,
      links: [],
      photoUrl: null,
      jobTitle: null,
      updatedAt: expect.any(String),
    });
  });

  it.each([
    [{}, { body: ['at least one field is required'] }],
    [{ fullName: 'x'.repeat(201) }, { fullName: ['must be at most 200 characters'] }],
    [{ email: 'not-an-email' }, { email: ['must be a valid email address'] }],
    [{ email: `${'a'.repeat(250)}@x.io` }, { email: ['must be at most 254 characters'] }],
    [{ phone: 'x'.repeat(51) }, { phone: ['must be at most 50 characters'] }],
    [{ address: 'x'.repeat(501) }, { address: ['must be at most 500 characters'] }],
    [{ jobTitle: 'x'.repeat(151) }, { jobTitle: ['must be at most 150 characters'] }],
    [{ photoUrl: 'ftp://img.example/a.png' }, { photoUrl: ['must be a valid URL'] }],
    [{ links: 'https://x.example' }, { links: ['must be an array'] }],
    [{ links: [{ label: 'No url' }] }, { 'links.0.url': ['is required'] }],
    [{ links: [{ url: 'nope' }] }, { 'links.0.url': ['must be a valid URL'] }],
    [{ links: [{ url: 'https://x.example', icon: 'x' }] }, { 'links.0.icon': ['is not allowed'] }],
    [{ links: Array.from({ length: 21 }, () => ({ url: 'https://x.example' })) }, { links: ['must have at most 20 items'] }],
    [{ plan: 'plus' }, { plan: ['is not allowed'] }],
  ])('rejects %j', async (body, details) => {
    const response = await suite.owner.api.patch(PATH, body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'Validation failed', details });
  });

  it('is one per account: an update reaches no other account', async () => {
    const other = await suite.createAccount();
    await suite.owner.api.patch(PATH, { fullName: 'Owner only' });
    expect((await other.api.get(PATH)).body.data.fullName).toBeNull();
    expect((await suite.owner.api.get(PATH)).body.data.fullName).toBe('Owner only');
  });

  it('needs profile:read to read and profile:write to update', async () => {
    const reader = await suite.createAccount({ scopes: ['profile:read'] });
    expect((await reader.api.get(PATH)).status).toBe(200);
    expect((await reader.api.patch(PATH, { fullName: 'x' })).body).toEqual({ error: 'Insufficient scope', requiredScope: 'profile:write' });
  });

  it('documents both operations with their scope and limit', async () => {
    const document = (await new ApiClient(suite.testApp.baseUrl).get('/docs-json')).body;
    expect(document.paths[PATH].get['x-required-scope']).toBe('profile:read');
    expect(document.paths[PATH].get['x-rate-limit']).toMatchObject({ limit: 30 });
    expect(document.paths[PATH].patch['x-required-scope']).toBe('profile:write');
    expect(document.paths[PATH].patch['x-rate-limit']).toMatchObject({ limit: 20 });
  });
});
