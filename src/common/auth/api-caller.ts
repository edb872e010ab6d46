import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Scope } from './scopes';

/**
 * Who is calling: the account a valid credential belongs to, and what it may do. The credential is an API key
 * (`keyId`) or, on `/mcp`, an OAuth access token (`clientId`, the app it was issued to); exactly one is set.
 */
export interface ApiCaller {
  accountId: string;
  keyId?: string;
  clientId?: string;
  scopes: Scope[];
  plan: 'free' | 'plus';
  features: string[];
}

declare module 'express-serve-static-core' {
  interface Request {
    caller?: ApiCaller;
  }
}

/** The authenticated caller of a route; the guard has set it before any handler runs. */
export const Caller = createParamDecorator((_data: unknown, context: ExecutionContext): ApiCaller => {
  return context.switchToHttp().getRequest().caller;
});
