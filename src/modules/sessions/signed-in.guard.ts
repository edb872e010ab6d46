import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { sessionTokenOf } from './session-cookie';
import { SessionsService } from './sessions.service';
import { SignInRequired } from './sign-in-required';

/**
 * A page for a signed-in person: without a live session it redirects to `/sign-in?next=<this page>` (a GET's own
 * path; after a post, the account page). Puts the account on the request (`@SignedIn()`) and in the layout's locals.
 */
@Injectable()
export class SignedInGuard implements CanActivate {
  constructor(private readonly sessions: SessionsService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const signedIn = await this.sessions.resolve(sessionTokenOf(req));
    if (!signedIn) throw new SignInRequired(req.method === 'GET' ? req.originalUrl : undefined);
    req.signedIn = signedIn;
    context.switchToHttp().getResponse<Response>().locals.signedIn = signedIn;
    return true;
  }
}
