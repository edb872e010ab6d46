import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Patch, Post, Query, Type } from '@nestjs/common';
import { PARAMTYPES_METADATA } from '@nestjs/common/constants';
import { ApiBadRequestResponse, ApiCreatedResponse, ApiExtraModels, ApiOkResponse, ApiOperation, getSchemaPath, OmitType } from '@nestjs/swagger';
import { ApiCaller, Caller } from '../../../common/auth/api-caller';
import { Scopes } from '../../../common/auth/auth.decorators';
import type { Scope } from '../../../common/auth/scopes';
import { ApiErrorResponse } from '../../../common/errors/api-error-response.decorator';
import { CodedErrorBody, ErrorBody, ValidationErrorBody } from '../../../common/errors/error-body.dto';
import { ApiTag } from '../../../common/http/api-tags';
import { IdParam } from '../../../common/http/id-param';
import { ApiListResponse, ListEnvelope } from '../../../common/http/paging';
import { SuccessResponse, SuccessWithIdResponse } from '../../../common/http/responses.dto';
import { DEFAULT_LIMITS, RateLimit } from '../../../common/rate-limit/rate-limit.decorator';
import { RequireAnyFieldPipe } from '../../../common/validation/require-any-field.pipe';
import { SectionListQuery, SectionTargetQuery } from './dto/section-item.dto';
import type { SectionKind } from './section-kinds';
import { SectionItemView, SectionsService } from './sections.service';
import { ResumeErrorCode } from '../resumes.exception';
import { deleted, item, saved } from '../../../common/http/responses';

/**
 * The controller of one section kind: list, create, read, update and delete under `/v1/<name>`, with the kind's
 * scopes, the default limits and the `cvId` target. A mixin rather than a generic base class, so that each kind's
 * body parameters carry its real DTO classes, which validation and Swagger both read (nestjs/nest#6205).
 */
export function SectionController(kind: SectionKind): Type<unknown> {
  const readScope: Scope = `${kind.name}:read`;
  const writeScope: Scope = `${kind.name}:write`;
  const title = pascalCase(kind.name);
  // Operation ids a client generator turns into method names: listExperiences, createExperience, ...
  const typeName = pascalCase(kind.singular);
  const View = OmitType(kind.entity, ['accountId', 'account', 'resumeId', 'resume', 'position']);
  Object.defineProperty(View, 'name', { value: `${kind.entity.name}View` });

  @ApiTag(title, `The ${kind.singular} items of a resume: each belongs to one resume (\`cvId\`, by default the default resume).`)
  @ApiExtraModels(View)
  @ApiBadRequestResponse({ description: 'Invalid fields', type: ValidationErrorBody })
  @ApiErrorResponse(
    404,
    `Unknown id or \`cvId\`; or \`${ResumeErrorCode.NO_DEFAULT_RESUME}\` when \`cvId\` is left out and the account has no resume`,
    ErrorBody,
    CodedErrorBody,
  )
  @Controller(`v1/${kind.name}`)
  class SectionControllerHost {
    constructor(private readonly sections: SectionsService) {}

    @Get()
    @Scopes(readScope)
    @RateLimit(DEFAULT_LIMITS.list)
    @ApiOperation({
      operationId: `list${title}`,
      summary: `List ${kind.name}`,
      description: 'Of the resume `cvId` names, or of the default resume; in their default order.',
    })
    @ApiListResponse(View)
    list(@Caller() caller: ApiCaller, @Query() query: SectionListQuery): Promise<ListEnvelope<SectionItemView>> {
      return this.sections.list(kind, caller.accountId, query);
    }

    @Post()
    @Scopes(writeScope)
    @RateLimit(DEFAULT_LIMITS.create)
    @ApiOperation({
      operationId: `create${typeName}`,
      summary: `Add ${withArticle(kind.singular)}`,
      description: withEffect('To the resume `cvId` names, or to the default resume.', kind.effects?.create),
    })
    @ApiCreatedResponse({ type: SuccessWithIdResponse })
    async create(@Caller() caller: ApiCaller, @Query() target: SectionTargetQuery, @Body() body: object): Promise<SuccessWithIdResponse> {
      return saved(await this.sections.create(kind, caller.accountId, target.cvId, body));
    }

    @Get(':id')
    @Scopes(readScope)
    @RateLimit(DEFAULT_LIMITS.read)
    @ApiOperation({ operationId: `get${typeName}`, summary: `Read ${withArticle(kind.singular)}` })
    @ApiOkResponse({ schema: { type: 'object', required: ['data'], properties: { data: { $ref: getSchemaPath(View) } } } })
    async get(@Caller() caller: ApiCaller, @IdParam() id: string, @Query() target: SectionTargetQuery): Promise<{ data: SectionItemView }> {
      return item(await this.sections.get(kind, caller.accountId, id, target.cvId));
    }

    @Patch(':id')
    @Scopes(writeScope)
    @RateLimit(DEFAULT_LIMITS.update)
    @ApiOperation({
      operationId: `update${typeName}`,
      summary: `Update ${withArticle(kind.singular)}`,
      description: 'Only the fields sent change; null clears a nullable field.',
    })
    @ApiOkResponse({ type: SuccessWithIdResponse })
    async update(
      @Caller() caller: ApiCaller,
      @IdParam() id: string,
      @Query() target: SectionTargetQuery,
      @Body(RequireAnyFieldPipe) body: object,
    ): Promise<SuccessWithIdResponse> {
      await this.sections.update(kind, caller.accountId, id, target.cvId, body);
      return { success: true, id };
    }

    @Delete(':id')
    @Scopes(writeScope)
    @RateLimit(DEFAULT_LIMITS.delete)
    @HttpCode(HttpStatus.OK)
    @ApiOperation({
      operationId: `delete${typeName}`,
      summary: `Delete ${withArticle(kind.singular)}`,
      description: withEffect(
        "Permanent; from the targeted (by default the default) resume only. Its id leaves every resume's `hiddenItems` and `itemOrder`.",
        kind.effects?.remove,
      ),
    })
    @ApiOkResponse({ type: SuccessResponse })
    async remove(@Caller() caller: ApiCaller, @IdParam() id: string, @Query() target: SectionTargetQuery): Promise<SuccessResponse> {
      await this.sections.remove(kind, caller.accountId, id, target.cvId);
      return deleted();
    }
  }

  declareBodyType(SectionControllerHost, 'create', kind.createBody);
  declareBodyType(SectionControllerHost, 'update', kind.updateBody);
  // Swagger's operation ids and the startup checks name controllers by class name.
  Object.defineProperty(SectionControllerHost, 'name', { value: `${title}Controller` });
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
