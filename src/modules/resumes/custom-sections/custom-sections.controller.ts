import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Patch, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { ApiCaller, Caller } from '../../../common/auth/api-caller';
import { Scopes } from '../../../common/auth/auth.decorators';
import { ApiErrorResponse } from '../../../common/errors/api-error-response.decorator';
import { CodedErrorBody, ErrorBody, ValidationErrorBody } from '../../../common/errors/error-body.dto';
import { ApiTag } from '../../../common/openapi/tags';
import { IdParam } from '../../../common/http/id-param';
import { ApiListResponse, ListEnvelope, PagingQuery } from '../../../common/http/paging';
import { SuccessResponse, SuccessWithIdResponse } from '../../../common/http/responses.dto';
import { DEFAULT_LIMITS, RateLimit } from '../../../common/rate-limit/rate-limit.decorator';
import { RequireAnyFieldPipe } from '../../../common/validation/require-any-field.pipe';
import { SectionController } from '../sections/section-controller.mixin';
import {
  CreateCustomSectionDto,
  CustomSectionItemDto,
  UpdateCustomSectionItemDto,
  CustomSectionItemResponse,
  CustomSectionItemView,
  CustomSectionResponse,
  CustomSectionView,
  UpdateCustomSectionDto,
} from './custom-section.dto';
import { CustomSectionsService } from './custom-sections.service';
import { ResumeErrorCode } from '../resumes.exception';
import { deleted, item, saved } from '../../../common/http/responses';

const TAG = 'Custom sections';
const NOT_FOUND = `Unknown section, item or \`cvId\`; or \`${ResumeErrorCode.NO_DEFAULT_RESUME}\` for items without \`cvId\``;

/** The definitions; their items are served by CustomSectionItemsController, below. */
@ApiTag(TAG, 'Sections of your own design (a title and the item fields they use), and their items on each resume.')
@ApiBadRequestResponse({ description: 'Invalid fields', type: ValidationErrorBody })
@ApiErrorResponse(404, NOT_FOUND, ErrorBody, CodedErrorBody)
@Controller('v1/custom-sections')
export class CustomSectionsController {
  constructor(private readonly customSections: CustomSectionsService) {}

  @Get()
  @Scopes('custom-sections:read')
  @RateLimit(DEFAULT_LIMITS.list)
  @ApiOperation({
    operationId: 'listCustomSections',
    summary: 'List custom section definitions',
    description: 'Definitions belong to the account, oldest first.',
  })
  @ApiListResponse(CustomSectionView)
  list(@Caller() caller: ApiCaller, @Query() paging: PagingQuery): Promise<ListEnvelope<CustomSectionView>> {
    return this.customSections.list(caller, paging);
  }

  @Post()
  @Scopes('custom-sections:write')
  @RateLimit(DEFAULT_LIMITS.create)
  @ApiOperation({
    operationId: 'createCustomSection',
    summary: 'Define a custom section',
    description: 'A title and the item fields it uses (`enabledFields`).',
  })
  @ApiCreatedResponse({ type: SuccessWithIdResponse })
  async create(@Caller() caller: ApiCaller, @Body() body: CreateCustomSectionDto): Promise<SuccessWithIdResponse> {
    return saved(await this.customSections.create(caller, body));
  }

  @Get(':id')
  @Scopes('custom-sections:read')
  @RateLimit(DEFAULT_LIMITS.read)
  @ApiOperation({ operationId: 'getCustomSection', summary: 'Read a custom section definition' })
  @ApiOkResponse({ type: CustomSectionResponse })
  async get(@Caller() caller: ApiCaller, @IdParam() id: string): Promise<CustomSectionResponse> {
    return item(await this.customSections.get(caller, id));
  }

  @Patch(':id')
  @Scopes('custom-sections:write')
  @RateLimit(DEFAULT_LIMITS.update)
  @ApiOperation({
    operationId: 'updateCustomSection',
    summary: 'Update a custom section definition',
    description: 'Fields no longer enabled are cleared on its items.',
  })
  @ApiOkResponse({ type: SuccessWithIdResponse })
  async update(@Caller() caller: ApiCaller, @IdParam() id: string, @Body(RequireAnyFieldPipe) body: UpdateCustomSectionDto): Promise<SuccessWithIdResponse> {
    await this.customSections.update(caller, id, body);
    return { success: true, id };
  }

  @Delete(':id')
  @Scopes('custom-sections:write')
  @RateLimit(DEFAULT_LIMITS.delete)
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    operationId: 'deleteCustomSection',
    summary: 'Delete a custom section definition',
    description:
      'Its items on every resume go with it; every resume forgets them and the section (`customSection:<id>` in `hiddenItems`, `itemOrder` and `sectionOrder`).',
  })
  @ApiOkResponse({ type: SuccessResponse })
  async remove(@Caller() caller: ApiCaller, @IdParam() id: string): Promise<SuccessResponse> {
    await this.customSections.remove(caller, id);
    return deleted();
  }
}

/** The items of a custom section on a resume: the same five routes as every section's, under the section's path. */
export const CustomSectionItemsController = SectionController({
  path: 'custom-sections/:id/items',
  scopeName: 'custom-sections',
  tag: { name: TAG },
  notFound: NOT_FOUND,
  View: CustomSectionItemView,
  readResponse: CustomSectionItemResponse,
  createBody: CustomSectionItemDto,
  updateBody: UpdateCustomSectionItemDto,
  itemParam: 'itemId',
  sectionParam: 'id',
  operations: {
    list: {
      operationId: 'listCustomSectionItems',
      summary: 'List the items of a custom section',
      description: 'On the resume `cvId` names, or on the default resume.',
    },
    create: {
      operationId: 'addCustomSectionItem',
      summary: 'Add an item to a custom section',
      description: 'On the resume `cvId` names, or on the default resume. Fields the section does not enable are silently dropped.',
    },
    get: { operationId: 'getCustomSectionItem', summary: 'Read an item of a custom section' },
    update: {
      operationId: 'updateCustomSectionItem',
      summary: 'Update an item of a custom section',
      description: 'Fields the section does not enable are silently dropped.',
    },
    remove: {
      operationId: 'deleteCustomSectionItem',
      summary: 'Delete an item of a custom section',
      description: "Its id leaves every resume's `hiddenItems` and `itemOrder`.",
    },
  },
  store: (sections, caller, sectionId) => sections.customSectionItems(caller, sectionId!),
  className: 'CustomSectionItemsController',
});
