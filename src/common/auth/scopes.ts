import { SECTION_NAMES } from '../content-sections';

/** Every content section (common/content-sections.ts) and custom sections have a `:read` and a `:write` scope. */
const SECTION_SCOPE_NAMES = [...SECTION_NAMES, 'custom-sections'] as const;

/**
 * Every scope a key can hold: a read and a write scope per resource, `resume:export`, `jobs:search`, and `events:read`
 * (events are only read: the changes they record are made through their own resources).
 */
export const SCOPES = [
  'jobs:search',
  'tracker:read',
  'tracker:write',
  'profile:read',
  'profile:write',
  'contacts:read',
  'contacts:write',
  'resume:read',
  'resume:write',
  'resume:export',
  ...SECTION_SCOPE_NAMES.flatMap((name) => [`${name}:read`, `${name}:write`] as const),
  'cover-letter:read',
  'cover-letter:write',
  'webhooks:read',
  'webhooks:write',
  'events:read',
] as const;

export type Scope = (typeof SCOPES)[number];

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}
