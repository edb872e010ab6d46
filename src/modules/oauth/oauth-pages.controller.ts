import { Body, Get, HttpStatus, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { PageController } from '../sessions/page.decorators';
import { formText, PostedForm } from '../sessions/page-form';
import { SignedIn, SignedInAccount } from '../sessions/signed-in-account';
import { SignedInGuard } from '../sessions/signed-in.guard';
import { AUTHORIZATION_COOKIE } from './oauth.provider';
import { OAuthPages, postedScopes } from './oauth-pages';
import { OAuthService } from './oauth.service';

function browserSecretOf(req: Request): string | undefined {
  const value: unknown = (req.cookies as Record<string, unknown> | undefined)?.[AUTHORIZATION_COOKIE];
  return typeof value === 'string' ? value : undefined;
}

/**
 * The authorize step's page: after `/authorize` the person signs in (if needed) and approves or denies the app; both
 * answers redirect to the app as OAuth says. And `/settings/connected-apps`, where approved apps are disconnected.
 */
@PageController()
@UseGuards(SignedInGuard)
export class OAuthPagesController {
  constructor(
    private readonly pages: OAuthPages,
    private readonly oauth: OAuthService,
  ) {}

  @Get('oauth/consent')
  async consent(@SignedIn() account: SignedInAccount, @Query('authorization') id: unknown, @Req() req: Request, @Res() res: Response): Promise<void> {
    const page = await this.pages.consentPage(account, typeof id === 'string' ? id : '', browserSecretOf(req));
    res.render('oauth/consent', { title: `Connect ${page.appName}`, ...page });
  }

  @Post('oauth/consent')
  async answer(@SignedIn() account: SignedInAccount, @Body() form: PostedForm, @Req() req: Request, @Res() res: Response): Promise<void> {
    const id = formText(form, 'authorization');
    const redirect =
      formText(form, 'decision') === 'approve'
        ? await this.oauth.approve(account.accountId, id, browserSecretOf(req), postedScopes(form))
        : await this.oauth.deny(id, browserSecretOf(req));
    res.redirect(HttpStatus.SEE_OTHER, redirect);
  }

  @Get('settings/connected-apps')
  async connectedApps(@SignedIn() account: SignedInAccount, @Query('revoked') revoked: unknown, @Res() res: Response): Promise<void> {
    const page = await this.pages.connectedAppsPage(account);
    res.render('settings/connected-apps', { title: 'Connected apps', section: 'connected-apps', revokedNotice: revoked === '1', ...page });
  }

  @Post('settings/connected-apps/:id/revoke')
  async disconnect(@SignedIn() account: SignedInAccount, @Param('id') id: string, @Res() res: Response): Promise<void> {
    await this.oauth.disconnect(account.accountId, id);
    res.redirect(HttpStatus.SEE_OTHER, '/settings/connected-apps?revoked=1');
  }
}
