import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { Body, Get, HttpStatus, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { setRetryAfter } from '../../common/errors/retry-after';
import { AccountExportService } from '../accounts/account-export.service';
import { clearSessionCookie } from '../sessions/session-cookie';
import { PageController } from '../sessions/page.decorators';
import { PostedForm } from '../sessions/page-form';
import type { SignedInAccount } from '../sessions/signed-in-account';
import { SignedIn } from '../sessions/signed-in-account';
import { SignedInGuard } from '../sessions/signed-in.guard';
import { FormOutcome, SettingsService } from './settings.service';

/** The account's settings: what it is, its password, its data (export, deletion), and its API keys. */
@PageController('settings')
@UseGuards(SignedInGuard)
export class SettingsController {
  constructor(
    private readonly settings: SettingsService,
    private readonly exports: AccountExportService,
  ) {}

  @Get()
  account(@SignedIn() account: SignedInAccount, @Res() res: Response): void {
    res.render('settings/account', { title: 'Account', section: 'account', ...this.settings.accountPage(account) });
  }

  /** Renders the account page in the post's answer, saying what the new password ended. */
  @Post('password')
  async changePassword(@SignedIn() account: SignedInAccount, @Body() form: PostedForm, @Res() res: Response): Promise<void> {
    this.renderOutcome(res, 'settings/account', { title: 'Account', section: 'account' }, await this.settings.changePassword(account, form));
  }

  /** Everything the account holds, as one JSON file, written as it is read. */
  @Get('export')
  async export(@SignedIn() account: SignedInAccount, @Res() res: Response): Promise<void> {
    const retryAfter = await this.settings.exportRefusal(account);
    if (retryAfter !== undefined) {
      setRetryAfter(res, retryAfter);
      const message = `Your data was downloaded too often in the last hour. Try again in ${Math.ceil(retryAfter / 60)} minutes.`;
      return res.status(HttpStatus.TOO_MANY_REQUESTS).render('error', { title: 'Too many downloads', status: HttpStatus.TOO_MANY_REQUESTS, message });
    }
    const day = new Date().toISOString().slice(0, 10);
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="career-api-export-${day}.json"`);
    // A failure half-way cuts the connection (pipeline destroys the answer), so no truncated file passes for whole.
    await pipeline(Readable.from(this.exports.document(account.accountId)), res);
  }

  @Get('delete')
  async confirmDeletion(@SignedIn() account: SignedInAccount, @Res() res: Response): Promise<void> {
    res.render('settings/delete-account', { title: 'Delete account', section: 'account', ...(await this.settings.deletionPage(account)) });
  }

  /** Once the account is gone, so is this session: the cookie goes too, and the person lands on the sign-in page. */
  @Post('delete')
  async deleteAccount(@SignedIn() account: SignedInAccount, @Body() form: PostedForm, @Req() req: Request, @Res() res: Response): Promise<void> {
    const refused = await this.settings.deleteAccount(account, form);
    if (refused) return this.renderOutcome(res, 'settings/delete-account', { title: 'Delete account', section: 'account' }, refused);
    clearSessionCookie(req, res);
    res.redirect(HttpStatus.SEE_OTHER, '/sign-in?deleted=1');
  }

  private renderOutcome(res: Response, view: string, locals: Record<string, unknown>, outcome: FormOutcome): void {
    if (outcome.retryAfter !== undefined) setRetryAfter(res, outcome.retryAfter);
    res.status(outcome.status).render(view, { ...locals, ...outcome.page });
  }

  @Get('api-keys')
  async apiKeys(@SignedIn() account: SignedInAccount, @Query('revoked') revoked: unknown, @Res() res: Response): Promise<void> {
    const page = await this.settings.apiKeysPage(account);
    res.render('settings/api-keys', { title: 'API keys', section: 'api-keys', revokedNotice: revoked === '1', ...page });
  }

  /** Renders the page itself rather than redirecting: the new key is shown in this answer only, and stored nowhere. */
  @Post('api-keys')
  async createApiKey(@SignedIn() account: SignedInAccount, @Body() form: PostedForm, @Res() res: Response): Promise<void> {
    const outcome = await this.settings.createApiKey(account, form);
    res.status(outcome.status).render('settings/api-keys', { title: 'API keys', section: 'api-keys', ...outcome.page });
  }

  @Get('api-keys/:id/revoke')
  async confirmRevoke(@SignedIn() account: SignedInAccount, @Param('id') id: string, @Res() res: Response): Promise<void> {
    res.render('settings/revoke-api-key', { title: 'Revoke API key', section: 'api-keys', key: await this.settings.apiKeyToRevoke(account, id) });
  }

  @Post('api-keys/:id/revoke')
  async revoke(@SignedIn() account: SignedInAccount, @Param('id') id: string, @Res() res: Response): Promise<void> {
    await this.settings.revokeApiKey(account, id);
    res.redirect(HttpStatus.SEE_OTHER, '/settings/api-keys?revoked=1');
  }
}
