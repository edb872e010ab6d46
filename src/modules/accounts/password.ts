import { Algorithm, hash, verify } from '@node-rs/argon2';

/** NIST SP 800-63B asks for at least 8; 12 keeps a typed passphrase within reach. The upper bound only limits work. */
export const PASSWORD_LIMITS = { min: 12, max: 256 } as const;

/** OWASP's Argon2id baseline (19 MiB, 2 passes, 1 lane): memory-hard against GPUs. */
const ARGON2_OPTIONS = { algorithm: Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** Why a new password is refused, or undefined. */
export function passwordProblem(password: string): string | undefined {
  if (password.length < PASSWORD_LIMITS.min) return `Use at least ${PASSWORD_LIMITS.min} characters`;
  if (password.length > PASSWORD_LIMITS.max) return `Use at most ${PASSWORD_LIMITS.max} characters`;
  return undefined;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/**
 * A hash of a password nobody knows, checked when an email has no account (or no password), so that an unknown email
 * takes as long to refuse as a wrong password.
 */
let decoy: Promise<string> | undefined;

/** Whether `password` matches `passwordHash`; with no hash, spends the same time and answers false. */
export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    decoy ??= hashPassword(`decoy-${Math.random()}`);
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
