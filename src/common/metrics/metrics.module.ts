import { Global, Module } from '@nestjs/common';
import { TailoringQueueModule } from '../../modules/tailoring/tailoring-queue';
import { MetricsController } from './metrics.controller';
import { MetricsService } from './metrics.service';
import { QueueDepth } from './queue-depth';

@Global()
@Module({
  imports: [TailoringQueueModule],
  controllers: [MetricsController],
  providers: [MetricsService, QueueDepth],
  exports: [MetricsService],
})
export class MetricsModule {}
