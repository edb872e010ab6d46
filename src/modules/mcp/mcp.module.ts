import { Module } from '@nestjs/common';
import { AccountDataModule } from '../accounts/account-data.module';
import { ContactsModule } from '../contacts/contacts.module';
import { CoverLettersModule } from '../cover-letters/cover-letters.module';
import { EventsModule } from '../events/events.module';
import { JobsModule } from '../jobs/jobs.module';
import { ProfileModule } from '../profile/profile.module';
import { ResumeExportsModule } from '../resumes/export/resume-exports.module';
import { ResumesModule } from '../resumes/resumes.module';
import { ResumeTailoringModule } from '../tailoring/resume-tailoring.module';
import { TrackerModule } from '../tracker/tracker.module';
import { MCP_TOOLSETS, McpToolset } from './mcp-tool';
import { McpController } from './mcp.controller';
import { McpRateLimits } from './mcp-rate-limits';
import { McpResources } from './mcp-resources';
import { McpServerFactory } from './mcp-server.factory';
import { McpToolCatalogue } from './mcp-tool-catalogue';
import { McpToolRunner } from './mcp-tool-runner';
import { ContactsTools } from './tools/contacts.tools';
import { CoverLettersTools } from './tools/cover-letters.tools';
import { EventsTools } from './tools/events.tools';
import { JobsTools } from './tools/jobs.tools';
import { MeTools } from './tools/me.tools';
import { ResumesTools } from './tools/resumes.tools';
import { TailoringTools } from './tools/tailoring.tools';
import { TrackerTools } from './tools/tracker.tools';

const TOOLSETS = [MeTools, JobsTools, TrackerTools, ResumesTools, TailoringTools, ContactsTools, CoverLettersTools, EventsTools];

@Module({
  imports: [
    JobsModule,
    TrackerModule,
    ResumesModule,
    ResumeExportsModule.forRoot(TrackerModule),
    ResumeTailoringModule.forRoot(TrackerModule),
    ProfileModule,
    ContactsModule,
    CoverLettersModule,
    EventsModule,
    AccountDataModule,
  ],
  controllers: [McpController],
  providers: [
    ...TOOLSETS,
    { provide: MCP_TOOLSETS, inject: TOOLSETS, useFactory: (...toolsets: McpToolset[]) => toolsets },
    McpToolCatalogue,
    McpToolRunner,
    McpServerFactory,
    McpRateLimits,
    McpResources,
  ],
})
export class McpModule {}
