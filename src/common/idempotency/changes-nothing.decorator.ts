import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';

/** Marks a POST that changes nothing; read by the idempotency interceptor and its OpenAPI pass. */
export const CHANGES_NOTHING = 'changesNothing';

/** The OpenAPI extension that tells the idempotency pass to leave the operation alone; the pass removes it. */
export const CHANGES_NOTHING_EXTENSION = 'x-changes-nothing';

/**
 * A POST that only reads (a search, an export): running it twice is harmless, so an `Idempotency-Key` on it is
 * neither held nor kept (as Stripe ignores keys on GET), and its answer, which can be large, is never stored.
 */
export function ChangesNothing(): MethodDecorator {
  return applyDecorators(SetMetadata(CHANGES_NOTHING, true), ApiExtension(CHANGES_NOTHING_EXTENSION, true));
}
