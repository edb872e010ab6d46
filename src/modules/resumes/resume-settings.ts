import { LISTED_SECTION_NAMES } from './sections/section-keys';

/**
 * The enumerations and shapes of a resume's stored settings (its jsonb columns), apart from the DTOs that validate
 * them (dto/resume-settings.dto.ts, whose classes implement these), so that the entity and the PDF export import no DTO.
 */

/** The PDF templates a resume can be drawn with. */
export const RESUME_TEMPLATES = ['classic', 'modern', 'minimal'] as const;
export type ResumeTemplate = (typeof RESUME_TEMPLATES)[number];

/** `sectionOrder`: section names to show first, in this order; sections left out follow in the default order. */
export const SECTION_ORDER_NAMES = ['summary', ...LISTED_SECTION_NAMES] as const;

/** Fonts a template can render. */
export const RESUME_FONTS = ['Inter', 'Roboto', 'Lato', 'Merriweather', 'Georgia', 'Helvetica', 'Times'] as const;
export type ResumeFont = (typeof RESUME_FONTS)[number];

/** Paper sizes of the PDF: A4 (595.28 × 841.89 points) everywhere but North America, where Letter (612 × 792) is. */
export const PAGE_SIZES = ['A4', 'Letter'] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 'A4';

export interface DesignSettings {
  colors?: { primary?: string; text?: string; muted?: string };
  fonts?: { heading?: ResumeFont; body?: ResumeFont; size?: number };
  spacing?: { lineHeight?: number; section?: number };
  margins?: { top?: number; right?: number; bottom?: number; left?: number };
  pageSize?: PageSize;
}

export interface OptionalFields {
  email?: boolean;
  phone?: boolean;
  address?: boolean;
  photo?: boolean;
  links?: boolean;
}

export interface PersonalOverrides {
  summary?: string | null;
}
