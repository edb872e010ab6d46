import { Injectable } from '@nestjs/common';
import { ApiKeyAuthenticator, Authentication } from '../../common/auth/api-key-authenticator';
import type { Scope } from '../../common/auth/scopes';
import { generateApiKey, hashApiKey, isWellFormedApiKey } from './api-key-secret';
import { ApiKeysRepository } from './api-keys.repository';

/** How stale `lastUsedAt` may get before a request refreshes it: keeps writes off the hot path. */
const LAST_USED_RESOLUTION_MS = 60_000;

export class ApiKeyRuleError extends Error {}

@Injectable()
export class ApiKeysService implements ApiKeyAuthenticator {
  /** Keys whose `lastUsedAt` refresh is in flight, so a burst of requests sends one write. */
  private readonly touching = new Set<string>();

  constructor(private readonly keys: ApiKeysRepository) {}

  /** Creates a key; the account must be on Plus and hold no other active key (checked under the account's lock). */
  async create(input: { accountId: string; name: string; scopes: Scope[]; expiresInDays?: number }) {
    return this.keys.transaction(async (keys) => {
      if (!(await keys.lockAccount(input.accountId))) throw new ApiKeyRuleError(`No account with id ${input.accountId}`);
      if ((await keys.planOf(input.accountId)) !== 'plus') throw new ApiKeyRuleError('API keys require the Plus plan');
      const activeId = await keys.activeKeyId(input.accountId);
      if (activeId) {
        throw new ApiKeyRuleError(`The account already has an active key (${activeId}); revoke it before creating another`);
      }
      const { key, hash, prefix } = generateApiKey();
      const expiresAt = input.expiresInDays ? new Date(Date.now() + input.expiresInDays * 86_400_000) : null;
      const id = await keys.create(input.accountId, { name: input.name, scopes: input.scopes, keyHash: hash, keyPrefix: prefix, expiresAt });
      return { id, key, scopes: input.scopes, expiresAt };
    });
  }

  async revoke(keyId: string): Promise<{ id: string; revokedAt: Date }> {
    const key = await this.keys.byId(keyId);
    if (!key) throw new ApiKeyRuleError(`No key with id ${keyId}`);
    if (key.revokedAt) return { id: key.id, revokedAt: key.revokedAt };
    await this.keys.revoke(keyId);
    const revoked = await this.keys.byId(keyId);
    return { id: keyId, revokedAt: revoked?.revokedAt as Date };
  }

  list(accountId: string) {
    return this.keys.all(accountId);
  }

  /** The hot path of every request: one indexed lookup by hash, no write unless `lastUsedAt` is stale. */
  async authenticate(rawKey: string): Promise<Authentication> {
    if (!isWellFormedApiKey(rawKey)) return { failure: 'invalid' };
    const row = await this.keys.byHash(hashApiKey(rawKey));
    if (!row) return { failure: 'invalid' };
    if (row.revoked_at) return { failure: 'revoked' };
    const now = Date.now();
    if (row.expires_at && row.expires_at.getTime() <= now) return { failure: 'expired' };
    if (!row.last_used_at || now - row.last_used_at.getTime() > LAST_USED_RESOLUTION_MS) this.touch(row.id);
    return {
      caller: { accountId: row.account_id, keyId: row.id, scopes: row.scopes, plan: row.plan, features: row.features },
    };
  }

  private touch(keyId: string): void {
    if (this.touching.has(keyId)) return;
    this.touching.add(keyId);
    this.keys
      .markUsed(keyId)
      .catch(() => undefined)
      .finally(() => this.touching.delete(keyId));
  }
}
