import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/sessions.module';
import { HomeController } from './home.controller';

/** The landing page at `/`. */
@Module({
  imports: [SessionsModule],
  controllers: [HomeController],
})
export class HomeModule {}
