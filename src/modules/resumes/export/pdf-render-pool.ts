import { join } from 'node:path';
import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { Piscina } from 'piscina';
import { InjectConfig } from '../../../config/config.module';
import type { AppConfig } from '../../../config/configuration';
import type { ResumeContent } from '../dto/resume-content.dto';
import { ResumeErrorCode, ResumeException } from '../resumes.exception';
import type { PdfSettings } from './pdf-renderer';
import type { PdfRenderTask } from './pdf-render.worker';

/** Seconds a client is told to wait after a render ran out of time: the threads were busy, or the machine was. */
const RETRY_AFTER_SECONDS = 5;
/** A thread left idle this long stops; the next export starts one again (about 100 ms). */
const IDLE_THREAD_MS = 60_000;
/**
 * Renders run at a lower scheduling priority than the event loop, so that on a machine with few cores the requests
 * the process serves meanwhile still get the CPU first.
 */
const RENDER_NICENESS = 10;

/**
 * Renders PDFs on worker threads (PDF_RENDER_THREADS of them), each within PDF_RENDER_TIMEOUT_MS counted from the
 * request, waiting for a free thread included: a thread still rendering then is stopped and the export answers 503.
 */
@Injectable()
export class PdfRenderPool implements OnModuleDestroy {
  private readonly pool: Piscina<PdfRenderTask, Uint8Array>;
  private readonly timeoutMs: number;

  constructor(@InjectConfig() config: AppConfig) {
    this.timeoutMs = config.pdf.renderTimeoutMs;
    this.pool = new Piscina({
      filename: join(__dirname, 'pdf-render.worker.js'),
      minThreads: 0,
      maxThreads: config.pdf.renderThreads,
      idleTimeout: IDLE_THREAD_MS,
      niceIncrement: RENDER_NICENESS,
    });
  }

  async render(content: ResumeContent, settings: PdfSettings): Promise<Buffer> {
    try {
      const file = await this.pool.run({ content, settings }, { signal: AbortSignal.timeout(this.timeoutMs) });
      // The thread's Buffer arrives as a plain Uint8Array (structured clone): the same bytes, viewed as a Buffer again.
      return Buffer.from(file.buffer, file.byteOffset, file.byteLength);
    } catch (error) {
      if (error instanceof Error && error.name === 'AbortError') {
        throw new ResumeException(ResumeErrorCode.PDF_RENDER_TIMEOUT, `The PDF could not be rendered within ${this.timeoutMs} ms; retry shortly`, {
          retryAfter: RETRY_AFTER_SECONDS,
        });
      }
      throw error;
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool.destroy();
  }
}
