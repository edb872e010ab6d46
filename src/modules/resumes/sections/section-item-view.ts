import type { SectionItem } from './section-item.entity';

/** A section item as the API answers it. */
export type SectionItemView = { id: string } & Record<string, unknown>;

/** Storage columns are never shown, and an ongoing period has no end date (endDate is null while isCurrent). */
export function sectionItemView(item: SectionItem): SectionItemView {
  const { accountId: _account, resumeId: _resume, position: _position, ...view } = item as SectionItem & { isCurrent?: boolean };
  return view.isCurrent ? { ...view, endDate: null } : view;
}
