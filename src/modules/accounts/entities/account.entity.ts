import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { Feature, Plan } from '../account-plans';

@Entity('accounts')
export class Account {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'citext', unique: true })
  email: string;

  @Column({ type: 'text', nullable: true })
  name: string | null;

  @Column({ type: 'text', default: 'free' })
  plan: Plan;

  @Column({ type: 'text', array: true, default: '{}' })
  features: Feature[];

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
