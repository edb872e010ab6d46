import { DynamicModule, Module, Type } from '@nestjs/common';
import { ConfigModule } from '../config/config.module';
import type { AppConfig } from '../config/configuration';
import { DatabaseModule } from '../database/database.module';

/**
 * The commands by the word before their colon. A command's start is mostly loading code (about 2,100 modules for
 * all four groups), so a call loads its own group only; help, and a name no group has, load them all.
 */
const COMMAND_GROUPS: Record<string, () => Promise<Type>> = {
  account: async () => (await import('./account.commands')).AccountCommandsModule,
  key: async () => (await import('./key.commands')).KeyCommandsModule,
  jobs: async () => (await import('./jobs.commands')).JobsCommandsModule,
  tracker: async () => (await import('./tracker.commands')).TrackerCommandsModule,
};

@Module({})
export class CliModule {
  /** The module for the command `args` name (the arguments after `node dist/cli/main.js`). */
  static async forCommand(config: AppConfig, args: string[]): Promise<DynamicModule> {
    const group = COMMAND_GROUPS[args.find((arg) => !arg.startsWith('-'))?.split(':')[0] ?? ''];
    const commands = await Promise.all((group ? [group] : Object.values(COMMAND_GROUPS)).map((load) => load()));
    return { module: CliModule, imports: [ConfigModule.forRoot(config), DatabaseModule, ...commands] };
  }
}
