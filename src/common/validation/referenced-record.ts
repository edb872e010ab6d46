import { ValidationFailedError } from '../errors/api-errors';

/**
 * The record an id in a request body names, as `lookup` finds it (null or false: nothing the caller may use, whether
 * unknown or another account's). Such an id is a 400 on its field: the body is what is wrong, and the answer never
 * tells another account's record from a missing one (a 404 is for the record the path names). One rule for every id
 * a body carries: `jobListingId`, `cvId` and `coverLetterId` of an application, `contactId` of an interview,
 * `selectedSummaryId` of a resume.
 */
export async function referencedRecord<T>(field: string, message: string, lookup: Promise<T | null | false>): Promise<T> {
  const found = await lookup;
  if (found === null || found === false) throw ValidationFailedError.field(field, message);
  return found;
}
