import { Param, ParseUUIDPipe } from '@nestjs/common';
import { ApiParam } from '@nestjs/swagger';
import { NotFoundError } from '../errors/api-errors';

/**
 * A path id; one that is not well formed cannot name a record, so it is a 404 like an unknown one. The document
 * shows it as a uuid, which it is.
 */
export const IdParam =
  (name = 'id'): ParameterDecorator =>
  (target, method, index) => {
    Param(name, new ParseUUIDPipe({ version: undefined, exceptionFactory: () => new NotFoundError() }))(target, method, index);
    ApiParam({ name, format: 'uuid' })(target, method!, Object.getOwnPropertyDescriptor(target, method!)!);
  };
