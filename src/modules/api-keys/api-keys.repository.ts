import { Injectable } from '@nestjs/common';
import { IsNull } from 'typeorm';
import type { ApiCaller } from '../../common/auth/api-caller';
import type { Scope } from '../../common/auth/scopes';
import { accountIdOf, Owner, OwnedRepositoryFor } from '../../database/owned-repository';
import { ApiKey } from './entities/api-key.entity';

/** A key as listed: everything but its hash. */
export type ApiKeyListing = Omit<ApiKey, 'keyHash' | 'account'>;

/** A key looked up by its hash, with what the caller needs of its account. */
export interface KeyRow {
  id: string;
  accountId: string;
  scopes: Scope[];
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  plan: ApiCaller['plan'];
  features: string[];
}

@Injectable()
export class ApiKeysRepository extends OwnedRepositoryFor<ApiKey, ApiKeyListing>(ApiKey, ({ keyHash: _hash, account: _account, ...listing }) => listing) {
  /** The id of a key of the account that is neither revoked nor expired. */
  async activeKeyId(owner: Owner): Promise<string | undefined> {
    const active = await this.manager
      .createQueryBuilder(ApiKey, 'key')
      .select('key.id')
      .where('key.accountId = :accountId', { accountId: accountIdOf(owner) })
      .andWhere('key.revokedAt IS NULL')
      .andWhere('(key.expiresAt IS NULL OR key.expiresAt > now())')
      .getOne();
    return active?.id;
  }

  byId(keyId: string): Promise<ApiKey | null> {
    return this.manager.findOneBy(ApiKey, { id: keyId });
  }

  /** Revokes the key now unless it already was. */
  async revoke(keyId: string): Promise<void> {
    await this.manager.update(ApiKey, { id: keyId, revokedAt: IsNull() }, { revokedAt: () => 'now()' });
  }

  /** The account's keys, newest first. */
  async all(owner: Owner): Promise<ApiKeyListing[]> {
    const keys = await this.manager.find(ApiKey, { where: { accountId: accountIdOf(owner) }, order: { createdAt: 'DESC' } });
    return keys.map(this.view);
  }

  /** The hot path of every request: one indexed lookup by hash, joined with the account. */
  async byHash(hash: Buffer): Promise<KeyRow | undefined> {
    const rows = await this.statement<KeyRow>(
      `SELECT k.id, k.account_id AS "accountId", k.scopes, k.expires_at AS "expiresAt", k.revoked_at AS "revokedAt",
              k.last_used_at AS "lastUsedAt", a.plan, a.features
         FROM api_keys k JOIN accounts a ON a.id = k.account_id
        WHERE k.key_hash = $1`,
      [hash],
      'api-key-by-hash',
    );
    return rows[0];
  }

  async markUsed(keyId: string): Promise<void> {
    await this.manager.query('UPDATE api_keys SET last_used_at = now() WHERE id = $1', [keyId]);
  }
}
