import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Injectable } from '@nestjs/common';
import { hashSecret } from '../../common/auth/secret-format';
import { UsageMarker } from '../../common/concurrency/usage-marker';
import { AccountRateLimiter } from '../../common/rate-limit/account-rate-limiter';
import { InjectConfig } from '../../config/config.module';
import type { AppConfig } from '../../config/configuration';
import { AccountRuleError, AccountsService } from '../accounts/accounts.service';
import { passwordProblem } from '../accounts/password';
import { SESSION_TOKEN } from './session-token';
import { SessionsRepository } from './sessions.repository';
import type { SignedInAccount } from './signed-in-account';

/** How stale `lastSeenAt` may get before a page view refreshes it: keeps writes off most requests. */
const LAST_SEEN_RESOLUTION_MS = 60_000;

/**
 * Sign-in attempts per quarter hour, per account from one address, and per address whatever the account: enough
 * for a person who mistypes, far too few to guess a password. An account is never stopped for every address at
 * once, or anyone could lock its owner out: past `slowAfter` wrong passwords in the quarter hour, from anywhere, each
 * further wrong one is answered after a delay that doubles (from `firstDelayMs` up to `longestDelayMs`), which slows
 * a guesser spread over many addresses while the owner's right password is let in at once. RATE_LIMIT_SCALE applies
 * to the counts.
 */
export const SIGN_IN_LIMITS = {
  perAccountAndAddress: 10,
  perAddress: 30,
  windowMs: 15 * 60_000,
  slowAfter: 10,
  firstDelayMs: 250,
  longestDelayMs: 5_000,
} as const;

/**
 * Checks of the current password from a signed-in session (changing the password, deleting the account) per quarter
 * hour per account: a session left open on a shared computer must not become a way to guess the password.
 * RATE_LIMIT_SCALE applies.
 */
export const PASSWORD_CHECK_LIMIT = { perAccount: 10, windowMs: 15 * 60_000 } as const;

/** Wrong passwords an account's counter holds at most: far past the longest delay, so its count stays exact. */
const FAILURES_COUNTED = 1_000;

/** New accounts per hour from one address, when sign-up is open (RATE_LIMIT_SCALE applies). */
export const SIGN_UP_LIMIT = { perAddress: 10, windowMs: 60 * 60_000 } as const;

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
export const ACCOUNT_NAME_MAX = 200;

export type PasswordCheck = { confirmed: true } | { failure: 'credentials' } | { failure: 'limited'; retryAfter: number };

export type SignInResult = { token: string; accountId: string } | { failure: 'credentials' } | { failure: 'limited'; retryAfter: number };

/**
 * A sign-up that was taken (`accepted`, whether it made an account or the email had one: the answer is alike), or why
 * it was not: the fields at fault (by form field), or the address's limit.
 */
export type SignUpResult = { accepted: true } | { failure: 'invalid'; errors: Record<string, string> } | { failure: 'limited'; retryAfter: number };

@Injectable()
export class SessionsService {
  private readonly lastSeen = new UsageMarker((sessionId) => this.sessions.markSeen(sessionId));

  constructor(
    private readonly sessions: SessionsRepository,
    private readonly accounts: AccountsService,
    private readonly limiter: AccountRateLimiter,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  /**
   * Checks the email and password (an unknown email and a wrong password answer alike) and opens a session. Every
   * attempt counts against the account's limit from this address and the address's limit, before the password is
   * looked at. The account is named in the limits as PostgreSQL matches its email (`gİna@…` is gina's account there,
   * whatever JavaScript's lower case says).
   */
  async signIn(email: string, password: string, address: string): Promise<SignInResult> {
    const emailKey = createHash('sha256')
      .update(await this.accounts.emailKey(email.trim()))
      .digest('hex');
    const decisions = await Promise.all([
      this.limiter.consume(`sign-in:account:${emailKey}:address:${address}`, SIGN_IN_LIMITS.perAccountAndAddress, SIGN_IN_LIMITS.windowMs, 'sign-in'),
      this.limiter.consume(`sign-in:address:${address}`, SIGN_IN_LIMITS.perAddress, SIGN_IN_LIMITS.windowMs, 'sign-in'),
    ]);
    const refused = decisions.filter((decision) => decision && !decision.allowed);
    if (refused.length > 0) return { failure: 'limited', retryAfter: Math.max(...refused.map((decision) => decision!.retryAfter)) };
    const account = await this.accounts.withCredentials(email.trim(), password);
    if (!account) {
      await sleep(await this.delayAfterFailure(emailKey));
      return { failure: 'credentials' };
    }
    return { token: await this.open(account.id), accountId: account.id };
  }

  /** Whether the signed-in person knows the account's password; every attempt counts against PASSWORD_CHECK_LIMIT. */
  async checkPassword(account: SignedInAccount, password: string): Promise<PasswordCheck> {
    const decision = await this.limiter.consume(
      `password-check:account:${account.accountId}`,
      PASSWORD_CHECK_LIMIT.perAccount,
      PASSWORD_CHECK_LIMIT.windowMs,
      'password-check',
    );
    if (decision && !decision.allowed) return { failure: 'limited', retryAfter: decision.retryAfter };
    return (await this.accounts.passwordMatches(account.accountId, password)) ? { confirmed: true } : { failure: 'credentials' };
  }

  /** Counts a wrong password against the account from any address; the delay its answer waits for. */
  private async delayAfterFailure(emailKey: string): Promise<number> {
    const counted = await this.limiter.consume(`sign-in:failures:${emailKey}`, FAILURES_COUNTED, SIGN_IN_LIMITS.windowMs, 'sign-in-failures');
    const failures = counted ? counted.limit - counted.remaining : 0;
    const beyond = failures - Math.round(SIGN_IN_LIMITS.slowAfter * this.config.limits.rateLimitScale);
    return beyond > 0 ? Math.min(SIGN_IN_LIMITS.firstDelayMs * 2 ** (beyond - 1), SIGN_IN_LIMITS.longestDelayMs) : 0;
  }

  /**
   * Creates a free account with a password, counted against the address's sign-up limit. An email that already has
   * an account answers exactly as a new one does, having spent the same password hash, so sign-up does not tell who
   * has an account; for the same reason it opens no session (the person signs in next), and, the service sending no
   * mail, the owner of the existing account is told nothing.
   */
  async signUp(input: { email: string; name: string; password: string }, address: string): Promise<SignUpResult> {
    const errors: Record<string, string> = {};
    if (!EMAIL.test(input.email)) errors.email = 'Enter an email address, like name@example.com';
    if (input.name.length > ACCOUNT_NAME_MAX) errors.name = `Use at most ${ACCOUNT_NAME_MAX} characters`;
    const weak = passwordProblem(input.password);
    if (weak) errors.password = weak;
    if (Object.keys(errors).length > 0) return { failure: 'invalid', errors };

    const decision = await this.limiter.consume(`sign-up:address:${address}`, SIGN_UP_LIMIT.perAddress, SIGN_UP_LIMIT.windowMs, 'sign-up');
    if (decision && !decision.allowed) return { failure: 'limited', retryAfter: decision.retryAfter };
    try {
      await this.accounts.create({ email: input.email, name: input.name || undefined, plan: 'free', password: input.password });
    } catch (error) {
      if (!(error instanceof AccountRuleError)) throw error;
    }
    return { accepted: true };
  }

  /** A new session for the account; the token goes in the cookie and nowhere else. */
  async open(accountId: string): Promise<string> {
    const { value: token, hash } = SESSION_TOKEN.generate();
    await this.sessions.removeExpired(accountId);
    await this.sessions.create(accountId, { tokenHash: hash, lastSeenAt: new Date(), expiresAt: new Date(Date.now() + this.config.web.sessionMaxAgeMs) });
    return token;
  }

  /** The account of a live session, or undefined (no such session, expired, or ended). */
  async resolve(token: unknown): Promise<SignedInAccount | undefined> {
    if (!SESSION_TOKEN.isWellFormed(token)) return undefined;
    const found = await this.sessions.byHash(hashSecret(token));
    if (!found) return undefined;
    const { lastSeenAt, ...signedIn } = found;
    if (Date.now() - lastSeenAt.getTime() > LAST_SEEN_RESOLUTION_MS) this.lastSeen.mark(signedIn.sessionId);
    return signedIn;
  }

  /** Ends the session now: its next request is signed out. */
  async end(token: unknown): Promise<void> {
    if (SESSION_TOKEN.isWellFormed(token)) await this.sessions.removeByHash(hashSecret(token));
  }
}
