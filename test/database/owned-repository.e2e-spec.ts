import { randomUUID } from 'node:crypto';
import { NotFoundError } from '@src/common/errors/api-errors';
import { lockAccount } from '@src/database/owned-repository';
import { ContactsRepository } from '@src/modules/contacts/contacts.repository';
import { ResumesRepository } from '@src/modules/resumes/resumes.repository';
import { DataSource } from 'typeorm';
import { useTestApp } from '../setup/test-app';

describe('OwnedRepository', () => {
  const suite = useTestApp();
  const contacts = () => suite.testApp.app.get(ContactsRepository);
  const dataSource = () => suite.testApp.app.get(DataSource);

  it("requires the account's own record: missing, foreign and malformed ids are NotFoundError", async () => {
    const [ada, grace] = [await suite.createAccount(), await suite.createAccount()];
    const id = await contacts().create(ada.accountId, { firstName: 'Ada' });

    expect(await contacts().require({ accountId: ada.accountId }, id)).toMatchObject({ id, accountId: ada.accountId, firstName: 'Ada' });
    expect(await contacts().get(ada.accountId, id)).not.toHaveProperty('accountId');
    for (const [owner, missing] of [
      [grace.accountId, id],
      [ada.accountId, randomUUID()],
      [ada.accountId, 'not-a-uuid'],
    ]) {
      await expect(contacts().require(owner, missing)).rejects.toBeInstanceOf(NotFoundError);
      expect(await contacts().owns(owner, missing)).toBe(false);
    }
    expect(await contacts().owns(ada.accountId, id)).toBe(true);
  });

  it("updates and removes only the account's record, NotFoundError when none changed", async () => {
    const [ada, grace] = [await suite.createAccount(), await suite.createAccount()];
    const id = await contacts().create(ada.accountId, { firstName: 'Ada' });

    await expect(contacts().update(grace.accountId, id, { firstName: 'Grace' })).rejects.toBeInstanceOf(NotFoundError);
    await expect(contacts().update(ada.accountId, 'not-a-uuid', { firstName: 'Grace' })).rejects.toBeInstanceOf(NotFoundError);
    await expect(contacts().remove(grace.accountId, id)).rejects.toBeInstanceOf(NotFoundError);
    expect((await contacts().get(ada.accountId, id)).firstName).toBe('Ada');

    await contacts().update(ada.accountId, id, { firstName: 'Augusta' });
    expect((await contacts().get(ada.accountId, id)).firstName).toBe('Augusta');
    await contacts().remove(ada.accountId, id);
    await expect(contacts().remove(ada.accountId, id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("lists one page of the account's records in order, as the list envelope, leaving out the omitted columns", async () => {
    const [ada, grace] = [await suite.createAccount(), await suite.createAccount()];
    for (const firstName of ['b', 'c', 'a']) await contacts().create(ada.accountId, { firstName, notes: `notes of ${firstName}` });
    await contacts().create(grace.accountId, { firstName: 'other' });

    const page = await contacts().list(ada.accountId, { limit: 2, offset: 0 }, { firstName: 'ASC', id: 'ASC' }, { omit: ['notes'] });
    expect(page).toMatchObject({ total: 3, hasMore: true, limit: 2, offset: 0 });
    expect(page.data.map((contact) => contact.firstName)).toEqual(['a', 'b']);
    expect(page.data[0]).not.toHaveProperty('notes');
    expect(page.data[0]).not.toHaveProperty('accountId');

    const filtered = await contacts().list(
      ada.accountId,
      { limit: 10, offset: 1 },
      { firstName: 'DESC' },
      {
        filter: (rows, alias) => rows.andWhere(`${alias}.first_name <> 'a'`),
      },
    );
    expect(filtered).toMatchObject({ total: 2, hasMore: false, offset: 1 });
    expect(filtered.data.map((contact) => [contact.firstName, contact.notes])).toEqual([['b', 'notes of b']]);
  });

  it('composes repositories in one transaction: bound to its manager, they commit or roll back together', async () => {
    const account = await suite.createAccount();
    const resumes = suite.testApp.app.get(ResumesRepository);
    const [resume] = (await resumes.list(account.accountId, { limit: 1, offset: 0 }, { id: 'ASC' })).data;

    const failing = contacts().transaction(async (bound, manager) => {
      await bound.create(account.accountId, { firstName: 'Rolled back' });
      await resumes.withManager(manager).update(account.accountId, resume.id, { name: 'Rolled back' });
      throw new Error('the third step fails');
    });
    await expect(failing).rejects.toThrow('the third step fails');
    expect((await contacts().list(account.accountId, { limit: 10, offset: 0 }, { id: 'ASC' })).total).toBe(0);
    expect((await resumes.get(account.accountId, resume.id)).name).toBe(resume.name);

    await contacts().transaction(async (bound, manager) => {
      await bound.create(account.accountId, { firstName: 'Kept' });
      await resumes.withManager(manager).update(account.accountId, resume.id, { name: 'Kept' });
    });
    expect((await contacts().list(account.accountId, { limit: 10, offset: 0 }, { id: 'ASC' })).data.map((contact) => contact.firstName)).toEqual(['Kept']);
    expect((await resumes.get(account.accountId, resume.id)).name).toBe('Kept');
  });

  describe('lockAccount', () => {
    it('is false for an account that does not exist or an id that is no uuid', async () => {
      const manager = dataSource().manager;
      expect(await lockAccount(manager, randomUUID())).toBe(false);
      expect(await lockAccount(manager, 'not-a-uuid')).toBe(false);
      expect(await lockAccount(manager, suite.owner.accountId)).toBe(true);
    });

    it('queues a second holder until the first commits, without blocking records being added to the account', async () => {
      const account = await suite.createAccount();
      const order: string[] = [];
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const firstLocked = new Promise<void>((resolve) => (locked = resolve));

      const first = dataSource().transaction(async (manager) => {
        await lockAccount(manager, account.accountId);
        locked();
        await released;
        order.push('first commits');
      });
      await firstLocked;
      // A record referencing the account goes in while the lock is held (an insert only takes KEY SHARE on the account).
      await contacts().create(account.accountId, { firstName: 'Not blocked' });

      const second = dataSource().transaction(async (manager) => {
        await lockAccount(manager, account.accountId);
        order.push('second holds');
      });
      await waitForLockWaiters(dataSource(), 1);
      release();
      await Promise.all([first, second]);
      expect(order).toEqual(['first commits', 'second holds']);
    });
  });
});

/** Polls until `count` sessions of this database wait for a lock. */
async function waitForLockWaiters(dataSource: DataSource, count: number): Promise<void> {
  for (;;) {
    const [{ waiting }]: { waiting: number }[] = await dataSource.query(
      "SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
    );
    if (waiting >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
