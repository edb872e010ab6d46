import type { Owner } from '../../database/owned-repository';
import type { TailoringReport } from './tailoring-report';

/** What tailoring reads of an application whose tailoring is pending. */
export interface PendingTailoring {
  id: string;
  accountId: string;
  jobTitle: string;
  company: string;
  jobDescription: string | null;
  cvId: string | null;
}

/** How a tailoring ended: its report, or why it failed after the last attempt. */
export type TailoringOutcome = { report: TailoringReport } | { failure: string };

/**
 * The applications tailoring works on, as a port: the tracker owns them and provides it (TailoringModule.forRoot
 * names the module), so that tailoring imports nothing of the tracker and the dependency runs tracker → tailoring.
 * An abstract class rather than an interface, so that it is its own injection token.
 */
export abstract class TailoringApplications {
  /** An application whose tailoring is pending; undefined once it is not. */
  abstract pendingTailoring(applicationId: string): Promise<PendingTailoring | undefined>;

  /** Applications whose tailoring has been pending for longer than `ms`: the sweep checks that each still has a job. */
  abstract tailoringPendingSince(ms: number): Promise<string[]>;

  /** The job of one of the account's applications, whatever its status; null when the account has no such application. */
  abstract jobOf(owner: Owner, applicationId: string): Promise<Pick<PendingTailoring, 'jobTitle' | 'company' | 'jobDescription'> | null>;

  /** Ends a pending tailoring; false when it was no longer pending. */
  abstract finishPreparing(applicationId: string, outcome: TailoringOutcome): Promise<boolean>;
}
