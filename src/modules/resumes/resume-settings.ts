/**
 * The shapes of a resume's stored settings (its jsonb columns), apart from the DTOs that validate them
 * (dto/resume-settings.dto.ts, whose classes implement these), so that the entity and the PDF export import no DTO.
 */

/** Fonts a template can render. */
export const RESUME_FONTS = ['Inter', 'Roboto', 'Lato', 'Merriweather', 'Georgia', 'Helvetica', 'Times'] as const;
export type ResumeFont = (typeof RESUME_FONTS)[number];

export interface DesignSettings {
  colors?: { primary?: string; text?: string; muted?: string };
  fonts?: { heading?: ResumeFont; body?: ResumeFont; size?: number };
  spacing?: { lineHeight?: number; section?: number };
  margins?: { top?: number; right?: number; bottom?: number; left?: number };
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
