import { createHmac, randomBytes } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';

/** A signing secret in the Standard Webhooks form: `whsec_` and 32 random bytes in base64. */
export function newSigningSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64');
}

/**
 * The `Webhook-Signature` header of a delivery, by the Standard Webhooks scheme (so that its verifier libraries
 * work): HMAC-SHA256, keyed with the secret's bytes, of `<Webhook-Id>.<Webhook-Timestamp>.<body>`, as `v1,<base64>`,
 * one per secret, separated by spaces (during a rotation's overlap, the new secret's and the old one's: a receiver
 * accepts the message when any of them verifies with the secret it holds).
 */
export function webhookSignature(secrets: string[], id: string, timestamp: number, body: string): string {
  return secrets
    .map((secret) => {
      const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
      return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
    })
    .join(' ');
}
