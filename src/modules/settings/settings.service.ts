import { HttpStatus, Injectable } from '@nestjs/common';
import { NotFoundError } from '../../common/errors/api-errors';
import { Scope, SCOPES } from '../../common/auth/scopes';
import { ApiKeyErrorCode, ApiKeyRuleError } from '../api-keys/api-keys.exception';
import type { ApiKeyListing } from '../api-keys/api-keys.repository';
import { ApiKeysService } from '../api-keys/api-keys.service';
import { formText, PostedForm } from '../sessions/page-form';
import type { SignedInAccount } from '../sessions/signed-in-account';
import { AccessLevel, ACCESS_LEVELS, describeScopes, READ_ONLY_SCOPES, SCOPE_GROUPS, scopesAt } from './scope-groups';

export const API_KEY_NAME_MAX = 100;

const ACCESS_CHOICES = ['read-only', 'everything', 'custom'] as const;
type AccessChoice = (typeof ACCESS_CHOICES)[number];

/** The lifetimes offered on the page; 90 days by default, so that a forgotten key does not live for ever. */
const EXPIRY_CHOICES = [
  { value: '30', label: 'In 30 days' },
  { value: '90', label: 'In 90 days' },
  { value: '365', label: 'In one year' },
  { value: 'never', label: 'Never' },
] as const;
const DEFAULT_EXPIRY = '90';

interface KeyForm {
  name: string;
  access: AccessChoice;
  levels: Record<string, AccessLevel>;
  expiry: string;
}

const PLAN_NAMES = { free: 'Free', plus: 'Plus' } as const;

const DATE = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });
const DATE_TIME = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** A moment for people (the day; the time, in UTC, on hover) and for machines (`<time datetime>`). */
export function moment(date: Date | null): { text: string; full: string; iso: string } | null {
  return date && { text: DATE.format(date), full: `${DATE_TIME.format(date)} UTC`, iso: date.toISOString() };
}

/** The view models of the settings pages, and the reading of their forms; the rules are the features' own. */
@Injectable()
export class SettingsService {
  constructor(private readonly apiKeys: ApiKeysService) {}

  accountPage(account: SignedInAccount) {
    return { email: account.email, name: account.name, plan: PLAN_NAMES[account.plan], isPlus: account.plan === 'plus', features: account.features };
  }

  async apiKeysPage(account: SignedInAccount, form: KeyForm = this.blankForm(), errors: Record<string, string> = {}) {
    const [keys, refusal] = await Promise.all([this.apiKeys.list(account), this.apiKeys.creationRefusal(account)]);
    return {
      keys: keys.map((key) => this.keyView(key)),
      refusal: refusal && this.reason(refusal, keys),
      form: this.formView(form),
      errors,
    };
  }

  /** Reads the form and creates the key through ApiKeysService, whose rules (Plus, one active key) answer here as a reason. */
  async createApiKey(account: SignedInAccount, posted: PostedForm) {
    const { form, errors, scopes, expiresInDays } = this.readKeyForm(posted);
    if (Object.keys(errors).length > 0) return { status: HttpStatus.BAD_REQUEST, page: await this.apiKeysPage(account, form, errors) };
    try {
      const created = await this.apiKeys.create({ accountId: account.accountId, name: form.name, scopes, expiresInDays });
      return { status: HttpStatus.CREATED, page: { ...(await this.apiKeysPage(account)), created: { key: created.key, name: form.name } } };
    } catch (error) {
      if (!(error instanceof ApiKeyRuleError)) throw error;
      const status = error.code === ApiKeyErrorCode.PLAN_REQUIRED ? HttpStatus.FORBIDDEN : HttpStatus.CONFLICT;
      return { status, page: await this.apiKeysPage(account, form) };
    }
  }

  async apiKeyToRevoke(account: SignedInAccount, keyId: string) {
    const key = (await this.apiKeys.list(account)).find((candidate) => candidate.id === keyId && !candidate.revokedAt);
    if (!key) throw new NotFoundError();
    return this.keyView(key);
  }

  /** Another account's key, or none, is not found: the page cannot tell them apart. */
  async revokeApiKey(account: SignedInAccount, keyId: string): Promise<void> {
    await this.apiKeys.revoke(keyId, account).catch((error: unknown) => {
      throw error instanceof ApiKeyRuleError && error.code === ApiKeyErrorCode.KEY_NOT_FOUND ? new NotFoundError() : error;
    });
  }

  private readKeyForm(posted: PostedForm): { form: KeyForm; errors: Record<string, string>; scopes: Scope[]; expiresInDays?: number } {
    const access = formText(posted, 'access') as AccessChoice;
    const levels = Object.fromEntries(
      SCOPE_GROUPS.map((group) => {
        const level = formText(posted, `level.${group.name}`) as AccessLevel;
        return [group.name, ACCESS_LEVELS.includes(level) ? level : 'none'];
      }),
    );
    const form: KeyForm = {
      name: formText(posted, 'name').trim(),
      access: ACCESS_CHOICES.includes(access) ? access : 'read-only',
      levels,
      expiry: formText(posted, 'expiry'),
    };
    const errors: Record<string, string> = {};
    if (form.name.length === 0) errors.name = 'Give the key a name, such as the app or script that will use it';
    if (form.name.length > API_KEY_NAME_MAX) errors.name = `Use at most ${API_KEY_NAME_MAX} characters`;
    if (!EXPIRY_CHOICES.some((choice) => choice.value === form.expiry)) errors.expiry = 'Choose when the key expires';
    const scopes =
      form.access === 'everything'
        ? [...SCOPES]
        : form.access === 'read-only'
          ? [...READ_ONLY_SCOPES]
          : SCOPE_GROUPS.flatMap((group) => scopesAt(group, levels[group.name]));
    if (scopes.length === 0) errors.scopes = 'Choose at least one permission, or pick "Read only" or "Everything"';
    return { form, errors, scopes, expiresInDays: form.expiry === 'never' ? undefined : Number(form.expiry) };
  }

  private blankForm(): KeyForm {
    return { name: '', access: 'read-only', levels: Object.fromEntries(SCOPE_GROUPS.map((group) => [group.name, 'none'])), expiry: DEFAULT_EXPIRY };
  }

  private formView(form: KeyForm) {
    return {
      name: form.name,
      access: form.access,
      nameMax: API_KEY_NAME_MAX,
      groups: SCOPE_GROUPS.map((group) => ({
        name: group.name,
        label: group.label,
        gives: group.gives,
        level: form.levels[group.name],
        canWrite: group.write.length > 0,
        scopes: [...group.read, ...group.write].join(', '),
      })),
      expiry: EXPIRY_CHOICES.map((choice) => ({ ...choice, selected: choice.value === form.expiry })),
    };
  }

  private keyView(key: ApiKeyListing) {
    const now = Date.now();
    const status = key.revokedAt ? 'revoked' : key.expiresAt && key.expiresAt.getTime() <= now ? 'expired' : 'active';
    return {
      id: key.id,
      name: key.name,
      prefix: `cpk_${key.keyPrefix}`,
      scopes: describeScopes(key.scopes),
      scopeList: key.scopes.join(', '),
      created: moment(key.createdAt),
      lastUsed: moment(key.lastUsedAt),
      expires: moment(key.expiresAt),
      revoked: moment(key.revokedAt),
      status,
      active: status === 'active',
    };
  }

  /** The rule that stops a new key, in words for the page. */
  private reason(refusal: ApiKeyRuleError, keys: ApiKeyListing[]): { code: ApiKeyErrorCode; message: string } {
    if (refusal.code === ApiKeyErrorCode.PLAN_REQUIRED) {
      return { code: refusal.code, message: 'API keys come with the Plus plan, and this account is on the Free plan.' };
    }
    const active = keys.find((key) => !key.revokedAt && (!key.expiresAt || key.expiresAt.getTime() > Date.now()));
    return {
      code: refusal.code,
      message: `This account already has an active key${active ? `, “${active.name}”` : ''}. An account holds one active key at a time: revoke it below to create a new one.`,
    };
  }
}
