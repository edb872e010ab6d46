import { Injectable, PipeTransform } from '@nestjs/common';
import { ValidationFailedError } from '../errors/api-errors';

/** For partial updates: a body that changes nothing is a 400, applied after the ValidationPipe. */
@Injectable()
export class RequireAnyFieldPipe implements PipeTransform<object, object> {
  transform(body: object): object {
    if (Object.values(body ?? {}).every((value) => value === undefined)) {
      throw new ValidationFailedError({ body: ['at least one field is required'] });
    }
    return body;
  }
}
