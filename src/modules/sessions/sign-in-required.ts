/** Thrown by `SignedInGuard`: the page filter answers it with a redirect to `/sign-in?next=<the page>`. */
export class SignInRequired extends Error {
  constructor(readonly next: string | undefined) {
    super('Sign-in required');
  }
}

/** A path on this site to return to after sign-in; anything else (another host, `//host`, `/\host`) is dropped. */
export function localPath(value: unknown): string | undefined {
  return typeof value === 'string' && /^\/(?![/\\])/.test(value) && !/[\u0000-\u001f]/.test(value) ? value : undefined;
}

export function signInPath(next: string | undefined): string {
  return next ? `/sign-in?${new URLSearchParams({ next }).toString()}` : '/sign-in';
}
