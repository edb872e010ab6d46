import { applyDecorators, type Type as Class } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptions } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsEmail,
  IsIn,
  IsInt,
  IsISO8601,
  IsNumber,
  IsObject,
  IsString,
  IsUrl,
  Matches,
  IsUUID,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  ValidateIf,
  ValidateNested,
  ValidationOptions,
} from 'class-validator';
import { CURRENCY_CODE_PATTERN, CURRENCY_CODES } from './currency-codes';
import { isWithinYears, PARTIAL_DATE_PATTERN, parsePartialDate, PartialDateForms } from './partial-date';

/**
 * Composite decorators: each declares a field's validation and its OpenAPI description together, with the
 * messages the API documents ("is required", "must be a valid URL", ...). DTOs stay one decorator per field.
 */
interface FieldOptions {
  /** Absent is allowed (and means "unchanged" on updates). */
  optional?: boolean;
  /** `null` is accepted and clears the field. */
  nullable?: boolean;
  description?: string;
  example?: unknown;
  /** What an absent field becomes on create (documented as `default`; PATCH bodies leave it out: absent is unchanged). */
  default?: unknown;
}

function presence({ optional, nullable }: FieldOptions): PropertyDecorator[] {
  if (nullable) return [ValidateIf((_object, value) => value !== undefined && value !== null)];
  if (optional) return [ValidateIf((_object, value) => value !== undefined)];
  return [IsDefined({ message: 'is required' })];
}

function documented(options: FieldOptions, schema: ApiPropertyOptions): PropertyDecorator {
  return ApiProperty({
    required: !options.optional && !options.nullable,
    nullable: options.nullable || undefined,
    description: options.description,
    example: options.example,
    default: options.default,
    ...schema,
  } as ApiPropertyOptions);
}

/**
 * PostgreSQL cannot store U+0000 in text or jsonb: refused as a 400 instead of failing in the database as a 500. The
 * body parser refuses it anywhere in a body; this check covers query strings, where `%00` decodes to it.
 */
const NUL_FREE = /^[^\u0000]*$/;
export const NUL_MESSAGE = 'must not contain the NUL character (U+0000)';

/**
 * A text that holds something: not empty and not only white space. The document says the same with `minLength: 1`
 * and a pattern that asks for one non-white-space character.
 */
const NOT_BLANK = /\S/;

function IsNotBlank(options: ValidationOptions): PropertyDecorator {
  return ValidateBy({ name: 'isNotBlank', validator: { validate: (value) => typeof value === 'string' && NOT_BLANK.test(value) } }, options);
}

/**
 * A text field. A required one (neither optional nor nullable) must not be blank; `notBlank` asks the same of a
 * field that may be left out but, when sent, stands for a required one (an update of a required field, an alias).
 */
export function TextField(options: FieldOptions & { max?: number; notBlank?: boolean } = {}): PropertyDecorator {
  const notBlank = options.notBlank ?? (!options.optional && !options.nullable);
  const decorators = [...presence(options), IsString({ message: 'must be a string' }), Matches(NUL_FREE, { message: NUL_MESSAGE })];
  if (notBlank) decorators.push(IsNotBlank({ message: 'must not be empty' }));
  if (options.max !== undefined) decorators.push(MaxLength(options.max, { message: `must be at most ${options.max} characters` }));
  const schema = notBlank ? { minLength: 1, pattern: NOT_BLANK.source } : {};
  return applyDecorators(...decorators, documented(options, { type: String, maxLength: options.max, ...schema }));
}

/** A string of bounded length that must also pass `check`, documented with the OpenAPI `format` (and `pattern`) it has. */
function formattedText(options: FieldOptions & { max: number }, format: string, check: PropertyDecorator, pattern?: string): PropertyDecorator {
  return applyDecorators(
    ...presence(options),
    IsString({ message: 'must be a string' }),
    MaxLength(options.max, { message: `must be at most ${options.max} characters` }),
    check,
    documented(options, { type: String, format, pattern, maxLength: options.max }),
  );
}

/** Any URI is a `uri`; ours are web addresses, which the pattern tells clients (the scheme is case-insensitive). */
/**
 * `singleLabelHost` accepts a host without a dot (`localhost`), for a URL whose host is judged elsewhere (a webhook's,
 * by the SSRF guard, which resolves it); other URLs need a domain name or an address.
 */
export function UrlField(options: FieldOptions & { max: number; singleLabelHost?: boolean }): PropertyDecorator {
  const check = IsUrl({ protocols: ['http', 'https'], require_protocol: true, require_tld: !options.singleLabelHost }, { message: 'must be a valid URL' });
  return formattedText(options, 'uri', check, '^[Hh][Tt][Tt][Pp][Ss]?://');
}

export function EmailField(options: FieldOptions & { max: number }): PropertyDecorator {
  return formattedText(options, 'email', IsEmail({}, { message: 'must be a valid email address' }));
}

/**
 * Only a full date-time with a timezone is unambiguous: a local time without an offset would be read in whatever
 * zone the server or database happens to run in. The ISO 8601 check then rejects impossible dates (February 31).
 */
const DATE_TIME_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i;
const DATE_TIME_MESSAGE = 'must be an ISO 8601 date-time with a timezone, e.g. 2025-03-01T14:00:00Z';

export function DateTimeField(options: FieldOptions = {}): PropertyDecorator {
  return applyDecorators(
    ...presence(options),
    IsString({ message: DATE_TIME_MESSAGE }),
    Matches(DATE_TIME_WITH_ZONE, { message: DATE_TIME_MESSAGE }),
    IsISO8601({ strict: true, strictSeparator: true }, { message: DATE_TIME_MESSAGE }),
    ValidateBy(
      // Unparsable text is the format rule's to refuse.
      {
        name: 'isWithinYears',
        validator: { validate: (value) => typeof value !== 'string' || Number.isNaN(Date.parse(value)) || isWithinYears(new Date(value)) },
      },
      { message: 'must fall within the years 0001 to 9999 once read in UTC' },
    ),
    documented(options, { type: String, format: 'date-time' }),
  );
}

/** A calendar day, `YYYY-MM-DD`, that exists (not February 30): a date without a time, so no time zone to guess. */
export function DateField(options: FieldOptions = {}): PropertyDecorator {
  return applyDecorators(
    ...presence(options),
    ValidateBy(
      { name: 'isCalendarDay', validator: { validate: (value) => parsePartialDate(value)?.precision === 'day' } },
      { message: 'must be a date: YYYY-MM-DD' },
    ),
    documented(options, { type: String, format: 'date' }),
  );
}

/** An ISO 4217 currency code from the runtime's list (`EUR`), in capitals as the standard writes it. */
export function CurrencyField(options: FieldOptions = {}): PropertyDecorator {
  return applyDecorators(
    ...presence(options),
    IsIn(CURRENCY_CODES as string[], { message: 'must be an ISO 4217 currency code, e.g. EUR' }),
    documented(options, { type: String, pattern: CURRENCY_CODE_PATTERN }),
  );
}

/** A flat JSON object of string values (e.g. template variables), bounded in entries, key and value length. */
export function StringMapField(options: FieldOptions & { maxEntries: number; maxKey: number; maxValue: number }): PropertyDecorator {
  const { maxEntries, maxKey, maxValue } = options;
  const rule = (name: string, message: string, test: (map: Record<string, unknown>) => boolean) =>
    ValidateBy({
      name,
      validator: {
        validate: (value) => typeof value === 'object' && value !== null && !Array.isArray(value) && test(value),
        defaultMessage: () => message,
      },
    });
  return applyDecorators(
    ...presence(options),
    rule('isStringMap', 'must be an object whose values are strings', (map) => Object.values(map).every((value) => typeof value === 'string')),
    rule('maxEntries', `must have at most ${maxEntries} entries`, (map) => Object.keys(map).length <= maxEntries),
    rule('keyLength', `keys must be 1 to ${maxKey} characters`, (map) => Object.keys(map).every((key) => characters(key) >= 1 && characters(key) <= maxKey)),
    rule('valueLength', `values must be at most ${maxValue} characters`, (map) => Object.values(map).every((value) => characters(value as string) <= maxValue)),
    documented(options, { type: 'object', additionalProperties: { type: 'string', maxLength: maxValue }, maxProperties: maxEntries }),
  );
}

/** Length in characters (code points), as MaxLength and the document's maxLength count: 😀 is one, not two UTF-16 units. */
function characters(text: string): number {
  return [...text].length;
}

/** The id of another record (a UUID); an id that is not well formed cannot name one. */
export function UuidField(options: FieldOptions & { message: string }): PropertyDecorator {
  return applyDecorators(...presence(options), IsUUID('all', { message: options.message }), documented(options, { type: String, format: 'uuid' }));
}

export function EnumField<T extends string>(values: readonly T[], options: FieldOptions & { message?: string; enumName?: string } = {}): PropertyDecorator {
  return applyDecorators(
    ...presence(options),
    IsIn(values as T[], { message: options.message ?? `must be one of: ${values.join(', ')}` }),
    // A named enum is a $ref, beside which OpenAPI 3.0 cannot say `nullable`: nullable enums are written inline.
    documented(options, { type: 'string', enum: values as T[], enumName: options.nullable ? undefined : options.enumName }),
  );
}

export function IntField(options: FieldOptions & { min?: number; max?: number } = {}): PropertyDecorator {
  const { min, max } = options;
  const range = min !== undefined && max !== undefined ? `must be between ${min} and ${max}` : undefined;
  const decorators = [...presence(options), IsInt({ message: 'must be an integer' })];
  if (min !== undefined) decorators.push(Min(min, { message: range ?? `must be at least ${min}` }));
  if (max !== undefined) decorators.push(Max(max, { message: range ?? `must be at most ${max}` }));
  return applyDecorators(...decorators, documented(options, { type: 'integer', minimum: min, maximum: max }));
}

export function NumberField(options: FieldOptions & { min?: number; max?: number } = {}): PropertyDecorator {
  const decorators = [...presence(options), IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'must be a number' })];
  if (options.min !== undefined) decorators.push(Min(options.min, { message: `must be at least ${options.min}` }));
  if (options.max !== undefined) decorators.push(Max(options.max, { message: `must be at most ${options.max}` }));
  return applyDecorators(...decorators, documented(options, { type: Number, minimum: options.min, maximum: options.max }));
}

export function BooleanField(options: FieldOptions = {}): PropertyDecorator {
  return applyDecorators(...presence(options), IsBoolean({ message: 'must be a boolean' }), documented(options, { type: Boolean }));
}

/** A query-string integer ("25" → 25); anything that is not a whole number in range is a 400. */
export function QueryIntField(options: FieldOptions & { min: number; max?: number; default: number }): PropertyDecorator {
  return applyDecorators(
    Type(() => Number),
    IntField({ ...options, optional: true, example: options.default }),
  );
}

/** A sequence number as text: digits only, at most the largest PostgreSQL bigint (beyond it the database would fail). */
const SEQUENCE_NUMBER = /^\d{1,19}$/;
const BIGINT_MAX = 2n ** 63n - 1n;

/**
 * The id of a record numbered by a sequence (an event), a string of digits as the API shows it: as a JSON number it
 * would lose digits past 2^53.
 */
export function SequenceNumberField(options: FieldOptions & { message: string }): PropertyDecorator {
  return applyDecorators(
    ...presence(options),
    ValidateBy(
      {
        name: 'isSequenceNumber',
        validator: { validate: (value) => typeof value === 'string' && SEQUENCE_NUMBER.test(value) && BigInt(value) <= BIGINT_MAX },
      },
      { message: options.message },
    ),
    documented(options, { type: String, pattern: SEQUENCE_NUMBER.source }),
  );
}

/** A query-string boolean: only the words `true` and `false`. */
export function QueryBooleanField(options: FieldOptions = {}): PropertyDecorator {
  return applyDecorators(
    Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value)),
    ValidateIf((_object, value) => value !== undefined),
    IsBoolean({ message: 'must be true or false' }),
    ApiProperty({ required: false, type: Boolean, description: options.description }),
  );
}

/**
 * A date as people write it on a CV: `2020`, `2020-03` or `2020-03-15`, kept at that precision; with `dateTimes`,
 * also an ISO 8601 date-time (a timezone is optional; without one it is read in UTC). One rule for every section date.
 */
export function PartialDateField(options: FieldOptions & PartialDateForms = {}): PropertyDecorator {
  const message = options.dateTimes ? 'must be a date (YYYY, YYYY-MM or YYYY-MM-DD) or an ISO 8601 date-time' : 'must be a date: YYYY, YYYY-MM or YYYY-MM-DD';
  return applyDecorators(
    ...presence(options),
    ValidateBy({ name: 'isPartialDate', validator: { validate: (value) => parsePartialDate(value, options) !== undefined } }, { message }),
    documented(options, partialDateSchema(options)),
  );
}

/** How the document shows a partial date, in bodies and in answers: a calendar date's pattern, or a date-time. */
export function partialDateSchema({ dateTimes }: PartialDateForms): ApiPropertyOptions {
  const calendarDate = { type: 'string', pattern: PARTIAL_DATE_PATTERN } as const;
  // anyOf: linters read two string alternatives under oneOf as overlapping.
  return dateTimes ? { type: String, anyOf: [calendarDate, { type: 'string', format: 'date-time' }] } : { ...calendarDate, type: String };
}

/** A list of short texts (bullet points, keywords). */
export function TextListField(options: FieldOptions & { maxItems: number; maxLength: number }): PropertyDecorator {
  return applyDecorators(
    ...presence(options),
    IsArray({ message: 'must be an array of strings' }),
    ArrayMaxSize(options.maxItems, { message: `must have at most ${options.maxItems} items` }),
    IsString({ each: true, message: 'must be an array of strings' }),
    MaxLength(options.maxLength, { each: true, message: `each item must be at most ${options.maxLength} characters` }),
    documented(options, { type: 'array', items: { type: 'string', maxLength: options.maxLength }, maxItems: options.maxItems }),
  );
}

/** An object validated against its own DTO class (unknown keys inside it are refused like top-level ones). */
export function NestedField(type: () => Class<object>, options: FieldOptions = {}): PropertyDecorator {
  return applyDecorators(
    ...presence(options),
    IsObject({ message: 'must be an object' }),
    ValidateNested(),
    Type(type),
    // A lazy type for Swagger is recognised by its name, `type`.
    documented(options, { type: () => type() }),
  );
}

/** An array of objects, each validated against its DTO class. */
export function NestedListField(type: () => Class<object>, options: FieldOptions & { maxItems: number }): PropertyDecorator {
  return applyDecorators(
    ...presence(options),
    IsArray({ message: 'must be an array' }),
    ArrayMaxSize(options.maxItems, { message: `must have at most ${options.maxItems} items` }),
    IsObject({ each: true, message: 'each item must be an object' }),
    ValidateNested({ each: true }),
    Type(type),
    documented(options, { type: () => [type()], maxItems: options.maxItems }),
  );
}

/** An array of enumeration values, e.g. `employmentTypes: ["FULLTIME", "INTERN"]`. */
export function EnumArrayField<T extends string>(
  values: readonly T[],
  options: FieldOptions & { maxItems?: number; enumName?: string } = {},
): PropertyDecorator {
  const maxItems = options.maxItems ?? values.length;
  return applyDecorators(
    ...presence(options),
    IsArray({ message: 'must be an array' }),
    ArrayMaxSize(maxItems, { message: `must have at most ${maxItems} values` }),
    IsIn(values as T[], { each: true, message: `each value must be one of: ${values.join(', ')}` }),
    documented(options, { type: 'array', items: { type: 'string', enum: values as T[] }, maxItems } as ApiPropertyOptions),
  );
}

/** An array of non-blank strings, e.g. `includeCompanies: ["Acme"]`. */
export function TextArrayField(options: FieldOptions & { maxItems: number; max: number }): PropertyDecorator {
  return applyDecorators(
    ...presence(options),
    IsArray({ message: 'must be an array' }),
    ArrayMaxSize(options.maxItems, { message: `must have at most ${options.maxItems} values` }),
    IsString({ each: true, message: 'each value must be a string' }),
    IsNotBlank({ each: true, message: 'each value must be a non-empty string' }),
    MaxLength(options.max, { each: true, message: `each value must be at most ${options.max} characters` }),
    documented(options, {
      type: 'array',
      items: { type: 'string', minLength: 1, pattern: NOT_BLANK.source, maxLength: options.max },
      maxItems: options.maxItems,
    } as ApiPropertyOptions),
  );
}
