import { isScope, Scope, SCOPES } from '../../common/auth/scopes';

/** What an app that names no scope of ours is offered: reading everything, and job search. */
export const DEFAULT_OAUTH_SCOPES: Scope[] = SCOPES.filter((scope) => scope.endsWith(':read') || scope === 'jobs:search');

/**
 * The scopes an app asks for, in the API's names. Names the API does not know (`openid`, `offline_access`, …) are
 * left out rather than refused, since many clients send them by habit; an app left with none gets the defaults.
 */
export function requestedScopes(names: readonly string[] | undefined): Scope[] {
  const known = [...new Set((names ?? []).filter(isScope))];
  return known.length > 0 ? known : DEFAULT_OAUTH_SCOPES;
}

/** The scope groups a person chooses from on the consent page, in the order of the scope list. */
export function scopeGroups(): { name: string; scopes: Scope[] }[] {
  const groups = new Map<string, Scope[]>();
  for (const scope of SCOPES) {
    const name = scope.split(':')[0];
    groups.set(name, [...(groups.get(name) ?? []), scope]);
  }
  return [...groups].map(([name, scopes]) => ({ name, scopes }));
}
