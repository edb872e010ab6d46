import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, DiscoveryModule } from '@nestjs/core';
import { ApiKeyGuard } from './common/auth/api-key.guard';
import { RouteDeclarationsCheck } from './common/auth/route-declarations.check';
import { AllExceptionsFilter } from './common/errors/all-exceptions.filter';
import { ApiDocumentModule } from './common/openapi/api-document';
import { HttpDrain } from './common/http/http-drain';
import { IdempotencyModule } from './common/idempotency/idempotency.module';
import { MetricsEndpointModule } from './common/metrics/metrics.module';
import { AccountThrottlerGuard } from './common/rate-limit/account-throttler.guard';
import { RateLimitModule } from './common/rate-limit/rate-limit.module';
import type { AppConfig } from './config/configuration';
import { AccountDataModule } from './modules/accounts/account-data.module';
import { AccountsModule } from './modules/accounts/accounts.module';
import { ApiKeysModule } from './modules/api-keys/api-keys.module';
import { ContactsModule } from './modules/contacts/contacts.module';
import { CoverLettersModule } from './modules/cover-letters/cover-letters.module';
import { EventsModule } from './modules/events/events.module';
import { HealthModule } from './modules/health/health.module';
import { JobsModule } from './modules/jobs/jobs.module';
import { McpModule } from './modules/mcp/mcp.module';
import { OAuthModule } from './modules/oauth/oauth.module';
import { ProfileModule } from './modules/profile/profile.module';
import { ResumeExportsModule } from './modules/resumes/export/resume-exports.module';
import { ResumesModule } from './modules/resumes/resumes.module';
import { SessionsModule } from './modules/sessions/sessions.module';
import { HomeModule } from './modules/home/home.module';
import { SettingsModule } from './modules/settings/settings.module';
import { ResumeTailoringModule } from './modules/tailoring/resume-tailoring.module';
import { TailoringModule } from './modules/tailoring/tailoring.module';
import { TrackerModule } from './modules/tracker/tracker.module';
import { CalendarModule } from './modules/calendar/calendar.module';
import { WebhookDeliveryModule } from './modules/webhooks/webhook-delivery.module';
import { WebhooksModule } from './modules/webhooks/webhooks.module';
import { processFoundation } from './process-foundation';

/** The HTTP service. Built from a validated configuration, so tests can start it with their own database and Redis prefix. */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ...processFoundation(config),
        MetricsEndpointModule.forRoot(config),
        RateLimitModule,
        IdempotencyModule,
        DiscoveryModule,
        AccountsModule,
        AccountDataModule,
        ApiKeysModule,
        OAuthModule,
        HealthModule,
        TrackerModule,
        CalendarModule,
        ProfileModule,
        ResumesModule,
        ResumeExportsModule.forRoot(TrackerModule),
        ResumeTailoringModule.forRoot(TrackerModule),
        ContactsModule,
        CoverLettersModule,
        JobsModule,
        ApiDocumentModule,
        McpModule,
        EventsModule,
        WebhooksModule,
        ...(config.webhooks.worker === 'inline' ? [WebhookDeliveryModule] : []),
        SessionsModule,
        SettingsModule,
        HomeModule,
        ...(config.tailoring.worker === 'inline' ? [TailoringModule.forRoot(TrackerModule)] : []),
      ],
      providers: [
        // Guards run in this order: the key (401/403) before the rate limit (429), so a refused key uses up no limit.
        { provide: APP_GUARD, useClass: ApiKeyGuard },
        { provide: APP_GUARD, useClass: AccountThrottlerGuard },
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
        RouteDeclarationsCheck,
        HttpDrain,
      ],
    };
  }
}
