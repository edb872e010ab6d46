import { Body, Controller, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiNotFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiCaller, Caller } from '../../common/auth/api-caller';
import { Scopes } from '../../common/auth/auth.decorators';
import { ErrorBody } from '../../common/errors/error-body.dto';
import { IdParam } from '../../common/http/id-param';
import { RateLimit } from '../../common/rate-limit/rate-limit.decorator';
import { AppliedTailoringResponse, ApplyTailoringDto, TAILORING_RATE_LIMITS } from './dto/apply-tailoring.dto';
import { TailoringService } from './tailoring.service';

/** The agent's way to tailor (the MCP tool apply_tailoring is its twin): the agent rewrites, the server checks. */
@ApiTags('Resumes')
@Controller('v1/resume')
export class ResumeTailoringController {
  constructor(private readonly tailoring: TailoringService) {}

  @Post(':id/tailoring')
  @Scopes('resume:write')
  @RateLimit(TAILORING_RATE_LIMITS.apply)
  @ApiOperation({
    operationId: 'applyTailoring',
    summary: 'Tailor a resume with your own rewrite',
    description:
      'Takes a rewrite of the resume for a job (an application of yours, `applicationId`, or the job’s text, `jobDescription`): a new ' +
      'summary and new descriptions and bullets of its experiences and projects, by id. Every sentence is checked against the ' +
      'resume: one that adds an employer, title, date, degree, certificate, number, URL or skill the resume does not show is ' +
      'dropped (the original text stays) and listed in `report.rejections`. The result is written with the rules engine’s order ' +
      'and hidden items onto a new copy of the resume (or, with `copy: false`, onto this resume, never the default one), and ' +
      'the answer carries the report: each text before and after, what was hidden and why, and where each matched skill was found.',
  })
  @ApiCreatedResponse({ type: AppliedTailoringResponse, description: 'The tailored resume (a new copy, or this resume) and the report' })
  @ApiNotFoundResponse({ type: ErrorBody })
  async apply(@Caller() caller: ApiCaller, @IdParam() id: string, @Body() body: ApplyTailoringDto): Promise<AppliedTailoringResponse> {
    const { id: resumeId, report } = await this.tailoring.applyRewrite(caller, id, body);
    return { success: true, id: resumeId, report };
  }
}
