import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Patch, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { ApiCaller, Caller } from '../../common/auth/api-caller';
import { Scopes } from '../../common/auth/auth.decorators';
import { ErrorBody, ValidationErrorBody } from '../../common/errors/error-body.dto';
import { ApiTag } from '../../common/openapi/tags';
import { IdParam } from '../../common/http/id-param';
import { ApiListResponse } from '../../common/http/paging';
import { SuccessResponse, SuccessWithIdResponse } from '../../common/http/responses.dto';
import { DEFAULT_LIMITS, RateLimit } from '../../common/rate-limit/rate-limit.decorator';
import { RequireAnyFieldPipe } from '../../common/validation/require-any-field.pipe';
import { ContactsService } from './contacts.service';
import { ContactResponse, ContactView, CreateContactDto, ListContactsQuery, UpdateContactDto } from './dto/contact.dto';
import { deleted, item, saved } from '../../common/http/responses';

@ApiTag('Contacts', 'People met in the job search (recruiters, referrers, interviewers); interviews can name them.')
@ApiBadRequestResponse({ description: 'Invalid fields', type: ValidationErrorBody })
@Controller('v1/contacts')
export class ContactsController {
  constructor(private readonly contacts: ContactsService) {}

  @Post()
  @Scopes('contacts:write')
  @RateLimit(DEFAULT_LIMITS.create)
  @ApiOperation({ operationId: 'createContact', summary: 'Add a contact', description: '`firstName` is required; `relationship` defaults to `OTHER`.' })
  @ApiCreatedResponse({ type: SuccessWithIdResponse })
  async create(@Caller() caller: ApiCaller, @Body() body: CreateContactDto): Promise<SuccessWithIdResponse> {
    return saved(await this.contacts.create(caller, body));
  }

  @Get()
  @Scopes('contacts:read')
  @RateLimit(DEFAULT_LIMITS.list)
  @ApiOperation({
    operationId: 'listContacts',
    summary: 'List contacts',
    description: 'Newest first. Filter by `relationship`, and `search` name, company or email (case-insensitive).',
  })
  @ApiListResponse(ContactView)
  list(@Caller() caller: ApiCaller, @Query() query: ListContactsQuery) {
    return this.contacts.list(caller, query);
  }

  @Get(':id')
  @Scopes('contacts:read')
  @RateLimit(DEFAULT_LIMITS.read)
  @ApiOperation({ operationId: 'getContact', summary: 'Read a contact' })
  @ApiOkResponse({ type: ContactResponse })
  @ApiNotFoundResponse({ type: ErrorBody })
  async get(@Caller() caller: ApiCaller, @IdParam() id: string): Promise<ContactResponse> {
    return item(await this.contacts.get(caller, id));
  }

  @Patch(':id')
  @Scopes('contacts:write')
  @RateLimit(DEFAULT_LIMITS.update)
  @ApiOperation({ operationId: 'updateContact', summary: 'Update a contact', description: 'Only the fields sent change; null clears a nullable field.' })
  @ApiOkResponse({ type: SuccessWithIdResponse })
  @ApiNotFoundResponse({ type: ErrorBody })
  async update(@Caller() caller: ApiCaller, @IdParam() id: string, @Body(RequireAnyFieldPipe) body: UpdateContactDto): Promise<SuccessWithIdResponse> {
    await this.contacts.update(caller, id, body);
    return { success: true, id };
  }

  @Delete(':id')
  @Scopes('contacts:write')
  @RateLimit(DEFAULT_LIMITS.delete)
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    operationId: 'deleteContact',
    summary: 'Delete a contact',
    description: 'Permanent. Interviews that named the contact keep going with `contact: null`.',
  })
  @ApiOkResponse({ type: SuccessResponse })
  @ApiNotFoundResponse({ type: ErrorBody })
  async remove(@Caller() caller: ApiCaller, @IdParam() id: string): Promise<SuccessResponse> {
    await this.contacts.remove(caller, id);
    return deleted();
  }
}
