import { HttpStatus, Injectable, Logger, ValidationPipe } from '@nestjs/common';
import { isUUID } from 'class-validator';
import type { ApiCaller } from '../../common/auth/api-caller';
import { scopeAllows } from '../../common/auth/auth.decorators';
import { ApiError, InsufficientScopeError, NotFoundError, ValidationFailedError } from '../../common/errors/api-errors';
import { IdempotencyService } from '../../common/idempotency/idempotency.service';
import { idempotencyKeyProblem, requestFingerprint } from '../../common/idempotency/request-fingerprint';
import { AccountRateLimiter, tooManyRequests } from '../../common/rate-limit/account-rate-limiter';
import { RATE_LIMIT_WINDOW_MS } from '../../common/rate-limit/rate-limit.decorator';
import { createValidationPipe } from '../../common/validation/validation.pipe';
import type { McpToolMember, ToolEffect } from './mcp-tool';
import type { TwinContract } from './mcp-twin-contract';

/** A tool's answer; `status` is the HTTP status its twin would answer the refusal with. */
export type ToolOutcome = ({ ok: true; result: unknown } | { ok: false; status: number; error: Record<string, unknown> }) & {
  /** The kept answer of an earlier call with the same `idempotencyKey`. */
  replayed?: boolean;
};

/** The argument of a create tool that means what the Idempotency-Key header means to its twin. */
export const IDEMPOTENCY_KEY_ARGUMENT = 'idempotencyKey';

/** A tool as the runner runs it: a family's member carries the family's name and effect. */
export type RunnableTool = McpToolMember & { name: string; effect: ToolEffect };

/**
 * Runs a tool call with the checks of its twin's HTTP route, in the same order: scope, rate limit
 * (the twin's own bucket), validation with the same pipe, DTOs and body pipes, then the service. Every refusal comes back
 * as the same error body the HTTP API would send.
 */
@Injectable()
export class McpToolRunner {
  private readonly log = new Logger(McpToolRunner.name);
  private readonly validation: ValidationPipe = createValidationPipe();

  constructor(
    private readonly limiter: AccountRateLimiter,
    private readonly idempotency: IdempotencyService,
  ) {}

  /**
   * A create tool's `idempotencyKey` is its twin's Idempotency-Key, through the same service: taken after the scope
   * and the limit (whose refusals are never kept), before validation (whose refusals are).
   */
  async run(tool: RunnableTool, contract: TwinContract, caller: ApiCaller, args: Record<string, unknown>): Promise<ToolOutcome> {
    try {
      if (!scopeAllows(caller.scopes, contract.scope)) {
        throw new InsufficientScopeError(contract.scope);
      }
      const route = AccountRateLimiter.routeName(tool.twin.controller, tool.twin.handler);
      const decision = await this.limiter.consume(AccountRateLimiter.routeBucket(caller.accountId, route), contract.perMinute, RATE_LIMIT_WINDOW_MS, route);
      if (decision && !decision.allowed) throw tooManyRequests(decision);
      const { [IDEMPOTENCY_KEY_ARGUMENT]: key, ...input } = args;
      if (tool.effect !== 'create' || key === undefined) return await this.execute(tool, contract, caller, args);
      return await this.once(tool, contract, caller, key, input);
    } catch (error) {
      return this.failure(tool, error);
    }
  }

  private async once(tool: RunnableTool, contract: TwinContract, caller: ApiCaller, key: unknown, args: Record<string, unknown>): Promise<ToolOutcome> {
    const problem = typeof key === 'string' ? idempotencyKeyProblem(key) : 'must be a string';
    if (problem) throw ValidationFailedError.field(IDEMPOTENCY_KEY_ARGUMENT, problem);
    const fingerprint = requestFingerprint('MCP', `${tool.name} ${contract.operation.method} ${contract.operation.path}`, args);
    const { answer, replayed } = await this.idempotency.once(caller.accountId, key as string, fingerprint, async () => {
      const outcome = await this.execute(tool, contract, caller, args);
      return { status: outcome.ok ? HttpStatus.OK : outcome.status, headers: {}, body: Buffer.from(JSON.stringify(outcome)) };
    });
    return { ...(JSON.parse(answer.body.toString()) as ToolOutcome), replayed };
  }

  private async execute(tool: RunnableTool, contract: TwinContract, caller: ApiCaller, args: Record<string, unknown>): Promise<ToolOutcome> {
    try {
      return { ok: true, result: await tool.run(caller, await this.input(contract, args)) };
    } catch (error) {
      return this.failure(tool, error);
    }
  }

  private failure(tool: RunnableTool, error: unknown): ToolOutcome {
    if (error instanceof ApiError) return { ok: false, status: error.getStatus(), error: error.getResponse() as Record<string, unknown> };
    this.log.error({ err: error, tool: tool.name }, 'Tool failed');
    return { ok: false, status: HttpStatus.INTERNAL_SERVER_ERROR, error: { error: 'Internal server error' } };
  }

  private async input(contract: TwinContract, args: Record<string, unknown>) {
    const params: Record<string, string> = {};
    const rest: Record<string, unknown> = { ...args };
    for (const name of contract.pathParameters) {
      const value = rest[name];
      delete rest[name];
      if (typeof value !== 'string' || !isUUID(value)) throw new NotFoundError();
      params[name] = value;
    }
    const queryArgs = Object.fromEntries(Object.entries(rest).filter(([name]) => contract.queryParameters.includes(name)));
    const bodyArgs = Object.fromEntries(Object.entries(rest).filter(([name]) => !contract.queryParameters.includes(name)));
    // Query values come as JSON here rather than as strings; the twin's DTO converts the strings it would get.
    // Arguments the twin has no place for are refused by name, as unknown body fields are.
    const query = await this.validation.transform(stringValues(queryArgs), { type: 'query', metatype: contract.query ?? NoInput });
    let body = await this.validation.transform(bodyArgs, { type: 'body', metatype: contract.body ?? NoInput });
    for (const pipe of contract.bodyPipes) body = await pipe.transform(body, { type: 'body', metatype: contract.body });
    return { params, body: contract.body ? body : undefined, query: contract.query ? query : undefined };
  }
}

class NoInput {}

function stringValues(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, typeof value === 'object' && value !== null ? value : String(value)]));
}
