import { Body, Controller, Get, Patch, Post } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString } from 'class-validator';
import { AppModule } from '@src/app.module';
import { setupApp } from '@src/app.setup';
import { Scopes } from '@src/common/auth/auth.decorators';
import { ApiTag } from '@src/common/openapi/tags';
import { ExpressServerAdapter } from '@src/common/http/express-server-adapter';
import { IdParam } from '@src/common/http/id-param';
import { DEFAULT_LIMITS, RateLimit } from '@src/common/rate-limit/rate-limit.decorator';
import { MCP_TOOLSETS, McpTool, McpToolset } from '@src/modules/mcp/mcp-tool';
import { MeTools } from '@src/modules/mcp/tools/me.tools';
import { testConfig } from '../../setup/test-app';

class NoteDto {
  @ApiProperty()
  @IsString()
  title!: string;

  // Shown to agents with no rule: the ValidationPipe refuses it as an unknown field.
  @ApiProperty()
  note!: string;

  // Optional in the schema, required by validation (no @IsOptional()).
  @ApiPropertyOptional()
  @IsInt()
  priority?: number;
}

class NotePatchDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  title?: string;
}

@ApiTag('Notes', 'A resource of this test')
@Controller('v1/notes')
class NotesController {
  @Post()
  @Scopes('tracker:write')
  @RateLimit(DEFAULT_LIMITS.create)
  create(@Body() body: NoteDto) {
    return body;
  }

  // A PATCH, whose schema wants a field (minProperties), without the RequireAnyFieldPipe that refuses an empty body.
  @Patch(':id')
  @Scopes('tracker:write')
  @RateLimit(DEFAULT_LIMITS.update)
  update(@IdParam() id: string, @Body() body: NotePatchDto) {
    return { id, ...body };
  }

  @Get(':id')
  @Scopes('tracker:read')
  @RateLimit(DEFAULT_LIMITS.read)
  get(@IdParam() id: string) {
    return { id };
  }
}

const tool = (name: string, handler: string): McpTool => ({
  name,
  title: name,
  description: name,
  effect: 'read',
  twin: { controller: NotesController, handler },
  run: async () => ({}),
});

const notesTools: McpToolset = {
  tools: () => [tool('create_note', 'create'), tool('update_note', 'update'), tool('archive_note', 'archive'), tool('get_note', 'get')],
};

describe('MCP tools and their /v1 twins', () => {
  it('refuses to start, naming each tool and how it parts from its twin', async () => {
    // Without the inline workers, whose Redis subscriptions a failed start would cut off (route-declarations.e2e-spec.ts).
    const config = testConfig({ TAILORING_WORKER: 'off', WEBHOOKS_WORKER: 'off' });
    const moduleRef = await Test.createTestingModule({ imports: [AppModule.forRoot(config)], controllers: [NotesController] })
      .overrideProvider(MCP_TOOLSETS)
      .useFactory({ factory: (me: McpToolset) => [me, notesTools], inject: [MeTools] })
      .compile();
    const app = moduleRef.createNestApplication(new ExpressServerAdapter(), { bodyParser: false, logger: false, abortOnError: false });
    const message = await (async () => {
      try {
        setupApp(app);
        await app.init();
        return 'started';
      } catch (error) {
        return (error as Error).message;
      } finally {
        await app.close();
      }
    })();

    expect(message).toMatch(/^MCP tools must match their \/v1 twins: /);
    expect(message.replace(/^MCP tools must match their \/v1 twins: /, '').split('; ')).toEqual([
      'create_note (twin NotesController.create): the schema shows body field note, which NoteDto refuses',
      'create_note (twin NotesController.create): body field priority is optional in the schema but required by NoteDto',
      'update_note (twin NotesController.update): the schema wants at least one body field (minProperties), which it does not check (RequireAnyFieldPipe)',
      'archive_note (twin NotesController.archive): not a route',
    ]);
  });
});
