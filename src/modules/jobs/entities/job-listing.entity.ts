import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { SalaryPeriod } from '../../../common/validation/salary-period';
import type { EmploymentType, JobLevel, WorkArrangement } from '../job-search-values';
import type { ListingValues } from '../listing-columns';

/**
 * The weighted documents of full-text search: title (A) and company (B) make the small `titleVector` that relevance
 * ranks by; with the description (C) they make `searchVector`, which decides what matches (kept by the trigger
 * job_listings_search_vector, so that `wordsSignature` can be generated from it: see its migration,
 * ListingWordsSignature).
 */
const TITLE_VECTOR_EXPRESSION = "setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', company), 'B')";
/** Three bits for each word of `searchVector` (by its hashes): the newest-first index tests a search's words on it. */
const WORDS_SIGNATURE_EXPRESSION = 'listing_words_signature(tsvector_to_array(search_vector))';
/** Each pair of adjacent words of `searchVector`, hashed: a phrase's index (see its migration, ListingWordPairs). */
const WORD_PAIRS_EXPRESSION = 'listing_word_pairs(search_vector)';

/**
 * A job listing from a provider, shared by every account (listings are not owned). The columns after `source`
 * are what search filters on; the enrichment derives the ones a provider does not give.
 * Indexes marked `synchronize: false` are written by hand in the migration (GIN, trigram, covering). The columns
 * the import writes and the API shows are declared in LISTING_COLUMNS, which this class must match.
 */
@Entity('job_listings')
// A listing is remote exactly when it is worked remotely (the enrichment writes both): searches rely on it.
@Check('job_listings_remote_arrangement', "is_remote = (work_arrangement = 'remote')")
@Index('job_listings_source_external_id', ['source', 'externalId'], { unique: true })
@Index('job_listings_newest', { synchronize: false })
@Index('job_listings_country_newest', { synchronize: false })
@Index('job_listings_search_vector', { synchronize: false })
@Index('job_listings_title_vector', { synchronize: false })
@Index('job_listings_word_pairs', { synchronize: false })
@Index('job_listings_title_trgm', { synchronize: false })
@Index('job_listings_place_keys', { synchronize: false })
@Index('job_listings_remote_place_keys', { synchronize: false })
@Index('job_listings_company', ['companyNormalized'])
@Index('job_listings_posted_at', { synchronize: false })
export class JobListing implements ListingValues {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** The provider the listing was imported from, e.g. `jsearch`; with `externalId` it identifies a posting. */
  @Column('text')
  source: string;

  @Column('text')
  externalId: string;

  @Column('text')
  title: string;

  @Column('text')
  company: string;

  @Column({ type: 'text', nullable: true })
  companyLogo: string | null;

  @Column({ type: 'text', nullable: true })
  companyWebsite: string | null;

  @Column({ type: 'text', nullable: true })
  location: string | null;

  @Column({ type: 'text', nullable: true })
  city: string | null;

  @Column({ type: 'text', nullable: true })
  state: string | null;

  @Column({ type: 'text', nullable: true })
  country: string | null;

  @Column('boolean')
  isRemote: boolean;

  @Column('text')
  employmentType: EmploymentType;

  @Column({ type: 'text', nullable: true })
  applyLink: string | null;

  @Column('boolean')
  applyIsDirect: boolean;

  /** False when the listing gives no way to apply (one sign of a ghost job). */
  @Column({ type: 'boolean', generatedType: 'STORED', asExpression: 'apply_link IS NOT NULL', insert: false, update: false })
  canApply: boolean;

  @Column({ type: 'text', nullable: true })
  publisher: string | null;

  @Column('text')
  description: string;

  @Column({ type: 'jsonb', nullable: true })
  highlights: Record<string, string[]> | null;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  benefits: { key: string; name: string }[];

  @Column({ type: 'double precision', nullable: true })
  salaryMin: number | null;

  @Column({ type: 'double precision', nullable: true })
  salaryMax: number | null;

  @Column({ type: 'text', nullable: true })
  salaryPeriod: SalaryPeriod | null;

  @Column('timestamptz')
  postedAt: Date;

  @Column('timestamptz')
  firstSeenAt: Date;

  @Column({ type: 'integer', default: 0 })
  republishCount: number;

  @Column('text')
  titleNormalized: string;

  @Column('text')
  companyNormalized: string;

  /** Lowercased city, state and country code: what the `location` filter matches each of its parts against. */
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  placeKeys: string[];

  /** The salary range per year, whatever period the listing quotes; what salary filters compare. */
  @Column({ type: 'integer', nullable: true })
  annualSalaryMin: number | null;

  @Column({ type: 'integer', nullable: true })
  annualSalaryMax: number | null;

  @Column('text')
  jobLevel: JobLevel;

  @Column('text')
  workArrangement: WorkArrangement;

  /** ISO 639-1 code of the description's language. */
  @Column('text')
  language: string;

  @Column('boolean')
  visaSponsorship: boolean;

  @Column('boolean')
  securityClearance: boolean;

  @Column({ type: 'smallint', nullable: true })
  experienceYears: number | null;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  benefitKeys: string[];

  @Column({ type: 'tsvector', select: false, insert: false, update: false })
  searchVector: string;

  @Column({ type: 'tsvector', generatedType: 'STORED', asExpression: TITLE_VECTOR_EXPRESSION, select: false, insert: false, update: false })
  titleVector: string;

  @Column({ type: 'bit', length: 1024, generatedType: 'STORED', asExpression: WORDS_SIGNATURE_EXPRESSION, select: false, insert: false, update: false })
  wordsSignature: string;

  @Column({ type: 'bigint', array: true, generatedType: 'STORED', asExpression: WORD_PAIRS_EXPRESSION, select: false, insert: false, update: false })
  wordPairs: string[];

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
