import { All, Controller, HttpCode, HttpStatus, Post, Req, Res, UseFilters } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiBody,
  ApiExcludeEndpoint,
  ApiExtension,
  ApiNotAcceptableResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Request, Response } from 'express';
import { ApiCaller, Caller } from '../../common/auth/api-caller';
import { AcceptsAccessTokens, ScopePerOperation } from '../../common/auth/auth.decorators';
import { ApiError } from '../../common/errors/api-errors';
import { ApiTag } from '../../common/openapi/tags';
import { OwnRateLimits } from '../../common/rate-limit/rate-limit.decorator';
import { OWN_BODY_ERRORS } from '../../common/openapi/request-bodies';
import { JsonRpcBodyErrorFilter } from './json-rpc-body.filter';
import { JSON_RPC_ERROR, JSON_RPC_REQUEST, JSON_RPC_RESPONSE } from './json-rpc.openapi';
import { McpRateLimits } from './mcp-rate-limits';
import { McpServerFactory } from './mcp-server.factory';

@ApiTag('MCP', 'The Model Context Protocol endpoint for agents: the `/v1` operations as tools, with the same scopes and limits.')
@Controller('mcp')
export class McpController {
  constructor(
    private readonly servers: McpServerFactory,
    private readonly limits: McpRateLimits,
  ) {}

  @Post()
  @ScopePerOperation()
  @AcceptsAccessTokens()
  @UseFilters(JsonRpcBodyErrorFilter)
  @ApiExtension(OWN_BODY_ERRORS, 'json-rpc')
  @OwnRateLimits('100 requests per 10 s per IP and 60 per minute per API key or OAuth client, in RateLimit-* headers; tools also count against their /v1 twin')
  @ApiOperation({
    operationId: 'callMcp',
    summary: 'Model Context Protocol (Streamable HTTP, stateless)',
    description:
      'JSON-RPC messages of MCP. Authenticate with an API key or an OAuth access token (discovery at ' +
      '/.well-known/oauth-protected-resource/mcp; a 401 names it in WWW-Authenticate). ' +
      'tools/list, resources/list and prompts/list show what the key’s or token’s scopes allow; each tool ' +
      'checks the scope of its /v1 twin and counts against its limit. A refused or failed tool call is a result with ' +
      'isError and the /v1 error body; protocol errors (an unknown tool or method, a body that cannot be read) are JSON-RPC errors.',
  })
  @ApiBody({ schema: JSON_RPC_REQUEST })
  @ApiOkResponse({
    description: 'A JSON-RPC response. Clients must accept both media types (406 otherwise); this server answers JSON.',
    content: { 'application/json': { schema: JSON_RPC_RESPONSE }, 'text/event-stream': { schema: { type: 'string' } } },
  })
  @ApiAcceptedResponse({ description: 'A notification was received; no body' })
  @ApiBadRequestResponse({
    description: 'Malformed JSON (code -32700), or a body that is not one JSON-RPC message (-32600)',
    content: { 'application/json': { schema: JSON_RPC_ERROR } },
  })
  @ApiNotAcceptableResponse({
    description: 'Accept does not list both application/json and text/event-stream',
    content: { 'application/json': { schema: JSON_RPC_ERROR } },
  })
  @ApiPayloadTooLargeResponse({ description: 'The body exceeds 1 MiB (code -32000)', content: { 'application/json': { schema: JSON_RPC_ERROR } } })
  @ApiUnsupportedMediaTypeResponse({
    description: 'Content-Type is not application/json (code -32000)',
    content: { 'application/json': { schema: JSON_RPC_ERROR } },
  })
  async handle(@Caller() caller: ApiCaller, @Req() request: Request, @Res() response: Response): Promise<void> {
    await this.limits.check(request, response, caller);
    const server = this.servers.create(caller);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    response.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request, response, request.body);
  }

  /** Stateless: there is no server-to-client stream to open (GET) nor session to end (DELETE). */
  @All()
  @ScopePerOperation()
  @AcceptsAccessTokens()
  @OwnRateLimits('not counted')
  @ApiExcludeEndpoint()
  @HttpCode(HttpStatus.METHOD_NOT_ALLOWED)
  other(@Res({ passthrough: true }) response: Response): never {
    response.setHeader('Allow', 'POST');
    throw new ApiError(HttpStatus.METHOD_NOT_ALLOWED, 'Method not allowed: this MCP endpoint is stateless and takes POST only');
  }
}
