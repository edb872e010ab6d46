/** How long each OAuth credential lives, in seconds. */
export const OAUTH_LIFETIMES = {
  /** The app's request, waiting for the person to sign in and answer. */
  authorizationRequest: 10 * 60,
  /** The one-time code, between the redirect back to the app and its exchange. */
  code: 5 * 60,
  accessToken: 60 * 60,
  /** Each refresh gives a new refresh token with a fresh lifetime: an app in use stays connected. */
  refreshToken: 30 * 24 * 60 * 60,
} as const;
