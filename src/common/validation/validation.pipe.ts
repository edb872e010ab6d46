import { ValidationError, ValidationPipe } from '@nestjs/common';
import { ValidationDetails, ValidationFailedError } from '../errors/api-errors';

/** The one ValidationPipe of the service: unknown fields are refused, values are converted, errors keep the API's shape. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
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
