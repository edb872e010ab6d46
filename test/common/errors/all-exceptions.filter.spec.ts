import type { ArgumentsHost } from '@nestjs/common';
import { Logger } from '@nestjs/common';
import { AllExceptionsFilter } from '@src/common/errors/all-exceptions.filter';
import { PageErrorFilter } from '@src/modules/sessions/page-error.filter';

/** A request whose client hung up mid-body, and a response that records whether anything was written to it. */
function hungUp() {
  const written: unknown[] = [];
  const response = {
    headersSent: false,
    setHeader: () => response,
    status: (code: number) => (written.push(code), response),
    json: (body: unknown) => written.push(body),
    render: (view: string) => written.push(view),
    redirect: (code: number) => written.push(code),
  };
  const request = { id: 'hung-up', readableAborted: true, socket: { destroyed: true }, method: 'POST', path: '/sign-in' };
  const host = { switchToHttp: () => ({ getRequest: () => request, getResponse: () => response }) } as unknown as ArgumentsHost;
  return { host, written };
}

describe.each([
  ['AllExceptionsFilter', () => new AllExceptionsFilter()],
  ['PageErrorFilter', () => new PageErrorFilter()],
])('%s, for a request whose client hung up mid-body', (_name, filter) => {
  afterEach(() => jest.restoreAllMocks());

  it('logs the hang-up at debug without a stack, and writes nothing to the closed connection', () => {
    const levels = Object.fromEntries(['error', 'warn', 'log', 'debug'].map((level) => [level, jest.spyOn(Logger.prototype, level as 'debug')]));
    const { host, written } = hungUp();
    filter().catch(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }), host);
    expect(written).toEqual([]);
    expect(levels.error).not.toHaveBeenCalled();
    expect(levels.warn).not.toHaveBeenCalled();
    expect(levels.debug).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(levels.debug.mock.calls[0])).not.toContain('    at ');
  });
});
