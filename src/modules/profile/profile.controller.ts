import { Body, Controller, Get, Patch } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { ApiCaller, Caller } from '../../common/auth/api-caller';
import { Scopes } from '../../common/auth/auth.decorators';
import { ValidationErrorBody } from '../../common/errors/error-body.dto';
import { ApiTag } from '../../common/openapi/tags';
import { DEFAULT_LIMITS, RateLimit } from '../../common/rate-limit/rate-limit.decorator';
import { RequireAnyFieldPipe } from '../../common/validation/require-any-field.pipe';
import { ProfileResponse, UpdateProfileDto } from './dto/profile.dto';
import { ProfileService } from './profile.service';
import { item } from '../../common/http/responses';

@ApiTag('Profile', 'The identity every resume shows: name, contact details, links, photo and job title.')
@Controller('v1/profile')
export class ProfileController {
  constructor(private readonly profiles: ProfileService) {}

  @Get()
  @Scopes('profile:read')
  @RateLimit(DEFAULT_LIMITS.read)
  @ApiOperation({
    operationId: 'getProfile',
    summary: 'Read the career profile',
    description: 'The identity (name, contact details, links, photo, job title) every resume shows.',
  })
  @ApiOkResponse({ type: ProfileResponse })
  async get(@Caller() caller: ApiCaller): Promise<ProfileResponse> {
    return item(await this.profiles.get(caller));
  }

  @Patch()
  @Scopes('profile:write')
  @RateLimit(DEFAULT_LIMITS.update)
  @ApiOperation({
    operationId: 'updateProfile',
    summary: 'Update the career profile',
    description: 'Only the fields sent change; null clears a field. Answers the updated profile.',
  })
  @ApiOkResponse({ type: ProfileResponse })
  @ApiBadRequestResponse({ description: 'Invalid fields', type: ValidationErrorBody })
  async update(@Caller() caller: ApiCaller, @Body(RequireAnyFieldPipe) body: UpdateProfileDto): Promise<ProfileResponse> {
    return item(await this.profiles.update(caller, body));
  }
}
