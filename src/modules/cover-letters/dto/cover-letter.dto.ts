import { ApiProperty } from '@nestjs/swagger';
import { ErrorBody } from '../../../common/errors/error-body.dto';
import { BooleanField, EnumField, NumberField, StringMapField, TextField } from '../../../common/validation/field.decorators';
import { COVER_LETTER_DEFAULTS } from '../entities/cover-letter.entity';
import { HEADER_ALIGNMENTS, HeaderAlignment } from '../header-alignments';

/** Bounds chosen for a one-page letter. */
export const COVER_LETTER_LIMITS = {
  title: 200,
  content: 20_000,
  templateId: 100,
  fontFamily: 100,
  fontSize: { min: 6, max: 36 },
  lineSpacing: { min: 1, max: 3 },
  variables: { maxEntries: 50, maxKey: 100, maxValue: 2_000 },
} as const;

/** Requests per minute of the routes stricter than their kind's default (`DEFAULT_LIMITS`). */
export const COVER_LETTER_RATE_LIMITS = { create: 10 } as const;

const defaultIs = (value: unknown) => `Default \`${value}\``;

/**
 * The fields create and update share; all optional. `templateId` and `variables` accept null: on update it clears
 * them (no template, no variables), on create it is the same as leaving them out.
 */
class CoverLetterFields {
  @TextField({ nullable: true, notBlank: true, max: COVER_LETTER_LIMITS.templateId, example: 'formal', description: 'Template id; null: none' })
  templateId?: string | null;

  @BooleanField({
    optional: true,
    default: false,
    description: `${defaultIs(false)}. true makes this the default cover letter and unsets the previous default`,
  })
  isDefault?: boolean;

  @StringMapField({
    nullable: true,
    ...COVER_LETTER_LIMITS.variables,
    example: { companyName: 'Acme Corp', hiringManager: 'Ada Lovelace' },
    description: 'Template variables, name → text. Replaces the whole map; null clears all',
  })
  variables?: Record<string, string> | null;

  @BooleanField({ optional: true, default: COVER_LETTER_DEFAULTS.showName, description: defaultIs(COVER_LETTER_DEFAULTS.showName) })
  showName?: boolean;

  @BooleanField({ optional: true, default: COVER_LETTER_DEFAULTS.showEmail, description: defaultIs(COVER_LETTER_DEFAULTS.showEmail) })
  showEmail?: boolean;

  @BooleanField({ optional: true, default: COVER_LETTER_DEFAULTS.showPhone, description: defaultIs(COVER_LETTER_DEFAULTS.showPhone) })
  showPhone?: boolean;

  @BooleanField({ optional: true, default: COVER_LETTER_DEFAULTS.showAddress, description: defaultIs(COVER_LETTER_DEFAULTS.showAddress) })
  showAddress?: boolean;

  @EnumField(HEADER_ALIGNMENTS, {
    optional: true,
    enumName: 'HeaderAlignment',
    default: COVER_LETTER_DEFAULTS.headerAlignment,
    description: defaultIs(COVER_LETTER_DEFAULTS.headerAlignment),
  })
  headerAlignment?: HeaderAlignment;

  @TextField({
    optional: true,
    notBlank: true,
    max: COVER_LETTER_LIMITS.fontFamily,
    default: COVER_LETTER_DEFAULTS.fontFamily,
    description: defaultIs(COVER_LETTER_DEFAULTS.fontFamily),
  })
  fontFamily?: string;

  @NumberField({
    optional: true,
    ...COVER_LETTER_LIMITS.fontSize,
    default: COVER_LETTER_DEFAULTS.fontSize,
    description: `Points. ${defaultIs(COVER_LETTER_DEFAULTS.fontSize)}`,
  })
  fontSize?: number;

  @NumberField({
    optional: true,
    ...COVER_LETTER_LIMITS.lineSpacing,
    default: COVER_LETTER_DEFAULTS.lineSpacing,
    description: `Multiple of the font size. ${defaultIs(COVER_LETTER_DEFAULTS.lineSpacing)}`,
  })
  lineSpacing?: number;
}

export class CreateCoverLetterDto extends CoverLetterFields {
  @TextField({
    description: 'Id of one of your resumes (`GET /v1/resume` lists them); a resume has at most one cover letter',
    example: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
  })
  cvId: string;

  @TextField({ description: 'The letter’s name, e.g. the job it is for', max: COVER_LETTER_LIMITS.title, example: 'Application for Backend Engineer' })
  title: string;

  @TextField({
    max: COVER_LETTER_LIMITS.content,
    description: 'Body text; Markdown allowed',
    example: 'Dear Ada Lovelace,\n\nI am writing to apply for the Backend Engineer role at Acme Corp.',
  })
  content: string;
}

/** Any field but `cvId`: a cover letter stays with its resume. */
export class UpdateCoverLetterDto extends CoverLetterFields {
  @TextField({ description: 'The letter’s name; cannot be cleared', optional: true, notBlank: true, max: COVER_LETTER_LIMITS.title })
  title?: string;

  @TextField({ description: 'Body text; Markdown allowed; cannot be cleared', optional: true, notBlank: true, max: COVER_LETTER_LIMITS.content })
  content?: string;
}

/** A cover letter in list results: everything but its body text. */
export class CoverLetterSummary {
  id: string;
  cvId: string;
  title: string;
  templateId: string | null;
  isDefault: boolean;
  variables: Record<string, string>;
  showName: boolean;
  showEmail: boolean;
  showPhone: boolean;
  showAddress: boolean;
  @ApiProperty({ enum: HEADER_ALIGNMENTS, enumName: 'HeaderAlignment' })
  headerAlignment: HeaderAlignment;
  fontFamily: string;
  fontSize: number;
  lineSpacing: number;
  createdAt: Date;
  updatedAt: Date;
}

export class CoverLetterView extends CoverLetterSummary {
  content: string;
}

export class CoverLetterResponse {
  data: CoverLetterView;
}

export class CoverLetterExistsBody extends ErrorBody {
  @ApiProperty({ example: 'This resume already has a cover letter' })
  declare error: string;

  @ApiProperty({ description: 'The cover letter the resume already has', example: '3f0f7a52-0c49-4d0f-9a43-2f7c1c6c9d10' })
  existingId: string;
}
