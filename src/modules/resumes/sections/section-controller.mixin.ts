import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Patch, Post, Query, Type } from '@nestjs/common';
import { PARAMTYPES_METADATA } from '@nestjs/common/constants';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiOkResponse,
  ApiOperation,
  ApiProperty,
  ApiTags,
  getSchemaPath,
  OmitType,
} from '@nestjs/swagger';
import { ApiCaller, Caller } from '../../../common/auth/api-caller';
import { Scopes } from '../../../common/auth/auth.decorators';
import type { Scope } from '../../../common/auth/scopes';
import { ApiErrorResponse } from '../../../common/errors/api-error-response.decorator';
import { CodedErrorBody, ErrorBody, LimitErrorBody, ValidationErrorBody } from '../../../common/errors/error-body.dto';
import { ApiTag } from '../../../common/openapi/tags';
import { IdParam } from '../../../common/http/id-param';
import { ApiListResponse, ListEnvelope } from '../../../common/http/paging';
import { SuccessResponse, SuccessWithIdResponse } from '../../../common/http/responses.dto';
import { DEFAULT_LIMITS, RateLimit } from '../../../common/rate-limit/rate-limit.decorator';
import { partialDateSchema } from '../../../common/validation/field.decorators';
import { RequireAnyFieldPipe } from '../../../common/validation/require-any-field.pipe';
import { SectionListQuery, SectionTargetQuery } from './dto/section-item.dto';
import { precisionColumn, SECTION_DATE_FIELDS } from './section-dates';
import type { SectionItem } from './section-item.entity';
import type { SectionKind } from './section-kinds';
import type { SectionItemView } from './section-item-view';
import { SectionsService, StoreSource } from './sections.service';
import { CONTENT_LIMIT_REFUSAL } from '../resumes.limits';
import { ResumeErrorCode } from '../resumes.exception';
import { deleted, item as itemResponse, saved } from '../../../common/http/responses';

/** One route of a section's five: its operation id, summary and description. */
interface SectionOperation {
  operationId: string;
  summary: string;
  description?: string;
}

/**
 * What a section controller serves: the items of a kind of the registry (`/v1/<name>`), or those of one custom
 * section (`/v1/custom-sections/{id}/items`, whose store depends on the section the path names).
 */
export interface SectionRoutes {
  /** The controller's path under `/v1`; item routes add `:<itemParam>`. */
  path: string;
  /** The scopes' prefix (`awards` → `awards:read`, `awards:write`). */
  scopeName: string;
  /** The tag, with its description where this controller is the one that describes it. */
  tag: { name: string; description?: string };
  /** The 404's description. */
  notFound: string;
  /** The class Swagger shows an item as; a single item answers `{data: View}`, or `readResponse` when given. */
  View: Type<unknown>;
  readResponse?: Type<unknown>;
  createBody: Type<object>;
  updateBody: Type<object>;
  /** The path parameter naming an item, and the one naming its section (custom sections). */
  itemParam: string;
  sectionParam?: string;
  operations: Record<'list' | 'create' | 'get' | 'update' | 'remove', SectionOperation>;
  /** The store the call acts on, from the section the path names (when `sectionParam` is set). */
  store(sections: SectionsService, caller: ApiCaller, sectionId: string | undefined): StoreSource;
  /** Swagger's operation ids and the startup checks name controllers by class name. */
  className: string;
}

/** A kind's default order, in words (sections/section-dates.ts: newestFirst). */
const DEFAULT_ORDER = {
  period: 'newest first: current items (isCurrent, or no endDate) first by startDate, then by endDate, then by startDate',
  date: 'newest first by date, undated items last',
  none: 'in the order they were added',
};

/** The routes of one kind of the registry, with the scopes, the default limits and the `cvId` target. */
export function kindRoutes(kind: SectionKind): SectionRoutes {
  const title = pascalCase(kind.name);
  // Operation ids a client generator turns into method names: listExperiences, createExperience, ...
  const typeName = pascalCase(kind.singular);
  const dateFields = kind.dates ? SECTION_DATE_FIELDS[kind.dates] : [];
  const storageColumns = ['accountId', 'account', 'resumeId', 'resume', 'position', ...dateFields.map(precisionColumn)] as (keyof SectionItem)[];
  const View = OmitType(kind.entity, storageColumns);
  Object.defineProperty(View, 'name', { value: `${kind.entity.name}View` });
  // A date is answered as it was sent, not as the timestamp or date column that stores it.
  const dateTimes = kind.dates === 'period';
  const asSent = dateTimes ? 'As it was sent: YYYY, YYYY-MM, YYYY-MM-DD, or an ISO 8601 date-time (in UTC)' : 'As it was sent: YYYY, YYYY-MM or YYYY-MM-DD';
  for (const field of dateFields) {
    const description = field === 'endDate' ? `${asSent}; null while \`isCurrent\` is true` : asSent;
    ApiProperty({ ...partialDateSchema({ dateTimes }), nullable: true, description })(View.prototype, field);
  }
  return {
    path: kind.name,
    scopeName: kind.name,
    tag: { name: title, description: `The ${kind.singular} items of a resume: each belongs to one resume (\`cvId\`, by default the default resume).` },
    notFound: `Unknown id or \`cvId\`; or \`${ResumeErrorCode.NO_DEFAULT_RESUME}\` when \`cvId\` is left out and the account has no resume`,
    View,
    createBody: kind.createBody,
    updateBody: kind.updateBody,
    itemParam: 'id',
    operations: {
      list: {
        operationId: `list${title}`,
        summary: `List ${kind.name}`,
        description: `Of the resume \`cvId\` names, or of the default resume; ${DEFAULT_ORDER[kind.dates ?? 'none']}.`,
      },
      create: {
        operationId: `create${typeName}`,
        summary: `Add ${withArticle(kind.singular)}`,
        description: withEffect('To the resume `cvId` names, or to the default resume.', kind.effects?.create),
      },
      get: { operationId: `get${typeName}`, summary: `Read ${withArticle(kind.singular)}` },
      update: {
        operationId: `update${typeName}`,
        summary: `Update ${withArticle(kind.singular)}`,
        description: 'Only the fields sent change; null clears a nullable field.',
      },
      remove: {
        operationId: `delete${typeName}`,
        summary: `Delete ${withArticle(kind.singular)}`,
        description: withEffect(
          "Permanent; from the targeted (by default the default) resume only. Its id leaves every resume's `hiddenItems` and `itemOrder`.",
          kind.effects?.remove,
        ),
      },
    },
    store: () => kind,
    className: `${title}Controller`,
  };
}

/**
 * The controller of one section: list, create, read, update and delete of its items, with its scopes, the default
 * limits and the `cvId` target. A mixin rather than a generic base class, so that each section's body parameters
 * carry its real DTO classes, which validation and Swagger both read (nestjs/nest#6205).
 */
export function SectionController(routes: SectionRoutes): Type<unknown> {
  const readScope = `${routes.scopeName}:read` as Scope;
  const writeScope = `${routes.scopeName}:write` as Scope;
  const { View, operations } = routes;
  const item = `:${routes.itemParam}`;
  // The section's id, where the path names one; elsewhere the parameter stays undefined. Handlers type it `string`,
  // which Swagger reads as the path parameter's type.
  const SectionParam = (): ParameterDecorator => (routes.sectionParam ? IdParam(routes.sectionParam) : () => undefined);
  const readResponse = routes.readResponse
    ? { type: routes.readResponse }
    : { schema: { type: 'object' as const, required: ['data'], properties: { data: { $ref: getSchemaPath(View) } } } };

  @(routes.tag.description ? ApiTag(routes.tag.name, routes.tag.description) : ApiTags(routes.tag.name))
  @ApiExtraModels(View)
  @ApiBadRequestResponse({ description: 'Invalid fields', type: ValidationErrorBody })
  @ApiErrorResponse(404, routes.notFound, ErrorBody, CodedErrorBody)
  @Controller(`v1/${routes.path}`)
  class SectionControllerHost {
    constructor(private readonly sections: SectionsService) {}

    @Get()
    @Scopes(readScope)
    @RateLimit(DEFAULT_LIMITS.list)
    @ApiOperation(operations.list)
    @ApiListResponse(View)
    list(@Caller() caller: ApiCaller, @SectionParam() sectionId: string, @Query() query: SectionListQuery): Promise<ListEnvelope<SectionItemView>> {
      return this.sections.list(routes.store(this.sections, caller, sectionId), caller, query);
    }

    @Post()
    @Scopes(writeScope)
    @RateLimit(DEFAULT_LIMITS.create)
    @ApiOperation(operations.create)
    @ApiCreatedResponse({ type: SuccessWithIdResponse })
    @ApiErrorResponse(400, `Invalid fields; or ${CONTENT_LIMIT_REFUSAL}`, ValidationErrorBody, LimitErrorBody)
    async create(
      @Caller() caller: ApiCaller,
      @SectionParam() sectionId: string,
      @Query() target: SectionTargetQuery,
      @Body() body: object,
    ): Promise<SuccessWithIdResponse> {
      return saved(await this.sections.create(routes.store(this.sections, caller, sectionId), caller, target.cvId, body));
    }

    @Get(item)
    @Scopes(readScope)
    @RateLimit(DEFAULT_LIMITS.read)
    @ApiOperation(operations.get)
    @ApiOkResponse(readResponse)
    async get(
      @Caller() caller: ApiCaller,
      @SectionParam() sectionId: string,
      @IdParam(routes.itemParam) id: string,
      @Query() target: SectionTargetQuery,
    ): Promise<{ data: SectionItemView }> {
      return itemResponse(await this.sections.get(routes.store(this.sections, caller, sectionId), caller, id, target.cvId));
    }

    @Patch(item)
    @Scopes(writeScope)
    @RateLimit(DEFAULT_LIMITS.update)
    @ApiOperation(operations.update)
    @ApiOkResponse({ type: SuccessWithIdResponse })
    @ApiErrorResponse(400, `Invalid fields; or ${CONTENT_LIMIT_REFUSAL}`, ValidationErrorBody, LimitErrorBody)
    async update(
      @Caller() caller: ApiCaller,
      @SectionParam() sectionId: string,
      @IdParam(routes.itemParam) id: string,
      @Query() target: SectionTargetQuery,
      @Body(RequireAnyFieldPipe) body: object,
    ): Promise<SuccessWithIdResponse> {
      await this.sections.update(routes.store(this.sections, caller, sectionId), caller, id, target.cvId, body);
      return saved(id);
    }

    @Delete(item)
    @Scopes(writeScope)
    @RateLimit(DEFAULT_LIMITS.delete)
    @HttpCode(HttpStatus.OK)
    @ApiOperation(operations.remove)
    @ApiOkResponse({ type: SuccessResponse })
    async remove(
      @Caller() caller: ApiCaller,
      @SectionParam() sectionId: string,
      @IdParam(routes.itemParam) id: string,
      @Query() target: SectionTargetQuery,
    ): Promise<SuccessResponse> {
      await this.sections.remove(routes.store(this.sections, caller, sectionId), caller, id, target.cvId);
      return deleted();
    }
  }

  declareBodyType(SectionControllerHost, 'create', routes.createBody);
  declareBodyType(SectionControllerHost, 'update', routes.updateBody);
  Object.defineProperty(SectionControllerHost, 'name', { value: routes.className });
  return SectionControllerHost;
}

/**
 * TypeScript records the body parameter's declared type, `object`, as `Object`, which the ValidationPipe skips and
 * Swagger cannot describe; record the kind's DTO class instead. The body is each handler's last parameter.
 */
function declareBodyType(controller: Type<unknown>, method: string, body: Type<object>): void {
  const types: unknown[] = Reflect.getMetadata(PARAMTYPES_METADATA, controller.prototype, method);
  Reflect.defineMetadata(PARAMTYPES_METADATA, [...types.slice(0, -1), body], controller.prototype, method);
}

function withEffect(description: string, effect: string | undefined): string {
  return effect ? `${description} ${effect}` : description;
}

/** `education entry` → `EducationEntry`. */
function pascalCase(words: string): string {
  return words.replace(/(?:^|\s+)(\w)/g, (_, letter: string) => letter.toUpperCase());
}

function withArticle(noun: string): string {
  return /^[aeiou]/.test(noun) ? `an ${noun}` : `a ${noun}`;
}
