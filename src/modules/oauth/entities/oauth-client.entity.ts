import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { OAuthClientInformationFull } from '@modelcontextprotocol/sdk/shared/auth.js';

/** An app registered through dynamic client registration (RFC 7591). Every client is public: it has no secret. */
@Entity('oauth_clients')
export class OAuthClient {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ type: 'text', nullable: true })
  clientName: string | null;

  @Column({ type: 'text', array: true })
  redirectUris: string[];

  /** The registration as answered to the client, returned again whenever the SDK asks for the client. */
  @Column('jsonb')
  metadata: OAuthClientInformationFull;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
