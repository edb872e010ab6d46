import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { ApiCaller, Caller } from '../../common/auth/api-caller';
import { AnyScope } from '../../common/auth/auth.decorators';
import { ApiTag } from '../../common/openapi/tags';
import { item } from '../../common/http/responses';
import { DEFAULT_LIMITS, RateLimit } from '../../common/rate-limit/rate-limit.decorator';
import { MeResponse } from './dto/me.dto';
import { MeService } from './me.service';

@ApiTag('Account', 'The account behind the credential: its plan, what the plan opens, and the scopes in use.')
@Controller('v1/me')
export class MeController {
  constructor(private readonly me: MeService) {}

  @Get()
  @AnyScope()
  @RateLimit(DEFAULT_LIMITS.read)
  @ApiOperation({
    operationId: 'getMe',
    summary: "The caller's account and credential",
    description:
      'Any valid key may call it, whatever its scopes. Answers the account (id, email, plan, features), what the plan opens ' +
      '(`allows.autoPrepare`, `allows.coverLetters`, …) so that a client can tell before trying, and the key in use with its scopes.',
  })
  @ApiOkResponse({ type: MeResponse })
  async get(@Caller() caller: ApiCaller): Promise<MeResponse> {
    return item(await this.me.describe(caller));
  }
}
