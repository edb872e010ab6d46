import { ArgumentMetadata, Type, ValidationError, ValidationPipe } from '@nestjs/common';
import { ValidationDetails, ValidationFailedError } from '../errors/api-errors';
import { isPrototypeKey } from './prototype-keys';

/** Distinct query strings remembered per DTO, and the longest one remembered: bounds the memory a client can fill. */
const MAX_REMEMBERED_QUERIES = 1000;
const MAX_REMEMBERED_QUERY_LENGTH = 512;

/**
 * A query's DTO is a pure function of its text (strings in, primitives out), and list calls repeat a few query
 * strings (`?limit=25&offset=50`) endlessly: each one accepted is converted and validated once per DTO, and later
 * requests get a copy of that answer instead of another pass of class-transformer and class-validator. Refusals are
 * not remembered, so their errors always come from the full pass.
 */
class ServiceValidationPipe extends ValidationPipe {
  private readonly accepted = new Map<Type<unknown>, Map<string, object>>();

  async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const { metatype } = metadata;
    if (metadata.type !== 'query' || !metatype || !this.toValidate(metadata) || !isQueryText(value)) return super.transform(value, metadata);
    // The body parser refuses these keys in a body; in a query string they would otherwise vanish in class-transformer.
    const prototypeKeys = Object.keys(value).filter(isPrototypeKey);
    if (prototypeKeys.length > 0) throw new ValidationFailedError(Object.fromEntries(prototypeKeys.map((key) => [key, ['is not allowed']])));
    const text = JSON.stringify(value);
    const remembered = this.accepted.get(metatype) ?? new Map<string, object>();
    const answer = remembered.get(text);
    if (answer) return shallowCopy(answer);
    const converted: unknown = await super.transform(value, metadata);
    if (text.length <= MAX_REMEMBERED_QUERY_LENGTH && remembered.size < MAX_REMEMBERED_QUERIES && holdsOnlyPrimitives(converted)) {
      remembered.set(text, shallowCopy(converted));
      this.accepted.set(metatype, remembered);
    }
    return converted;
  }
}

/** Strings (and lists of them) as a query string parses: JSON tells any two of them apart, unlike undefined or a Date. */
function isQueryText(value: unknown): value is Record<string, string | string[]> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((field) => typeof field === 'string' || (Array.isArray(field) && field.every((item) => typeof item === 'string')))
  );
}

/** The DTO instance with its own fields: the remembered answer and each request's answer never share one object. */
function shallowCopy<T extends object>(value: T): T {
  return Object.assign(Object.create(Object.getPrototypeOf(value) as object) as T, value);
}

/** Whether a shallow copy of `value` shares nothing a handler could change. */
function holdsOnlyPrimitives(value: unknown): value is object {
  return typeof value === 'object' && value !== null && Object.values(value).every((field) => field === null || typeof field !== 'object');
}

/** The one ValidationPipe of the service: unknown fields are refused, values are converted, errors keep the API's shape. */
export function createValidationPipe(): ValidationPipe {
  return new ServiceValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => new ValidationFailedError(validationDetails(errors)),
  });
}

export function validationDetails(errors: ValidationError[], parentPath = ''): ValidationDetails {
  const details: ValidationDetails = {};
  for (const error of errors) {
    const path = parentPath ? `${parentPath}.${error.property}` : error.property;
    const messages = Object.entries(error.constraints ?? {}).map(([constraint, message]) =>
      constraint === 'whitelistValidation' ? 'is not allowed' : message,
    );
    if (messages.length > 0) details[path] = messages;
    Object.assign(details, validationDetails(error.children ?? [], path));
  }
  return details;
}
