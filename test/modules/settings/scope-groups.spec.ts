import { SCOPES } from '@src/common/auth/scopes';
import { SECTION_NAMES } from '@src/common/content-sections';
import { describeScopes, levelOf, READ_ONLY_SCOPES, SCOPE_GROUPS, scopesAt } from '@src/modules/settings/scope-groups';

describe('permission groups of the key form', () => {
  it('puts every scope in exactly one group, once', () => {
    const grouped = SCOPE_GROUPS.flatMap((group) => [...group.read, ...group.write]);
    expect([...grouped].sort()).toEqual([...SCOPES].sort());
  });

  it('says what each group gives: the profile its contact details, resumes that those come only with the profile', () => {
    for (const group of SCOPE_GROUPS) expect([group.name, group.gives.length > 10]).toEqual([group.name, true]);
    const gives = (name: string) => SCOPE_GROUPS.find((group) => group.name === name)!.gives;
    expect(gives('profile')).toContain('phone, address');
    expect(gives('resume')).toContain('What a resume shows from your profile or its sections appears only with those permissions too');
    expect(gives('skills')).toBe('The skills of your resumes.');
  });

  it('labels only the section groups as resume sections, so a new resource cannot pass for one', () => {
    const labelledAsSections = SCOPE_GROUPS.filter((group) => /^Resume [a-z]/.test(group.label)).map((group) => group.name);
    expect(labelledAsSections).toEqual([...SECTION_NAMES]);
    expect(SCOPE_GROUPS.find((group) => group.name === 'webhooks')?.label).toBe('Webhooks');
    expect(SCOPE_GROUPS.find((group) => group.name === 'events')?.label).toBe('Events');
  });

  it('reads with jobs:search and resume:export, and never writes, in "read only"', () => {
    expect(READ_ONLY_SCOPES).toEqual(expect.arrayContaining(['jobs:search', 'resume:export', 'tracker:read', 'cover-letter:read']));
    expect(READ_ONLY_SCOPES.filter((scope) => scope.endsWith(':write'))).toEqual([]);
  });

  it('grants reading with writing, and reads back the level a set of scopes holds', () => {
    const resume = SCOPE_GROUPS.find((group) => group.name === 'resume')!;
    expect(scopesAt(resume, 'write')).toEqual(['resume:read', 'resume:export', 'resume:write']);
    expect(scopesAt(resume, 'read')).toEqual(['resume:read', 'resume:export']);
    expect(levelOf(resume, ['resume:read', 'resume:export'])).toBe('read');
    expect(levelOf(resume, ['resume:write'])).toBe('none');
    const jobs = SCOPE_GROUPS.find((group) => group.name === 'jobs')!;
    expect(scopesAt(jobs, 'write')).toEqual(['jobs:search']);
    expect(levelOf(jobs, ['jobs:search'])).toBe('read');
  });

  it('describes scopes as a person reads them', () => {
    expect(describeScopes([...SCOPES])).toBe('Everything');
    expect(describeScopes([...READ_ONLY_SCOPES])).toBe('Read only');
    expect(describeScopes(['tracker:read', 'tracker:write', 'contacts:read'])).toBe('Application tracker (read and write); Contacts (read)');
    expect(describeScopes(['resume:export'])).toBe('Resumes and PDF export (resume:export)');
  });
});
