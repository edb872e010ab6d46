import type { SectionItem } from './section-item.entity';
import { SectionDates, shownDates } from './section-dates';

/** A section item as the API answers it. */
export type SectionItemView = { id: string } & Record<string, unknown>;

/**
 * Storage columns are never shown, dates are answered as they were sent (`dates`: the kind's, see section-dates.ts),
 * and an ongoing period has no end date (endDate is null while isCurrent).
 */
export function sectionItemView(item: SectionItem, dates?: SectionDates): SectionItemView {
  const { accountId: _account, resumeId: _resume, position: _position, ...columns } = item as SectionItem & { isCurrent?: boolean };
  const view = (dates ? shownDates(dates, columns) : columns) as SectionItemView;
  return view.isCurrent ? { ...view, endDate: null } : view;
}
