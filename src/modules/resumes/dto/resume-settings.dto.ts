import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { isUUID, IsUUID, Matches, ValidateBy, ValidateIf, ValidationOptions } from 'class-validator';
import { BooleanField, EnumField, NestedField, NumberField, TextField } from '../../../common/validation/field.decorators';
import { SECTION_TEXT } from '../resumes.limits';
import {
  DEFAULT_PAGE_SIZE,
  DesignSettings,
  OptionalFields,
  PAGE_SIZES,
  PageSize,
  PersonalOverrides,
  RESUME_FONTS,
  ResumeFont,
  SECTION_ORDER_NAMES,
} from '../resume-settings';
import { CUSTOM_SECTION_KEY, isCustomSectionKey, LISTED_SECTION_NAMES } from '../sections/section-keys';

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/** What a template can lay out on a page: font size and spacing in points, line height as a multiple, margins in millimetres. */
export const DESIGN_LIMITS = {
  fontSize: { min: 8, max: 14 },
  lineHeight: { min: 1, max: 2.5 },
  sectionSpacing: { min: 0, max: 48 },
  margin: { min: 0, max: 50 },
} as const;

const ColorField = () =>
  applyDecorators(
    TextField({ optional: true, example: '#1f4e79' }),
    Matches(HEX_COLOR, { message: 'must be a hex color like #1f4e79' }),
    ApiProperty({ pattern: HEX_COLOR.source }),
  );

@ApiSchema({ description: 'Colours as #rrggbb' })
export class ResumeColorsDto {
  /** Headings, rules and links. */
  @ColorField()
  primary?: string;

  /** Body text. */
  @ColorField()
  text?: string;

  /** Secondary text: dates, locations. */
  @ColorField()
  muted?: string;
}

@ApiSchema({ description: 'Fonts and body text size' })
export class ResumeFontsDto {
  @EnumField(RESUME_FONTS, { description: 'Font of the name and section titles', optional: true, enumName: 'ResumeFont' })
  heading?: ResumeFont;

  @EnumField(RESUME_FONTS, { description: 'Font of the body text', optional: true, enumName: 'ResumeFont' })
  body?: ResumeFont;

  @NumberField({ optional: true, ...DESIGN_LIMITS.fontSize, description: 'Body text size in points', example: 10.5 })
  size?: number;
}

@ApiSchema({ description: 'Line height and space between sections' })
export class ResumeSpacingDto {
  @NumberField({ optional: true, ...DESIGN_LIMITS.lineHeight, description: 'Line height, a multiple of the font size', example: 1.4 })
  lineHeight?: number;

  @NumberField({ optional: true, ...DESIGN_LIMITS.sectionSpacing, description: 'Space between sections in points', example: 14 })
  section?: number;
}

/** Page margins in millimetres. */
@ApiSchema({ description: 'Page margins' })
export class ResumeMarginsDto {
  @NumberField({ description: 'Top page margin in millimetres', optional: true, ...DESIGN_LIMITS.margin, example: 18 })
  top?: number;

  @NumberField({ description: 'Right page margin in millimetres', optional: true, ...DESIGN_LIMITS.margin, example: 18 })
  right?: number;

  @NumberField({ description: 'Bottom page margin in millimetres', optional: true, ...DESIGN_LIMITS.margin, example: 18 })
  bottom?: number;

  @NumberField({ description: 'Left page margin in millimetres', optional: true, ...DESIGN_LIMITS.margin, example: 18 })
  left?: number;
}

/**
 * A resume's visual styling: colors, fonts, spacing, margins and paper size, in a structure of our own. Every
 * field is optional: what is left out takes the template's default. A PATCH replaces the stored object as a whole.
 */
@ApiSchema({ description: 'Colours, fonts, spacing, margins and paper size of the PDF' })
export class DesignSettingsDto implements DesignSettings {
  @NestedField(() => ResumeColorsDto, { optional: true })
  colors?: ResumeColorsDto;

  @NestedField(() => ResumeFontsDto, { optional: true })
  fonts?: ResumeFontsDto;

  @NestedField(() => ResumeSpacingDto, { optional: true })
  spacing?: ResumeSpacingDto;

  @NestedField(() => ResumeMarginsDto, { optional: true })
  margins?: ResumeMarginsDto;

  // The default is told in words: the same object is a PATCH body, where `default` would read as "reset if absent".
  @EnumField(PAGE_SIZES, {
    optional: true,
    enumName: 'PageSize',
    description: `Paper size of the PDF: \`A4\` (595.28 × 841.89 points) or US \`Letter\` (612 × 792 points); \`${DEFAULT_PAGE_SIZE}\` when left out`,
  })
  pageSize?: PageSize;
}

/** Show/hide toggles for the optional identity fields; a field left out is shown. */
@ApiSchema({ description: 'Which contact details of the profile the CV shows' })
export class OptionalFieldsDto implements OptionalFields {
  @BooleanField({ description: 'Show the profile’s email', optional: true })
  email?: boolean;

  @BooleanField({ description: 'Show the profile’s phone', optional: true })
  phone?: boolean;

  @BooleanField({ description: 'Show the profile’s address', optional: true })
  address?: boolean;

  @BooleanField({ description: 'Show the profile’s photo (templates that have one)', optional: true })
  photo?: boolean;

  @BooleanField({ description: 'Show the profile’s links', optional: true })
  links?: boolean;
}

/** Only `summary` can be overridden per CV; identity fields are the profile's, so other keys are refused. */
@ApiSchema({ description: 'Profile details this CV shows differently (its own summary text)' })
export class PersonalOverridesDto implements PersonalOverrides {
  @TextField({ nullable: true, max: SECTION_TEXT.long, description: 'Shown instead of the selected summary; null clears it' })
  summary?: string | null;
}

const MAX_IDS_PER_SECTION = 500;

/**
 * `hiddenItems` and `itemOrder`: section name (or `customSection:<definitionId>`) → item ids. `valueKeys` are further
 * keys whose values come from a fixed list instead (itemOrder's `skillCategories`).
 */
export function SectionIdsField(description: string, valueKeys: Record<string, readonly string[]> = {}) {
  const keys = [...LISTED_SECTION_NAMES, ...Object.keys(valueKeys), 'customSection:<definitionId>'];
  const problem = (value: unknown): string | undefined => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'must be an object';
    for (const [key, ids] of Object.entries(value)) {
      const allowed = Object.hasOwn(valueKeys, key) ? valueKeys[key] : undefined;
      if (!allowed && !(LISTED_SECTION_NAMES as readonly string[]).includes(key) && !isCustomSectionKey(key)) {
        return `has an unknown key "${key}": keys are ${keys.join(', ')}`;
      }
      if (!Array.isArray(ids) || ids.length > MAX_IDS_PER_SECTION) return `${key} must be an array of at most ${MAX_IDS_PER_SECTION} values`;
      if (allowed && ids.some((entry) => !allowed.includes(entry))) return `${key} must list only ${allowed.join(', ')}`;
      if (!allowed && ids.some((id) => typeof id !== 'string' || !isUUID(id))) return `${key} must list item ids`;
    }
    return undefined;
  };
  return applyDecorators(
    ...optionalValue(
      'sectionIds',
      (value) => problem(value) === undefined,
      ({ value }) => problem(value) ?? '',
    ),
    ApiProperty({
      selfRequired: false,
      description: `${description} Keys: ${keys.join(', ')}.`,
      type: 'object',
      additionalProperties: { type: 'array', items: { type: 'string' } },
    }),
  );
}

const MAX_SECTION_ORDER = 100;

export function SectionOrderField() {
  const isSection = (name: unknown) => typeof name === 'string' && ((SECTION_ORDER_NAMES as readonly string[]).includes(name) || isCustomSectionKey(name));
  const valid = (value: unknown) => Array.isArray(value) && value.length <= MAX_SECTION_ORDER && value.every(isSection) && new Set(value).size === value.length;
  return applyDecorators(
    ...optionalValue('sectionOrder', valid, `must be an array of distinct section names: ${SECTION_ORDER_NAMES.join(', ')} or customSection:<definitionId>`),
    ApiProperty({
      required: false,
      description: 'The order of the sections on the CV; sections left out follow in the default order',
      type: 'array',
      items: {
        oneOf: [
          { type: 'string', enum: [...SECTION_ORDER_NAMES] },
          { type: 'string', pattern: CUSTOM_SECTION_KEY.source },
        ],
      },
      uniqueItems: true,
      maxItems: MAX_SECTION_ORDER,
      example: ['summary', 'experiences', 'skills', 'education'],
    }),
  );
}

/** A free-form JSON object (cvData) of at most `maxCharacters` characters written as JSON. */
export function JsonObjectField(description: string, maxCharacters: number) {
  return applyDecorators(
    ...optionalValue('jsonObject', (value) => typeof value === 'object' && value !== null && !Array.isArray(value), 'must be an object'),
    ValidateBy(
      { name: 'jsonSize', validator: { validate: (value) => typeof value !== 'object' || atMostCharacters(JSON.stringify(value) ?? '', maxCharacters) } },
      { message: `must be at most ${maxCharacters} characters as JSON` },
    ),
    ApiProperty({
      selfRequired: false,
      description: `${description} At most ${maxCharacters} characters as JSON.`,
      type: 'object',
      additionalProperties: true,
    }),
  );
}

/** Whether `text` has at most `max` characters (code points), as the field limits count them. */
function atMostCharacters(text: string, max: number): boolean {
  // Code points never outnumber UTF-16 units: only a text longer in units needs counting.
  return text.length <= max || [...text].length <= max;
}

/** The id of a summary of this resume, or null for none. */
export function SummaryIdField() {
  return applyDecorators(
    TextField({
      nullable: true,
      description:
        "A summary of this resume; null shows none. A resume's first summary is selected when it is added; deleting the selected summary selects the oldest remaining one.",
    }),
    IsUUID('all', { message: 'must be the id of a summary of this resume' }),
    ApiProperty({ format: 'uuid' }),
  );
}

/** An optional field checked by `validate`: absent leaves it unchanged, anything sent (null too) must pass. */
function optionalValue(name: string, validate: (value: unknown) => boolean, message: ValidationOptions['message']): PropertyDecorator[] {
  return [ValidateIf((_object, value) => value !== undefined), ValidateBy({ name, validator: { validate } }, { message })];
}
