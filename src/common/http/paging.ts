import { applyDecorators, Type } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiProperty, getSchemaPath } from '@nestjs/swagger';
import { QueryIntField } from '../validation/field.decorators';

export const PAGE_SIZE = { default: 25, max: 100 } as const;

/** PostgreSQL's integer range: no page lies beyond it, and a larger number reaches SQL as `1e+23`, which fails. */
export const MAX_OFFSET = 2_147_483_647;

/** `limit` and `offset` of every list call. */
export class PagingQuery {
  @QueryIntField({ min: 1, max: PAGE_SIZE.max, default: PAGE_SIZE.default, description: 'Page size' })
  limit: number = PAGE_SIZE.default;

  @QueryIntField({ min: 0, max: MAX_OFFSET, default: 0, description: 'Items to skip' })
  offset: number = 0;
}

/** The list envelope of every list call: `{data, total, hasMore, limit, offset}`. */
export interface ListEnvelope<T> {
  data: T[];
  total: number;
  hasMore: boolean;
  limit: number;
  offset: number;
}

export function listEnvelope<T>(data: T[], total: number, paging: PagingQuery): ListEnvelope<T> {
  return { data, total, hasMore: paging.offset + data.length < total, limit: paging.limit, offset: paging.offset };
}

class ListEnvelopeSchema {
  @ApiProperty({ example: 42 })
  total: number;

  @ApiProperty({ example: true })
  hasMore: boolean;

  @ApiProperty({ example: PAGE_SIZE.default })
  limit: number;

  @ApiProperty({ example: 0 })
  offset: number;
}

/** Documents a 200 answer as the list envelope whose `data` holds `item`s. */
export function ApiListResponse(item: Type<unknown>): MethodDecorator {
  return applyDecorators(
    ApiExtraModels(ListEnvelopeSchema, item),
    ApiOkResponse({
      schema: {
        allOf: [
          { $ref: getSchemaPath(ListEnvelopeSchema) },
          { type: 'object', required: ['data'], properties: { data: { type: 'array', items: { $ref: getSchemaPath(item) } } } },
        ],
      },
    }),
  );
}
