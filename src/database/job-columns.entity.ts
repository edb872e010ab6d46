import { Column } from 'typeorm';

/** A record class a mixin extends. TypeScript asks a mixin's base for a constructor of `...args: any[]`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type RecordClass = abstract new (...args: any[]) => object;

/**
 * The columns that name a job wherever the service keeps one: its title, the company and where it is (free text,
 * may be empty). A resume's experience and a tracked application name a job alike; what else each keeps is its own.
 * (An `.entity.ts` file, so that the Swagger plugin describes these columns in the views built from the entities.)
 */
export function WithJobColumns<Base extends RecordClass>(base: Base) {
  abstract class JobRecord extends base {
    @Column('text')
    jobTitle: string;

    @Column('text')
    company: string;

    @Column({ type: 'text', nullable: true })
    location: string | null;
  }
  return JobRecord;
}
