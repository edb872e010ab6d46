import { Body, Get, HttpStatus, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { PageController } from '../sessions/page.decorators';
import { PostedForm } from '../sessions/page-form';
import type { SignedInAccount } from '../sessions/signed-in-account';
import { SignedIn } from '../sessions/signed-in-account';
import { SignedInGuard } from '../sessions/signed-in.guard';
import { SettingsService } from './settings.service';

/** The account's settings: what it is (read only), and its API keys. */
@PageController('settings')
@UseGuards(SignedInGuard)
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  @Get()
  account(@SignedIn() account: SignedInAccount, @Res() res: Response): void {
    res.render('settings/account', { title: 'Account', section: 'account', ...this.settings.accountPage(account) });
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
