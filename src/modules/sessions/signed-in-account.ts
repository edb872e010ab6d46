import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Feature, Plan } from '../accounts/account-plans';

/** The person behind a browser session: their account, and the session (to end it). */
export interface SignedInAccount {
  accountId: string;
  sessionId: string;
  email: string;
  name: string | null;
  plan: Plan;
  features: Feature[];
}

declare module 'express-serve-static-core' {
  interface Request {
    signedIn?: SignedInAccount;
  }
}

/** The signed-in account of a page behind `SignedInGuard`; it is an `Owner` for the account-scoped repositories. */
export const SignedIn = createParamDecorator((_data: unknown, context: ExecutionContext): SignedInAccount => {
  return context.switchToHttp().getRequest().signedIn;
});
