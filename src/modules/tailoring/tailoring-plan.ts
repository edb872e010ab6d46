import type { SectionName } from '../../common/content-sections';
import type { SectionItemView } from '../resumes/sections/section-item-view';
import { categoryOf, findSkills, JobRequirements, keywordsOf, Seniority, skillsShown } from './job-requirements';

/** A resume item as tailoring sees it: its text, and dates to tell recent from old. */
export interface TailorableItem {
  id: string;
  text: string;
  startDate?: string | Date | null;
  endDate?: string | Date | null;
  isCurrent?: boolean | null;
  /** A skill's group (TECHNICAL, SOFT, LANGUAGE): soft skills and spoken languages are never hidden. */
  category?: string | null;
}

export const TAILORED_SECTIONS = ['experiences', 'projects', 'skills'] as const;
export type TailoredSection = (typeof TAILORED_SECTIONS)[number];

/**
 * Sections whose order is a history and stays as the resume has it (newest first): a recruiter reads a resume whose
 * jobs were reordered for the ad as misrepresentation. Tailoring may still hide their old, unrelated items.
 */
const KEPT_IN_ORDER: readonly TailoredSection[] = ['experiences'];

/**
 * The sections tailoring orders and hides, the summaries it picks from, and `others`: every other item of the resume
 * (education, certificates, awards, publications, interests, custom sections), read only for what it shows.
 */
export type TailorableResume = Record<TailoredSection | 'summaries' | 'others', TailorableItem[]>;

export interface TailoringReport {
  /** Job skills the resume shows. */
  matched: string[];
  /** Job skills the resume does not mention anywhere (any section, an "AWS Certified …" certificate included). */
  missing: string[];
  seniority: Seniority | null;
  minYears: number | null;
  /** How well the visible resume, in its order, covers the job (0–100), before and after tailoring. */
  scoreBefore: number;
  scoreAfter: number;
  /** Whether anything was changed: false when no order or hiding raises the score, and the copy is left as it was. */
  changed: boolean;
  /** The job's title, as a title the person may give this resume: tailoring never replaces the resume's own. */
  suggestedJobTitle: string;
}

export interface TailoringPlan {
  itemOrder: Record<TailoredSection, string[]>;
  hiddenItems: Record<TailoredSection, string[]>;
  selectedSummaryId: string | null;
  report: TailoringReport;
}

/** Sections tailoring leaves as they are, but reads for the skills they show (custom sections are read too). */
const READ_ONLY_SECTIONS = ['education', 'certificates', 'awards', 'publications', 'interests'] as const;

/**
 * A resume's items as tailoring reads them: every section, custom sections included, so that a skill shown only by
 * a certificate, a degree or a volunteering entry is matched, not missing.
 */
export function tailorableResume(
  sections: Record<SectionName, SectionItemView[]>,
  customSections: readonly { items: SectionItemView[] }[] = [],
): TailorableResume {
  return {
    experiences: sections.experiences.map(tailorable),
    projects: sections.projects.map(tailorable),
    skills: sections.skills.map(tailorable),
    summaries: sections.summaries.map(tailorable),
    others: [...READ_ONLY_SECTIONS.flatMap((section) => sections[section]), ...customSections.flatMap((section) => section.items)].map(tailorable),
  };
}

/** Every text of an item (title, company, description, bullet points, ...) is what it says about its owner. */
export function tailorable(item: SectionItemView): TailorableItem {
  const text = Object.entries(item)
    .filter(([key]) => key !== 'id')
    .flatMap(([, value]) => (typeof value === 'string' ? [value] : Array.isArray(value) ? value.filter((entry) => typeof entry === 'string') : []))
    .join('\n');
  return {
    id: item.id,
    text,
    startDate: item.startDate as string | null | undefined,
    endDate: item.endDate as string | null | undefined,
    isCurrent: item.isCurrent as boolean | null | undefined,
    category: item.category as string | null | undefined,
  };
}

/** How many items of a section always stay visible, so tailoring never strips a resume bare. */
const KEEP_VISIBLE: Record<TailoredSection, number> = { experiences: 3, projects: 2, skills: 8 };
/** The most recent experiences are never hidden, however unrelated. */
const ALWAYS_KEEP_RECENT_EXPERIENCES = 2;
/** Items in the first places of a section are what a reader sees; coverage there counts fully. */
const PROMINENT_PLACES = 3;

export function relevance(item: TailorableItem, requirements: JobRequirements): { score: number; skills: string[] } {
  const shown = skillsShown(item.text);
  const skills = requirements.skills.filter((skill) => shown.has(skill));
  const jobKeywords = new Set(requirements.keywords);
  const itemKeywords = keywordsOf(item.text);
  const shared = itemKeywords.filter((word) => jobKeywords.has(word)).length;
  return { score: skills.length + shared / Math.sqrt(itemKeywords.length + 1), skills };
}

/**
 * Orders, hides and selects items of a resume for one job; pure, so it is tested without the queue or database. It
 * never makes the resume worse: jobs keep their order (KEPT_IN_ORDER), an item that shows a skill the job asks for is
 * never hidden (nor a spoken language or soft skill), and a plan that would not raise the score is not applied
 * (`changed: false`, the resume as it was).
 */
export function planTailoring(resume: TailorableResume, requirements: JobRequirements, jobTitle: string): TailoringPlan {
  const itemOrder = {} as Record<TailoredSection, string[]>;
  const hiddenItems = {} as Record<TailoredSection, string[]>;
  // Required skills already shown in the first places of the sections planned so far (experiences come first).
  const prominent = new Set<string>();
  for (const section of TAILORED_SECTIONS) {
    const scored = resume[section].map((item, index) => ({ item, index, ...relevance(item, requirements) }));
    const byRelevance = [...scored].sort((a, b) => b.score - a.score || recency(b.item) - recency(a.item) || a.index - b.index);
    const ranked = KEPT_IN_ORDER.includes(section) ? scored : surfacing(byRelevance, prominent);
    itemOrder[section] = ranked.map(({ item }) => item.id);
    const protectedIds = new Set(byRelevance.slice(0, KEEP_VISIBLE[section]).map(({ item }) => item.id));
    if (section === 'experiences') {
      [...resume.experiences]
        .sort((a, b) => recency(b) - recency(a))
        .slice(0, ALWAYS_KEEP_RECENT_EXPERIENCES)
        .forEach((item) => protectedIds.add(item.id));
    }
    const best = Math.max(0, ...ranked.map(({ score }) => score));
    hiddenItems[section] = ranked
      .filter(
        ({ item, score, skills }) => !protectedIds.has(item.id) && !alwaysShown(section, item) && skills.length === 0 && (score === 0 || score < best * 0.1),
      )
      .map(({ item }) => item.id);
    ranked
      .filter(({ item }) => !hiddenItems[section].includes(item.id))
      .slice(0, PROMINENT_PLACES)
      .forEach(({ skills }) => skills.forEach((skill) => prominent.add(skill)));
  }
  const bestSummary = resume.summaries.map((item) => ({ item, score: relevance(item, requirements).score })).sort((a, b) => b.score - a.score)[0];

  const untailored = {
    itemOrder: Object.fromEntries(TAILORED_SECTIONS.map((section) => [section, resume[section].map((item) => item.id)])),
    hiddenItems: Object.fromEntries(TAILORED_SECTIONS.map((section) => [section, []])),
  } as unknown as Pick<TailoringPlan, 'itemOrder' | 'hiddenItems'>;
  const coveredAnywhere = new Set(
    [...TAILORED_SECTIONS, 'summaries' as const, 'others' as const].flatMap((section) =>
      resume[section].flatMap((item) => relevance(item, requirements).skills),
    ),
  );
  const scoreBefore = coverageScore(resume, requirements, untailored);
  const scoreAfter = coverageScore(resume, requirements, { itemOrder, hiddenItems });
  const changed = scoreAfter > scoreBefore;
  return {
    ...(changed ? { itemOrder, hiddenItems } : untailored),
    selectedSummaryId: changed ? (bestSummary?.item.id ?? null) : null,
    report: {
      matched: requirements.skills.filter((skill) => coveredAnywhere.has(skill)),
      missing: requirements.skills.filter((skill) => !coveredAnywhere.has(skill)),
      seniority: requirements.seniority,
      minYears: requirements.minYears,
      scoreBefore,
      scoreAfter: changed ? scoreAfter : scoreBefore,
      changed,
      suggestedJobTitle: jobTitle,
    },
  };
}

/**
 * How well a resume as shown covers the job's skills: a skill counts fully when a visible item among the first
 * places of its section shows it, half when it appears further down, not at all when hidden or absent.
 */
export function coverageScore(resume: TailorableResume, requirements: JobRequirements, shown: Pick<TailoringPlan, 'itemOrder' | 'hiddenItems'>): number {
  if (requirements.skills.length === 0) return 100;
  const credit = new Map<string, number>();
  for (const section of TAILORED_SECTIONS) {
    const byId = new Map(resume[section].map((item) => [item.id, item]));
    const hidden = new Set(shown.hiddenItems[section] ?? []);
    const visible = (shown.itemOrder[section] ?? []).filter((id) => !hidden.has(id) && byId.has(id));
    visible.forEach((id, place) => {
      const weight = place < PROMINENT_PLACES ? 1 : 0.5;
      for (const skill of relevance(byId.get(id) as TailorableItem, requirements).skills) {
        credit.set(skill, Math.max(credit.get(skill) ?? 0, weight));
      }
    });
  }
  const total = requirements.skills.reduce((sum, skill) => sum + (credit.get(skill) ?? 0), 0);
  return Math.round((total / requirements.skills.length) * 100);
}

/**
 * Items in relevance order, except that each place goes to the item showing the most required skills not yet shown
 * in a first place (`prominent`): a fourth item showing the same skills as the first three surfaces nothing new.
 */
function surfacing<T extends { skills: string[] }>(byRelevance: T[], prominent: ReadonlySet<string>): T[] {
  const rest = [...byRelevance];
  const shown = new Set(prominent);
  const ordered: T[] = [];
  while (rest.length > 0) {
    const unshown = rest.map(({ skills }) => skills.filter((skill) => !shown.has(skill)).length);
    const [next] = rest.splice(unshown.indexOf(Math.max(...unshown)), 1);
    next.skills.forEach((skill) => shown.add(skill));
    ordered.push(next);
  }
  return ordered;
}

/**
 * Spoken languages and soft skills say who the person is whatever the job: an ad rarely names them, so hiding them
 * for not being asked for would strip every resume of them.
 */
function alwaysShown(section: TailoredSection, item: TailorableItem): boolean {
  if (section !== 'skills') return false;
  if (item.category === 'SOFT' || item.category === 'LANGUAGE') return true;
  return [...findSkills(item.text).keys()].some((name) => ['soft', 'spoken-language'].includes(categoryOf(name) ?? ''));
}

function recency(item: TailorableItem): number {
  if (item.isCurrent) return Number.MAX_SAFE_INTEGER;
  const date = item.endDate ?? item.startDate;
  return date ? new Date(date).getTime() || 0 : 0;
}
