import type { SchemaObject } from '@nestjs/swagger';

/**
 * The JSON-RPC 2.0 messages of MCP's Streamable HTTP transport, for the OpenAPI document: the transport answers its
 * own errors (400, 406, 415) as JSON-RPC errors, not in the `{error}` shape of `/v1`, and clients must know both.
 */
const jsonrpc: SchemaObject = { type: 'string', enum: ['2.0'] };
const id: SchemaObject = { oneOf: [{ type: 'string' }, { type: 'integer' }] };

const error: SchemaObject = {
  type: 'object',
  required: ['code', 'message'],
  properties: { code: { type: 'integer', example: -32601 }, message: { type: 'string', example: 'Method not found' }, data: {} },
};

export const JSON_RPC_REQUEST: SchemaObject = {
  type: 'object',
  required: ['jsonrpc', 'method'],
  additionalProperties: false,
  properties: {
    jsonrpc,
    id: { ...id, description: 'Left out for a notification, which is answered 202 without a body' },
    method: { type: 'string', example: 'tools/list' },
    params: { type: 'object', additionalProperties: true, example: { name: 'list_applications', arguments: { limit: 10 } } },
  },
  example: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_applications', arguments: { limit: 10 } } },
};

export const JSON_RPC_RESPONSE: SchemaObject = {
  type: 'object',
  required: ['jsonrpc', 'id'],
  properties: { jsonrpc, id, result: { type: 'object', additionalProperties: true }, error },
};

export const JSON_RPC_ERROR: SchemaObject = {
  type: 'object',
  required: ['jsonrpc', 'error', 'id'],
  properties: {
    jsonrpc,
    error,
    id: { oneOf: [{ type: 'string', nullable: true }, { type: 'integer' }], description: 'null when the request could not be read' },
  },
};
