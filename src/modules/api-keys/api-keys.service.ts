import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, IsNull } from 'typeorm';
import type { ApiCaller } from '../../common/auth/api-caller';
import type { Scope } from '../../common/auth/scopes';
import { Account } from '../accounts/entities/account.entity';
import { generateApiKey, hashApiKey, isWellFormedApiKey } from './api-key-secret';
import { ApiKey } from './entities/api-key.entity';

export type Authentication = { caller: ApiCaller } | { failure: 'invalid' | 'expired' | 'revoked' };

/** How stale `lastUsedAt` may get before a request refreshes it: keeps writes off the hot path. */
const LAST_USED_RESOLUTION_MS = 60_000;

interface KeyRow {
  id: string;
  account_id: string;
  scopes: Scope[];
  expires_at: Date | null;
  revoked_at: Date | null;
  last_used_at: Date | null;
  plan: ApiCaller['plan'];
  features: string[];
}

export class ApiKeyRuleError extends Error {}

@Injectable()
export class ApiKeysService {
  /** Keys whose `lastUsedAt` refresh is in flight, so a burst of requests sends one write. */
  private readonly touching = new Set<string>();

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Creates a key; the account must be on Plus and hold no other active key (checked under a row lock). */
  async create(input: { accountId: string; name: string; scopes: Scope[]; expiresInDays?: number }) {
    return this.dataSource.transaction(async (manager) => {
      const account = await manager.findOne(Account, {
        where: { id: input.accountId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!account) throw new ApiKeyRuleError(`No account with id ${input.accountId}`);
      if (account.plan !== 'plus') throw new ApiKeyRuleError('API keys require the Plus plan');
      const active = await manager
        .createQueryBuilder(ApiKey, 'key')
        .where('key.accountId = :accountId', { accountId: account.id })
        .andWhere('key.revokedAt IS NULL')
        .andWhere('(key.expiresAt IS NULL OR key.expiresAt > now())')
        .getOne();
      if (active) {
        throw new ApiKeyRuleError(`The account already has an active key (${active.id}); revoke it before creating another`);
      }
      const { key, hash, prefix } = generateApiKey();
      const expiresAt = input.expiresInDays ? new Date(Date.now() + input.expiresInDays * 86_400_000) : null;
      const saved = await manager.save(
        manager.create(ApiKey, { accountId: account.id, name: input.name, scopes: input.scopes, keyHash: hash, keyPrefix: prefix, expiresAt }),
      );
      return { id: saved.id, key, scopes: saved.scopes, expiresAt: saved.expiresAt };
    });
  }

  async revoke(keyId: string): Promise<{ id: string; revokedAt: Date }> {
    const key = await this.dataSource.getRepository(ApiKey).findOneBy({ id: keyId });
    if (!key) throw new ApiKeyRuleError(`No key with id ${keyId}`);
    if (key.revokedAt) return { id: key.id, revokedAt: key.revokedAt };
    await this.dataSource.getRepository(ApiKey).update({ id: keyId, revokedAt: IsNull() }, { revokedAt: () => 'now()' });
    const revoked = await this.dataSource.getRepository(ApiKey).findOneByOrFail({ id: keyId });
    return { id: revoked.id, revokedAt: revoked.revokedAt as Date };
  }

  async list(accountId: string) {
    const keys = await this.dataSource.getRepository(ApiKey).find({ where: { accountId }, order: { createdAt: 'DESC' } });
    return keys.map(({ keyHash: _hash, account: _account, ...visible }) => visible);
  }

  /** The hot path of every request: one indexed lookup by hash, no write unless `lastUsedAt` is stale. */
  async authenticate(rawKey: string): Promise<Authentication> {
    if (!isWellFormedApiKey(rawKey)) return { failure: 'invalid' };
    const rows: KeyRow[] = await this.dataSource.query(
      `SELECT k.id, k.account_id, k.scopes, k.expires_at, k.revoked_at, k.last_used_at, a.plan, a.features
         FROM api_keys k JOIN accounts a ON a.id = k.account_id
        WHERE k.key_hash = $1`,
      [hashApiKey(rawKey)],
    );
    const row = rows[0];
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
    this.dataSource
      .query('UPDATE api_keys SET last_used_at = now() WHERE id = $1', [keyId])
      .catch(() => undefined)
      .finally(() => this.touching.delete(keyId));
  }
}
