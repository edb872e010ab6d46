import type { SuccessResponse, SuccessWithIdResponse } from './responses.dto';

/**
 * The envelopes of `/v1` answers, built in one place for the controllers and for the MCP tools that wrap them, so the
 * two cannot drift.
 */

/** `{success, id}`: a create or an update. */
export function saved(id: string): SuccessWithIdResponse & { success: true } {
  return { success: true, id };
}

/** `{success}`: a delete. */
export function deleted(): SuccessResponse & { success: true } {
  return { success: true };
}

/** `{data}`: one record. */
export function item<T>(data: T): { data: T } {
  return { data };
}
