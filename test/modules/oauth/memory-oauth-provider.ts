import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';

/** An MCP client's OAuth state kept in memory, as a desktop app keeps it on disk; the "browser" is the test. */
export class MemoryOAuthProvider implements OAuthClientProvider {
  information?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier = '';
  /** Where the client sent the person to approve it: the test opens it. */
  authorizationUrl?: URL;
  /** The code the app's redirect brought back. */
  authorizationCode?: string;

  constructor(
    readonly redirectUrl: string,
    private readonly extra: Partial<OAuthClientMetadata> = {},
  ) {}

  get clientMetadata(): OAuthClientMetadata {
    return { client_name: 'Résumé Helper', redirect_uris: [this.redirectUrl], ...this.extra };
  }

  state(): string {
    return 'state-123';
  }

  clientInformation() {
    return this.information;
  }

  saveClientInformation(information: OAuthClientInformationMixed): void {
    this.information = information;
  }

  tokens() {
    return this.saved;
  }

  saveTokens(tokens: OAuthTokens): void {
    this.saved = tokens;
  }

  redirectToAuthorization(url: URL): void {
    this.authorizationUrl = url;
  }

  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }

  codeVerifier(): string {
    return this.verifier;
  }
}
