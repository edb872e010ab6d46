import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';

/**
 * An account's calendar feed: one per account (its key), found by the SHA-256 of the secret token in its URL. The
 * token itself is never stored; rotating replaces the hash, so the old URL ends at once.
 */
@Entity('calendar_feeds')
export class CalendarFeed {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_calendar_feeds' })
  accountId: string;

  /** Declared for the foreign key (the feed goes with its account); never loaded. */
  @ManyToOne('Account', { onDelete: 'CASCADE' })
  @JoinColumn({ foreignKeyConstraintName: 'FK_calendar_feeds_account' })
  account?: unknown;

  @Index('calendar_feeds_token_hash', { unique: true })
  @Column('bytea')
  tokenHash: Buffer;

  /** When the present token was made: at creation, then at each rotation. */
  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
