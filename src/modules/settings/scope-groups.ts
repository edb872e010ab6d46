import { Scope, SCOPES } from '../../common/auth/scopes';

/** The scopes of one resource, as a person chooses them: no access, read, or read and write. */
export interface ScopeGroup {
  name: string;
  label: string;
  /** Exactly what the group's scopes read and write, as the consent page and the key form show it (docs/api-guide.md, "What each scope gives"). */
  gives: string;
  read: Scope[];
  write: Scope[];
}

export const ACCESS_LEVELS = ['none', 'read', 'write'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

const LABELS: Record<string, string> = {
  jobs: 'Job search',
  tracker: 'Application tracker',
  profile: 'Career profile',
  contacts: 'Contacts',
  resume: 'Resumes and PDF export',
  'cover-letter': 'Cover letters',
  'custom-sections': 'Custom resume sections',
  webhooks: 'Webhooks',
  events: 'Events',
};

/**
 * What each group gives, and nothing beyond it: a read that gathers several groups' data (a resume's content, its PDF)
 * shows each part only to a caller holding that part's scope, and a write that creates another group's records (a
 * JSON Resume import) needs that group's write scope. The exceptions are the spec's own: creating a resume copies the
 * default resume's sections, autoPrepare's application copies and tailors the default resume, an interview names its
 * contact, and events report every change.
 */
const GIVES: Record<string, string> = {
  jobs: 'Search the job listings and read one; none of your own data.',
  tracker:
    'Your applications with their timeline, activities and interviews (an interview shows the name and job title of its contact), the board, and the calendar feed. Writing includes autoPrepare, which copies your default resume and tailors the copy.',
  profile: 'Your name, email, phone, address, links, photo and job title.',
  contacts: 'Your contacts.',
  resume:
    "Your resumes' names, templates, layout and settings, and their PDF and JSON Resume exports. What a resume shows from your profile or its sections appears only with those permissions too. Creating a resume copies the default resume's sections into it; importing a JSON Resume needs the write permission of every section it fills.",
  'cover-letter': 'Your cover letters.',
  'custom-sections': 'Your custom resume sections and their items.',
  webhooks: 'The addresses your events are sent to, their secrets and deliveries.',
  events: 'The record of every change to your data, whatever it is about (what webhooks deliver).',
};

/** A scope writes when it ends in `:write`; the rest (`:read`, `jobs:search`, `resume:export`) only read. */
function writes(scope: Scope): boolean {
  return scope.endsWith(':write');
}

/** The section scopes are named for their section alone (`skills:read`), so a name without a label is a resume section's. */
function label(name: string): string {
  return LABELS[name] ?? `Resume ${name}`;
}

/** Every scope, grouped by the resource before its colon, in the order of the scope list. */
export const SCOPE_GROUPS: readonly ScopeGroup[] = SCOPES.reduce<ScopeGroup[]>((groups, scope) => {
  const name = scope.slice(0, scope.indexOf(':'));
  let group = groups.find((candidate) => candidate.name === name);
  if (!group) groups.push((group = { name, label: label(name), gives: GIVES[name] ?? `The ${name} of your resumes.`, read: [], write: [] }));
  (writes(scope) ? group.write : group.read).push(scope);
  return groups;
}, []);

/** The "read only" shortcut: every scope that reads. */
export const READ_ONLY_SCOPES: readonly Scope[] = SCOPES.filter((scope) => !writes(scope));

/** The scopes a level grants in a group: writing includes reading. */
export function scopesAt(group: ScopeGroup, level: AccessLevel): Scope[] {
  if (level === 'none') return [];
  return level === 'read' ? group.read : [...group.read, ...group.write];
}

/** The level a set of scopes holds in a group: `write` only when it holds all of the group's scopes. */
export function levelOf(group: ScopeGroup, scopes: readonly Scope[]): AccessLevel {
  const holds = (wanted: Scope[]) => wanted.length > 0 && wanted.every((scope) => scopes.includes(scope));
  if (holds([...group.read, ...group.write]) && group.write.length > 0) return 'write';
  return holds(group.read) ? 'read' : 'none';
}

/** A short account of a set of scopes for people: "Everything", "Read only", or the groups with their level. */
export function describeScopes(scopes: readonly Scope[]): string {
  if (SCOPES.every((scope) => scopes.includes(scope))) return 'Everything';
  if (scopes.length === READ_ONLY_SCOPES.length && READ_ONLY_SCOPES.every((scope) => scopes.includes(scope))) return 'Read only';
  const parts = SCOPE_GROUPS.flatMap((group) => {
    const held = [...group.read, ...group.write].filter((scope) => scopes.includes(scope));
    if (held.length === 0) return [];
    const level = levelOf(group, scopes);
    const words = level === 'write' ? 'read and write' : level === 'read' ? 'read' : held.join(', ');
    return [`${group.label} (${words})`];
  });
  return parts.join('; ');
}
