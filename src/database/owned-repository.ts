import { Injectable, Type } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import { isUUID } from 'class-validator';
import { EntityManager, EntityMetadata, EntityTarget, FindOptionsSelect, FindOptionsWhere, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { NotFoundError } from '../common/errors/api-errors';
import { ListEnvelope, listEnvelope, PagingQuery } from '../common/http/paging';
import { SqlRepository } from './sql-repository';

/** The account a call acts for: its id, or a caller that carries it. */
export type Owner = string | { accountId: string };

export function accountIdOf(owner: Owner): string {
  return typeof owner === 'string' ? owner : owner.accountId;
}

/**
 * Row locks a read can take until the transaction ends: `for_key_share` keeps the row from being deleted while a
 * row that references it is written; `pessimistic_read` (FOR SHARE) also keeps it from changing, while rows that
 * depend on its values are written; `pessimistic_write` (FOR UPDATE) serializes changes to it.
 */
export type RowLock = 'for_key_share' | 'pessimistic_read' | 'pessimistic_write';

/** A record as the API answers it: everything but the account it belongs to. */
export type OwnedView<E> = Omit<E, 'accountId' | 'account'>;

/** The view mapping of most owned resources: the record without its `accountId` (relations are never loaded). */
export function ownedView<E extends { accountId: string }>(record: E): OwnedView<E> {
  const { accountId: _accountId, account: _account, ...view } = record as E & { account?: unknown };
  return view;
}

/**
 * Takes the account's lock until the transaction ends: a row lock on the account, FOR NO KEY UPDATE so that it
 * queues the account's other rule checks (one default resume, one default cover letter, one active API key) but not
 * the inserts that merely reference the account. Every account-wide change takes it before any record's lock, so two
 * of them never wait on each other. False when the account does not exist (or the id is no uuid).
 */
export async function lockAccount(manager: EntityManager, accountId: string): Promise<boolean> {
  if (!isUUID(accountId)) return false;
  const rows: unknown[] = await manager.query('SELECT 1 FROM accounts WHERE id = $1 FOR NO KEY UPDATE', [accountId]);
  return rows.length > 0;
}

/** Sort order of a list, by property; `id` last makes it total, so that pages do not overlap. */
export type ListOrder<E> = Partial<Record<keyof E & string, 'ASC' | 'DESC'>>;

/** Narrows a list beyond the account: conditions added to its query, whose alias is `alias`. */
export type ListFilter<E extends ObjectLiteral> = (rows: SelectQueryBuilder<E>, alias: string) => void;

type OwnedEntity = ObjectLiteral & { id: string; accountId: string };

/**
 * The records of one table that belong to accounts (in the spirit of domain-driven-hexagon's SqlRepositoryBase): a
 * feature gives its entity and its view mapping, and gets reads and writes that always filter by the account. A
 * record that is missing, is another account's, or is named by an id that is no uuid is not found, never a database
 * error. Features declare theirs with `OwnedRepositoryFor`.
 */
export class OwnedRepository<E extends OwnedEntity, V> extends SqlRepository {
  constructor(
    manager: EntityManager,
    protected readonly entity: EntityTarget<E>,
    /** What reads answer for a record. */
    protected readonly view: (record: E) => V,
  ) {
    super(manager);
  }

  protected get metadata(): EntityMetadata {
    return this.manager.connection.getMetadata(this.entity);
  }

  /** The account's record `id` (locked when `lock` says so), or null. */
  find(owner: Owner, id: string, lock?: RowLock): Promise<E | null> {
    if (!isUUID(id)) return Promise.resolve(null);
    return this.findWhere(owner, { id } as FindOptionsWhere<E>, lock);
  }

  /** The account's record `id`; NotFoundError otherwise. */
  async require(owner: Owner, id: string, lock?: RowLock): Promise<E> {
    const record = await this.find(owner, id, lock);
    if (!record) throw new NotFoundError();
    return record;
  }

  /** Whether `id` names one of the account's records; reads only the id (and takes `lock` on the row). */
  async owns(owner: Owner, id: string, lock?: RowLock): Promise<boolean> {
    if (!isUUID(id)) return false;
    const where = { id, accountId: accountIdOf(owner) } as FindOptionsWhere<E>;
    return (await this.manager.findOne(this.entity, { select: { id: true } as FindOptionsSelect<E>, where, lock: lock && { mode: lock } })) !== null;
  }

  /** The view of the account's record `id`; NotFoundError otherwise. */
  async get(owner: Owner, id: string): Promise<V> {
    return this.view(await this.require(owner, id));
  }

  /**
   * One page of the account's records in `order`, narrowed by `filter`, as the list envelope. `omit` leaves
   * columns out of the items (long texts that only a single read answers).
   */
  async list<O extends keyof E & keyof V & string = never>(
    owner: Owner,
    paging: PagingQuery,
    order: ListOrder<E>,
    { filter, omit = [] }: { filter?: ListFilter<E>; omit?: O[] } = {},
  ): Promise<ListEnvelope<Omit<V, O>>> {
    const alias = 'record';
    const rows = this.manager
      .createQueryBuilder(this.entity, alias)
      .where(`${alias}.accountId = :accountId`, { accountId: accountIdOf(owner) })
      .limit(paging.limit)
      .offset(paging.offset);
    if (omit.length > 0) {
      const omitted: string[] = omit;
      rows.select(this.metadata.columns.filter((column) => !omitted.includes(column.propertyName)).map((column) => `${alias}.${column.propertyPath}`));
    }
    for (const [property, direction] of Object.entries(order)) rows.addOrderBy(`${alias}.${property}`, direction as 'ASC' | 'DESC');
    filter?.(rows, alias);
    const [records, total] = await rows.getManyAndCount();
    // Items lack only the omitted columns, which the returned type leaves out.
    return listEnvelope(
      records.map((record) => this.view(record) as Omit<V, O>),
      total,
      paging,
    );
  }

  /** Inserts a record of the account; answers its id. */
  async create(owner: Owner, values: QueryDeepPartialEntity<E>): Promise<string> {
    const { identifiers } = await this.manager.insert(this.entity, { ...values, accountId: accountIdOf(owner) } as QueryDeepPartialEntity<E>);
    return identifiers[0].id as string;
  }

  /** Changes the account's record `id`; NotFoundError when there is none. */
  async update(owner: Owner, id: string, changes: QueryDeepPartialEntity<E>): Promise<void> {
    if (!isUUID(id)) throw new NotFoundError();
    await this.updateWhere(owner, { id } as FindOptionsWhere<E>, changes);
  }

  /** Deletes the account's record `id`; NotFoundError when there is none. */
  async remove(owner: Owner, id: string): Promise<void> {
    if (!isUUID(id)) throw new NotFoundError();
    const { affected } = await this.manager.delete(this.entity, { id, accountId: accountIdOf(owner) } as FindOptionsWhere<E>);
    if (!affected) throw new NotFoundError();
  }

  /** The account's lock (see `lockAccount`), for rules that span the account's records; false when it does not exist. */
  lockAccount(owner: Owner): Promise<boolean> {
    return lockAccount(this.manager, accountIdOf(owner));
  }

  /** The account's one record matching `where`, or null. */
  protected findWhere(owner: Owner, where: FindOptionsWhere<E>, lock?: RowLock): Promise<E | null> {
    return this.manager.findOne(this.entity, { where: { ...where, accountId: accountIdOf(owner) }, lock: lock && { mode: lock } });
  }

  /** Changes the account's records matching `where`; NotFoundError when there are none. */
  protected async updateWhere(owner: Owner, where: FindOptionsWhere<E>, changes: QueryDeepPartialEntity<E>): Promise<void> {
    const { affected } = await this.manager.update(this.entity, { ...where, accountId: accountIdOf(owner) }, changes);
    if (!affected) throw new NotFoundError();
  }
}

/**
 * The injectable repository of `entity`, answering reads with `view`: a feature's repository extends it, adding
 * only its own queries, and is listed among its module's providers. A class factory, so that the subclass needs no
 * constructor: Nest injects the EntityManager through the one made here.
 */
export function OwnedRepositoryFor<E extends OwnedEntity, V>(entity: EntityTarget<E>, view: (record: E) => V): Type<OwnedRepository<E, V>> {
  @Injectable()
  class FeatureRepository extends OwnedRepository<E, V> {
    constructor(@InjectEntityManager() manager: EntityManager) {
      super(manager, entity, view);
    }
  }
  return FeatureRepository;
}
