import { isScope, Scope } from '../../common/auth/scopes';
import { READ_ONLY_SCOPES } from '../settings/scope-groups';

/**
 * The scopes an app asks for, in the API's names. Names the API does not know (`openid`, `offline_access`, …) are
 * left out rather than refused, since many clients send them by habit; an app left with none is offered the
 * read-only set (everything that reads, job search and PDF export included), which the person can widen or narrow.
 */
export function requestedScopes(names: readonly string[] | undefined): Scope[] {
  const known = [...new Set((names ?? []).filter(isScope))];
  return known.length > 0 ? known : [...READ_ONLY_SCOPES];
}
