import { Injectable } from '@nestjs/common';
import type { ApiCaller } from '../../common/auth/api-caller';
import { NotFoundError } from '../../common/errors/api-errors';
import { ApiKeysService } from '../api-keys/api-keys.service';
import { planAllows } from './account-plans';
import { AccountsService } from './accounts.service';
import { CredentialView, MeView } from './dto/me.dto';

/** `GET /v1/me` and MCP's `get_me`: the caller's account and the credential it called with. */
@Injectable()
export class MeService {
  constructor(
    private readonly accounts: AccountsService,
    private readonly apiKeys: ApiKeysService,
  ) {}

  async describe(caller: ApiCaller): Promise<MeView> {
    const [account, credential] = await Promise.all([this.accounts.find(caller.accountId), this.credential(caller)]);
    if (!account) throw new NotFoundError();
    const { id, email, name, plan, features, createdAt } = account;
    return { id, email, name, plan, features, allows: planAllows(account), credential, createdAt };
  }

  /** The key's name and expiry come from its row; an OAuth token's scopes are those it was issued with. */
  private async credential(caller: ApiCaller): Promise<CredentialView> {
    if (!caller.keyId) return { type: 'oauth_token', id: caller.clientId as string, name: null, scopes: caller.scopes, expiresAt: null };
    const key = (await this.apiKeys.list(caller)).find((candidate) => candidate.id === caller.keyId);
    return { type: 'api_key', id: caller.keyId, name: key?.name ?? null, scopes: caller.scopes, expiresAt: key?.expiresAt ?? null };
  }
}
