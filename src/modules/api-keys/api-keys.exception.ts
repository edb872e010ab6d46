/** Why a key cannot be made or found: the CLI prints the message, the settings page shows it beside the form. */
export enum ApiKeyErrorCode {
  ACCOUNT_NOT_FOUND = 'ACCOUNT_NOT_FOUND',
  KEY_NOT_FOUND = 'KEY_NOT_FOUND',
  PLAN_REQUIRED = 'PLAN_REQUIRED',
  ACTIVE_KEY_EXISTS = 'ACTIVE_KEY_EXISTS',
}

export class ApiKeyRuleError extends Error {
  constructor(
    readonly code: ApiKeyErrorCode,
    message: string,
  ) {
    super(message);
  }
}
