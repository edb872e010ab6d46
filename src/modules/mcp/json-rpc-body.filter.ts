import { ArgumentsHost, Catch, ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import { BodyRefusedError } from '../../common/http/body-parser';

/**
 * A client of `/mcp` reads every answer as JSON-RPC, so a body the parser refuses is answered in that shape: the
 * status and message `/v1` would give, JSON-RPC's code for the refusal, and the rest of the `/v1` body as `data`.
 * Only the body's refusals: a missing key (401) or a used-up limit (429) keep the `/v1` shape, as HTTP-level answers.
 */
@Catch(BodyRefusedError)
export class JsonRpcBodyErrorFilter implements ExceptionFilter {
  catch(exception: BodyRefusedError, host: ArgumentsHost): void {
    const { error, ...data } = exception.getResponse() as { error: string };
    const answer = { code: exception.jsonRpcCode, message: error, ...(Object.keys(data).length > 0 ? { data } : {}) };
    host.switchToHttp().getResponse<Response>().status(exception.getStatus()).json({ jsonrpc: '2.0', id: null, error: answer });
  }
}
