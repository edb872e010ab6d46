import type { Type } from '@nestjs/common';
import { PartialType } from '@nestjs/swagger';

/**
 * The PATCH body of a create body: every field may be left out, and a field that is sent is validated as on create.
 * Unlike a plain PartialType, `null` is only accepted where the create body declares the field nullable, so a
 * required column cannot be cleared.
 */
export function UpdateBody<T>(createBody: Type<T>): Type<Partial<T>> {
  return PartialType(createBody, { skipNullProperties: false });
}
