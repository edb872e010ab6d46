import type { ResumeContent } from '../dto/resume-content.dto';
import { PdfSettings, renderResumePdf } from './pdf-renderer';

/** What the export hands a render thread: the resolved content and how to draw it. */
export interface PdfRenderTask {
  content: ResumeContent;
  settings: PdfSettings;
}

/**
 * The entry point of each render thread of PdfRenderPool (piscina loads this file's build from dist/): the renderer
 * as it is, only run here instead of on the event loop, where a long resume held every other request for seconds.
 */
export default function renderInThread({ content, settings }: PdfRenderTask): Promise<Buffer> {
  return renderResumePdf(content, settings);
}
