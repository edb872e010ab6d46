import { Injectable } from '@nestjs/common';
import type { Scope } from '../../common/auth/scopes';
import { PostedForm } from '../sessions/page-form';
import type { SignedInAccount } from '../sessions/signed-in-account';
import { describeScopes, SCOPE_GROUPS } from '../settings/scope-groups';
import { moment } from '../settings/settings.service';
import { OAuthService } from './oauth.service';

/**
 * Where the app will send the person back: its host, and the scheme too when it is not https (a local app's
 * `http://127.0.0.1:33418`, or a native app's own `com.example.app:`).
 */
function destination(redirectUri: string): string {
  const url = new URL(redirectUri);
  if (url.protocol === 'https:') return url.host;
  return url.host ? `${url.protocol}//${url.host}` : url.protocol;
}

/** The `scope` fields of a posted form: one string, or several. */
export function postedScopes(form: PostedForm): string[] {
  const value = form.scope;
  return (Array.isArray(value) ? value : [value]).filter((item): item is string => typeof item === 'string');
}

/** The view models of the consent page and of `/settings/connected-apps`; the rules are `OAuthService`'s. */
@Injectable()
export class OAuthPages {
  constructor(private readonly oauth: OAuthService) {}

  async consentPage(account: SignedInAccount, id: string, browserSecret: string | undefined) {
    const request = await this.oauth.pendingAuthorization(id, browserSecret);
    const chosen = new Set<Scope>(request.requestedScopes);
    return {
      authorizationId: request.id,
      appName: request.clientName ?? 'An unnamed app',
      destination: destination(request.redirectUri),
      canApprove: account.plan === 'plus',
      summary: describeScopes(request.requestedScopes),
      groups: SCOPE_GROUPS.map((group) => ({
        label: group.label,
        gives: group.gives,
        scopes: [...group.read, ...group.write].map((scope) => ({ scope, checked: chosen.has(scope), writes: scope.endsWith(':write') })),
      })),
    };
  }

  async connectedAppsPage(account: SignedInAccount) {
    const apps = await this.oauth.connectedApps(account.accountId);
    return {
      apps: apps.map((app) => ({
        id: app.grantId,
        name: app.clientName ?? 'An unnamed app',
        destination: destination(app.redirectUris[0]),
        scopes: describeScopes(app.scopes),
        scopeList: app.scopes.join(' '),
        approved: moment(app.approvedAt),
        lastUsed: moment(app.lastUsedAt),
      })),
    };
  }
}
