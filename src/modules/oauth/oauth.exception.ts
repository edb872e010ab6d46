import { HttpStatus } from '@nestjs/common';
import { codedError } from '../../common/errors/api-errors';

/** The codes the authorize step and the connected-apps page answer (the OAuth endpoints answer OAuth's own errors). */
export enum OAuthErrorCode {
  PLAN_REQUIRED = 'PLAN_REQUIRED',
  AUTHORIZATION_NOT_FOUND = 'AUTHORIZATION_NOT_FOUND',
  NO_SCOPE = 'NO_SCOPE',
  REDIRECT_URI_REFUSED = 'REDIRECT_URI_REFUSED',
}

const OAUTH_ERROR_STATUS: Record<OAuthErrorCode, HttpStatus> = {
  [OAuthErrorCode.PLAN_REQUIRED]: HttpStatus.FORBIDDEN,
  [OAuthErrorCode.AUTHORIZATION_NOT_FOUND]: HttpStatus.GONE,
  [OAuthErrorCode.NO_SCOPE]: HttpStatus.BAD_REQUEST,
  [OAuthErrorCode.REDIRECT_URI_REFUSED]: HttpStatus.BAD_REQUEST,
};

export class OAuthException extends codedError(OAUTH_ERROR_STATUS) {}
