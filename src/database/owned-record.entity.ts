import { Column, CreateDateColumn, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * A record that belongs to an account and goes with it: every query filters on `accountId`. The account is named
 * by entity name, not class, so that the database layer depends on no feature module.
 */
export abstract class AccountRecord {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index()
  @Column('uuid')
  accountId: string;

  /** Declared for the foreign key (records go with their account); never loaded. */
  @ManyToOne('Account', { onDelete: 'CASCADE' })
  @JoinColumn()
  account?: unknown;
}

/** The account's content records, which also keep when they were created and last changed. */
export abstract class OwnedRecord extends AccountRecord {
  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
