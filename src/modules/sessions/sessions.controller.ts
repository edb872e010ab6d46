import { Body, Get, HttpStatus, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { setRetryAfter } from '../../common/errors/retry-after';
import { InjectConfig } from '../../config/config.module';
import type { AppConfig } from '../../config/configuration';
import { PASSWORD_LIMITS } from '../accounts/password';
import { PageController } from './page.decorators';
import { formText, PostedForm } from './page-form';
import { clearSessionCookie, sessionTokenOf, setSessionCookie } from './session-cookie';
import { SessionsService } from './sessions.service';
import { localPath } from './sign-in-required';

/** Where a person lands after signing in when no page asked for it. */
export const HOME_PAGE = '/settings';

/** Where a sign-up sends its person, whether it made an account or the email had one already (the answer is alike). */
const SIGNED_UP_PAGE = '/sign-in?signedUp=1';
const SIGNED_UP_NOTICE = 'Now sign in with your email and the password you chose. If this email already had an account, use its password.';

/** The same words for an unknown email, an account without a password, and a wrong password. */
const WRONG_CREDENTIALS = 'That email and password do not match an account. Check both and try again.';

@PageController()
export class SessionsController {
  constructor(
    private readonly sessions: SessionsService,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  @Get('sign-in')
  async signInPage(
    @Req() req: Request,
    @Res() res: Response,
    @Query('next') next: unknown,
    @Query('signedOut') signedOut: unknown,
    @Query('signedUp') signedUp: unknown,
    @Query('deleted') deleted: unknown,
  ): Promise<void> {
    if (await this.sessions.resolve(sessionTokenOf(req))) return res.redirect(HttpStatus.SEE_OTHER, localPath(next) ?? HOME_PAGE);
    const notice =
      deleted === '1'
        ? 'Your account and everything it held are deleted.'
        : signedOut === '1'
          ? 'You have signed out.'
          : signedUp === '1'
            ? SIGNED_UP_NOTICE
            : undefined;
    res.render('sessions/sign-in', this.signInLocals({ next: localPath(next), notice }));
  }

  @Post('sign-in')
  async signIn(@Req() req: Request, @Res() res: Response, @Body() form: PostedForm): Promise<void> {
    const email = formText(form, 'email');
    const next = localPath(formText(form, 'next'));
    const result = await this.sessions.signIn(email, formText(form, 'password'), req.ip ?? 'unknown');
    if ('failure' in result) {
      if (result.failure === 'limited') {
        setRetryAfter(res, result.retryAfter);
        const minutes = Math.ceil(result.retryAfter / 60);
        const error = `Too many sign-in attempts. Wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`;
        return res.status(HttpStatus.TOO_MANY_REQUESTS).render('sessions/sign-in', this.signInLocals({ next, email, error }));
      }
      return res.status(HttpStatus.UNAUTHORIZED).render('sessions/sign-in', this.signInLocals({ next, email, error: WRONG_CREDENTIALS }));
    }
    await this.sessions.end(sessionTokenOf(req));
    setSessionCookie(req, res, result.token, this.config.web.sessionMaxAgeMs);
    res.redirect(HttpStatus.SEE_OTHER, next ?? HOME_PAGE);
  }

  @Post('sign-out')
  async signOut(@Req() req: Request, @Res() res: Response): Promise<void> {
    await this.sessions.end(sessionTokenOf(req));
    clearSessionCookie(req, res);
    res.redirect(HttpStatus.SEE_OTHER, '/sign-in?signedOut=1');
  }

  @Get('sign-up')
  signUpPage(@Res() res: Response): void {
    if (this.config.web.signup !== 'open') return this.signUpClosed(res);
    res.render('sessions/sign-up', { title: 'Create an account', passwordMin: PASSWORD_LIMITS.min });
  }

  @Post('sign-up')
  async signUp(@Req() req: Request, @Res() res: Response, @Body() form: PostedForm): Promise<void> {
    if (this.config.web.signup !== 'open') return this.signUpClosed(res);
    const values = { email: formText(form, 'email').trim(), name: formText(form, 'name').trim() };
    const result = await this.sessions.signUp({ ...values, password: formText(form, 'password') }, req.ip ?? 'unknown');
    if (!('failure' in result)) return res.redirect(HttpStatus.SEE_OTHER, SIGNED_UP_PAGE);
    const again = (status: HttpStatus, errors: Record<string, string>) =>
      res.status(status).render('sessions/sign-up', { title: 'Create an account', passwordMin: PASSWORD_LIMITS.min, values, errors });
    if (result.failure === 'limited') {
      setRetryAfter(res, result.retryAfter);
      return again(HttpStatus.TOO_MANY_REQUESTS, { form: 'Too many new accounts from your network. Try again later.' });
    }
    again(HttpStatus.BAD_REQUEST, result.errors);
  }

  private signInLocals(locals: { next?: string; email?: string; error?: string; notice?: string }) {
    return { title: 'Sign in', signUpOpen: this.config.web.signup === 'open', ...locals };
  }

  private signUpClosed(res: Response): void {
    res.status(HttpStatus.NOT_FOUND).render('error', {
      title: 'Sign-up is closed',
      status: HttpStatus.NOT_FOUND,
      message: 'New accounts are made by the people who run this service. Ask them for one, then sign in.',
    });
  }
}
