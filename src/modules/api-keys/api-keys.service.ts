import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AccountPlans } from '../../common/auth/account-plans';
import { ApiKeyAuthenticator, Authentication } from '../../common/auth/api-key-authenticator';
import type { Scope } from '../../common/auth/scopes';
import { hashSecret } from '../../common/auth/secret-format';
import { UsageMarker } from '../../common/concurrency/usage-marker';
import { Owner } from '../../database/owned-repository';
import { ApiKeyCache } from './api-key-cache';
import { API_KEY, generateApiKey } from './api-key-secret';
import { ApiKeyErrorCode, ApiKeyRuleError } from './api-keys.exception';
import { ApiKeysRepository } from './api-keys.repository';

/** How stale `lastUsedAt` may get before a request refreshes it: keeps writes off the hot path. */
const LAST_USED_RESOLUTION_MS = 60_000;

@Injectable()
export class ApiKeysService implements ApiKeyAuthenticator {
  private readonly lastUsed = new UsageMarker((keyId) => this.keys.markUsed(keyId));

  constructor(
    private readonly keys: ApiKeysRepository,
    private readonly cache: ApiKeyCache,
    private readonly plans: AccountPlans,
  ) {}

  /** Creates a key; the account must be on Plus and hold no other active key (checked under the account's lock). */
  async create(input: { accountId: string; name: string; scopes: Scope[]; expiresInDays?: number }) {
    return this.keys.transaction(async (keys, manager) => {
      if (!(await keys.lockAccount(input.accountId))) throw new ApiKeyRuleError(ApiKeyErrorCode.ACCOUNT_NOT_FOUND, `No account with id ${input.accountId}`);
      const refusal = await this.creationRefusal(input.accountId, manager);
      if (refusal) throw refusal;
      const { key, hash, prefix } = generateApiKey();
      const expiresAt = input.expiresInDays ? new Date(Date.now() + input.expiresInDays * 86_400_000) : null;
      const id = await keys.create(input.accountId, { name: input.name, scopes: input.scopes, keyHash: hash, keyPrefix: prefix, expiresAt });
      return { id, key, scopes: input.scopes, expiresAt };
    });
  }

  /**
   * Why the account cannot create a key now (Plus plan, one active key), or undefined. `create` asks it under the
   * account's lock; the settings page asks it to explain the form before anyone fills it in.
   */
  async creationRefusal(owner: Owner, manager?: EntityManager): Promise<ApiKeyRuleError | undefined> {
    const keys = manager ? this.keys.withManager(manager) : this.keys;
    if ((await this.plans.planOf(owner, manager)) !== 'plus') return new ApiKeyRuleError(ApiKeyErrorCode.PLAN_REQUIRED, 'API keys require the Plus plan');
    const activeId = await keys.activeKeyId(owner);
    if (activeId) {
      return new ApiKeyRuleError(ApiKeyErrorCode.ACTIVE_KEY_EXISTS, `The account already has an active key (${activeId}); revoke it before creating another`);
    }
    return undefined;
  }

  /** Revokes a key; with `owner`, only one of that account's (another account's key is not found). */
  async revoke(keyId: string, owner?: Owner): Promise<{ id: string; revokedAt: Date }> {
    const key = owner ? await this.keys.find(owner, keyId) : await this.keys.byId(keyId);
    if (!key) throw new ApiKeyRuleError(ApiKeyErrorCode.KEY_NOT_FOUND, `No key with id ${keyId}`);
    if (key.revokedAt) return { id: key.id, revokedAt: key.revokedAt };
    await this.keys.revoke(keyId);
    this.cache.forget(key.accountId);
    const revoked = await this.keys.byId(keyId);
    return { id: keyId, revokedAt: revoked?.revokedAt as Date };
  }

  list(owner: Owner) {
    return this.keys.all(owner);
  }

  /** The hot path of every request: the key as this process keeps it, else one indexed lookup by hash; no write unless `lastUsedAt` is stale. */
  async authenticate(rawKey: string): Promise<Authentication> {
    if (!API_KEY.isWellFormed(rawKey)) return { failure: 'invalid' };
    const hash = hashSecret(rawKey);
    const row = await this.cache.lookup(hash, () => this.keys.byHash(hash));
    if (!row) return { failure: 'invalid' };
    if (row.revokedAt) return { failure: 'revoked' };
    const now = Date.now();
    if (row.expiresAt && row.expiresAt.getTime() <= now) return { failure: 'expired' };
    if (!row.lastUsedAt || now - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
      this.lastUsed.mark(row.id);
      // The row may be the one the cache keeps: it remembers the write, so the next requests do not send it again.
      row.lastUsedAt = new Date(now);
    }
    return {
      caller: { accountId: row.accountId, keyId: row.id, scopes: row.scopes, plan: row.plan, features: row.features },
    };
  }
}
