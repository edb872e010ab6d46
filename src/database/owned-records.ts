import { isUUID } from 'class-validator';
import { EntityManager, EntityTarget, FindOptionsSelect, FindOptionsWhere } from 'typeorm';
import type { OwnedRecord } from './owned-record.entity';

/**
 * Whether `id` names a record of `entity` that belongs to the account, locking that record until the transaction
 * ends: `for_key_share` keeps it from being deleted while a row that references it is written, `pessimistic_write`
 * serializes changes to it. A malformed id (from a body field) names no record: false, not a database error.
 */
export async function lockOwnedRecord<T extends OwnedRecord>(
  manager: EntityManager,
  entity: EntityTarget<T>,
  accountId: string,
  id: string,
  mode: 'for_key_share' | 'pessimistic_write',
): Promise<boolean> {
  if (!isUUID(id)) return false;
  const where = { id, accountId } as FindOptionsWhere<T>;
  return (await manager.findOne(entity, { select: { id: true } as FindOptionsSelect<T>, where, lock: { mode } })) !== null;
}
