import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Scope } from './scopes';

/** Who is calling: the account a valid key belongs to, and what the key may do. */
export interface ApiCaller {
  accountId: string;
  keyId: string;
  scopes: Scope[];
  plan: 'free' | 'plus';
  features: string[];
}

declare module 'express-serve-static-core' {
  interface Request {
    caller?: ApiCaller;
  }
}

/** The authenticated caller of a route; the API-key guard has set it before any handler runs. */
export const Caller = createParamDecorator((_data: unknown, context: ExecutionContext): ApiCaller => {
  return context.switchToHttp().getRequest().caller;
});
