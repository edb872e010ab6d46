import type { DynamicModule, Type } from '@nestjs/common';
import { CommandFactory } from 'nest-commander';

/** Runs the command the arguments name: a failure is one line on stderr and a non-zero exit, never a stack trace. */
export function runCommands(module: Type | DynamicModule): Promise<void> {
  return CommandFactory.run(module, {
    logger: false,
    errorHandler: (error) => {
      // commander reports its own usage errors (and --help) through here with an exit code.
      const exitCode = (error as { exitCode?: number }).exitCode ?? 1;
      if (exitCode !== 0 && !(error as { code?: string }).code?.startsWith('commander.')) console.error(error.message);
      process.exit(exitCode);
    },
    serviceErrorHandler: (error) => {
      console.error(error.message);
      process.exit(1);
    },
  });
}
