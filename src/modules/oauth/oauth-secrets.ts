import { SecretFormat } from '../../common/auth/secret-format';

/** Each OAuth secret's own prefix, so that a leaked one is recognisable (and an API key is never mistaken for one). */
export const OAUTH_SECRETS = {
  access: new SecretFormat('cpat_', 'hex'),
  refresh: new SecretFormat('cprt_', 'hex'),
  code: new SecretFormat('cpac_', 'hex'),
  browser: new SecretFormat('cpab_', 'hex'),
} as const;
