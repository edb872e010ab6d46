import { ValidationFailedError } from '../../common/errors/api-errors';
import { ApplicationStatus, isArchivedStatus } from './application-status';
import { SALARY_ORDER_MESSAGES } from './dto/application.dto';
import { Application } from './entities/application.entity';

/**
 * What every create of an application shares, the API's and the CSV import's: what is stored, its first status, the
 * salary rule, and the view its `application.created` event holds. Kept apart from TrackerService, so that the CLI's
 * import loads none of the tracker's queue.
 */

/** An application as a create stores it: every column but those the database or the statement fills. */
export type NewApplication = Omit<Application, 'id' | 'accountId' | 'createdAt' | 'updatedAt' | 'searchText' | 'account' | 'cv' | 'coverLetter' | 'jobListing'>;

/** The status of an application created without autoPrepare. */
export const INITIAL_STATUS: ApplicationStatus = 'watchlist';

/** A salary range the body leaves with its minimum above its maximum: a 400 on the field it sent (an amount it clears never is). */
export function assertSalaryOrder(body: { salaryMin?: number | null; salaryMax?: number | null }, range: Pick<Application, 'salaryMin' | 'salaryMax'>): void {
  if (range.salaryMin === null || range.salaryMax === null || range.salaryMin <= range.salaryMax) return;
  const field = typeof body.salaryMin === 'number' ? 'salaryMin' : typeof body.salaryMax === 'number' ? 'salaryMax' : undefined;
  if (field) throw ValidationFailedError.field(field, SALARY_ORDER_MESSAGES[field]);
}

/** What the single read shows of an application's stored columns: not the key duplicates meet at, nor what sweeps keep. */
export function shownOf<T extends NewApplication>(stored: T): Omit<T, 'jobUrlKey' | 'tailoringPending' | 'followUpAnnouncedAt'> & { isArchived: boolean } {
  const { jobUrlKey: _key, tailoringPending: _pending, followUpAnnouncedAt: _announced, ...shown } = stored;
  return { ...shown, isArchived: isArchivedStatus(shown.status) };
}
