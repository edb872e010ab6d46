import { Injectable } from '@nestjs/common';
import type { ApiCaller } from '../../common/auth/api-caller';
import { SCOPES } from '../../common/auth/scopes';
import { ListEnvelope, PAGE_SIZE, PagingQuery } from '../../common/http/paging';
import { ownedView } from '../../database/owned-repository';
import { ApiKeysService } from '../api-keys/api-keys.service';
import { ContactsService } from '../contacts/contacts.service';
import { ListContactsQuery } from '../contacts/dto/contact.dto';
import { CoverLettersService } from '../cover-letters/cover-letters.service';
import { ListEventsQuery } from '../events/dto/event.dto';
import { EventsService } from '../events/events.service';
import { OAuthService } from '../oauth/oauth.service';
import { ProfileService } from '../profile/profile.service';
import { ResumesService } from '../resumes/resumes.service';
import { ListApplicationsQuery } from '../tracker/dto/application.dto';
import { InterviewsService } from '../tracker/interviews.service';
import { TrackerService } from '../tracker/tracker.service';
import { WebhooksService } from '../webhooks/webhooks.service';
import { AccountsService } from './accounts.service';

/** What the file says it is, so that a reader (or a later import) knows the shape it holds. */
export const ACCOUNT_EXPORT_FORMAT = { format: 'career-api-account-export', version: 1 } as const;

/**
 * Everything an account holds, as one JSON document written piece by piece: each resume, application and letter is
 * read and serialized on its own, so the memory an export takes is that of its largest record (a resume is bounded by
 * RESUME_CONTENT_LIMITS, an application's description by its field limit), whatever the account's size. The records
 * are read through their features' own services, as their reads answer them, with what those reads leave out added:
 * every section item of a resume (hidden ones too) with its custom sections, an application's whole timeline and
 * its interviews' details. Secrets are never in it: keys and webhooks without their secrets, connected apps without
 * their tokens.
 */
@Injectable()
export class AccountExportService {
  constructor(
    private readonly accounts: AccountsService,
    private readonly profile: ProfileService,
    private readonly resumes: ResumesService,
    private readonly coverLetters: CoverLettersService,
    private readonly tracker: TrackerService,
    private readonly interviews: InterviewsService,
    private readonly contacts: ContactsService,
    private readonly webhooks: WebhooksService,
    private readonly apiKeys: ApiKeysService,
    private readonly oauth: OAuthService,
    private readonly events: EventsService,
  ) {}

  /** The document's text, in pieces to write one after the other; it starts reading only when the first is asked for. */
  async *document(accountId: string): AsyncGenerator<string> {
    const account = await this.accounts.find(accountId);
    if (!account) return;
    // The account reads its own records: every scope, its own plan (the reads check no plan).
    const owner: ApiCaller = { accountId, scopes: [...SCOPES], plan: account.plan, features: account.features };
    const { id, email, name, plan, features, createdAt } = account;
    yield `{${field('format', ACCOUNT_EXPORT_FORMAT.format)},${field('version', ACCOUNT_EXPORT_FORMAT.version)},`;
    yield `${field('exportedAt', new Date())},${field('account', { id, email, name, plan, features, createdAt })},`;
    yield `${field('profile', await this.profile.get(owner))},`;
    yield* array('resumes', this.eachResume(owner));
    yield ',';
    yield* array(
      'coverLetters',
      this.each(
        (paging) => this.coverLetters.list(owner, paging),
        (letter) => this.coverLetters.get(owner, letter.id),
      ),
    );
    yield ',';
    yield* array('applications', this.eachApplication(owner));
    yield ',';
    yield* array(
      'contacts',
      this.each((paging) => this.contacts.list(owner, Object.assign(new ListContactsQuery(), paging))),
    );
    yield ',';
    yield* array(
      'webhooks',
      this.each((paging) => this.webhooks.list(owner, paging)),
    );
    yield ',';
    const keys = (await this.apiKeys.list(owner)).map(({ accountId: _account, ...key }) => key);
    yield `${field('apiKeys', keys)},`;
    const apps = (await this.oauth.connectedApps(accountId)).map(({ grantId, ...app }) => ({ id: grantId, ...app }));
    yield `${field('connectedApps', apps)},`;
    yield* array('events', this.eachEvent(owner));
    yield '}';
  }

  /** Every resume with every section item it stores (hidden ones too) and its custom sections with their items. */
  private async *eachResume(owner: ApiCaller): AsyncGenerator<unknown> {
    for await (const listed of this.each((paging) => this.resumes.list(owner, paging))) {
      const { resume, sections, customSections } = await this.resumes.itemsOf(owner, (listed as { id: string }).id);
      yield { ...ownedView(resume), sections, customSections };
    }
  }

  /** Every application with its whole timeline (status changes and activities) and the details of its interviews. */
  private async *eachApplication(owner: ApiCaller): AsyncGenerator<unknown> {
    for await (const listed of this.each((paging) => this.tracker.list(owner, Object.assign(new ListApplicationsQuery(), paging)))) {
      const id = (listed as { id: string }).id;
      const application = await this.tracker.getWhole(owner, id);
      const interviews = await this.all(this.each((paging) => this.interviews.list(owner, id, paging)));
      yield { ...application, interviews };
    }
  }

  /** The events the account still keeps (they expire after their retention), oldest first. */
  private async *eachEvent(owner: ApiCaller): AsyncGenerator<unknown> {
    let after = '0';
    for (;;) {
      const page = await this.events.list(owner, Object.assign(new ListEventsQuery(), { limit: PAGE_SIZE.max, after }));
      yield* page.data;
      if (!page.hasMore || page.data.length === 0) return;
      after = page.data[page.data.length - 1].id;
    }
  }

  /** Every item of a paged list, a page at a time; `detail` reads an item whole where the list shows less. */
  private async *each<T>(list: (paging: PagingQuery) => Promise<ListEnvelope<T>>, detail?: (item: T) => Promise<unknown>): AsyncGenerator<unknown> {
    for (let offset = 0; ; offset += PAGE_SIZE.max) {
      const page = await list(Object.assign(new PagingQuery(), { limit: PAGE_SIZE.max, offset }));
      for (const item of page.data) yield detail ? await detail(item) : item;
      if (!page.hasMore) return;
    }
  }

  private async all(items: AsyncGenerator<unknown>): Promise<unknown[]> {
    const collected: unknown[] = [];
    for await (const item of items) collected.push(item);
    return collected;
  }
}

function field(name: string, value: unknown): string {
  return `${JSON.stringify(name)}:${JSON.stringify(value)}`;
}

/** `"name":[…]`, an item at a time. */
async function* array(name: string, items: AsyncGenerator<unknown>): AsyncGenerator<string> {
  yield `${JSON.stringify(name)}:[`;
  let first = true;
  for await (const item of items) {
    yield `${first ? '' : ','}${JSON.stringify(item)}`;
    first = false;
  }
  yield ']';
}
