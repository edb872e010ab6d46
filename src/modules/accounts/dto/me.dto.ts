import { ApiProperty } from '@nestjs/swagger';
import { SCOPES, type Scope } from '../../../common/auth/scopes';
import { FEATURES, type Feature, PLANS, type Plan } from '../account-plans';

/** What the account's plan and features open to it (see `planAllows`). */
export class PlanAllowsView {
  @ApiProperty({ description: 'Creating and updating cover letters (reading and deleting them is open to every plan)', example: true })
  coverLetters: boolean;

  @ApiProperty({ description: '`autoPrepare: true` on `POST /v1/tracker/applications`: the Plus plan with the `auto-prepare` feature', example: false })
  autoPrepare: boolean;

  @ApiProperty({ description: 'Creating API keys (an existing key keeps working after a move to free)', example: true })
  apiKeys: boolean;

  @ApiProperty({ description: 'Approving OAuth apps for `/mcp`, and those apps\u2019 access', example: true })
  connectedApps: boolean;
}

export const CREDENTIAL_TYPES = ['api_key', 'oauth_token'] as const;
export type CredentialType = (typeof CREDENTIAL_TYPES)[number];

/** The credential the request came with. */
export class CredentialView {
  @ApiProperty({ enum: CREDENTIAL_TYPES, description: '`api_key` on `/v1`; `oauth_token` only through `/mcp` (`get_me`)', example: 'api_key' })
  type: CredentialType;

  @ApiProperty({ description: "The key's id, or the OAuth app's client id", example: '5b1f7c2e-8d4a-4e6b-9f3c-2a1d0e9b8c7f' })
  id: string;

  @ApiProperty({ type: String, nullable: true, description: "The key's name (null for an OAuth token)", example: 'My script' })
  name: string | null;

  @ApiProperty({ enum: SCOPES, enumName: 'Scope', isArray: true, description: 'What the credential may do', example: ['tracker:read', 'tracker:write'] })
  scopes: Scope[];

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When the key expires (null: never, or an OAuth token)', example: null })
  expiresAt: Date | null;
}

/** The caller's account: who it is, its plan and what that opens, and the credential in use. */
export class MeView {
  @ApiProperty({ example: '0f8e2d4c-6b1a-4c3e-9d7f-1a2b3c4d5e6f' })
  id: string;

  @ApiProperty({ example: 'ada@example.com' })
  email: string;

  @ApiProperty({ type: String, nullable: true, example: 'Ada Lovelace' })
  name: string | null;

  @ApiProperty({ enum: PLANS, example: 'plus' })
  plan: Plan;

  @ApiProperty({ enum: FEATURES, isArray: true, description: 'Optional capabilities granted to the account', example: [] })
  features: Feature[];

  @ApiProperty({ type: PlanAllowsView, description: 'What the plan and features open: check here before trying a Plus-only operation' })
  allows: PlanAllowsView;

  @ApiProperty({ type: CredentialView })
  credential: CredentialView;

  @ApiProperty({ type: String, format: 'date-time', example: '2026-01-15T09:30:00.000Z' })
  createdAt: Date;
}

export class MeResponse {
  @ApiProperty({ type: MeView })
  data: MeView;
}
