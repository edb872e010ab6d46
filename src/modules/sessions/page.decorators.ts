import { applyDecorators, Controller, UseFilters, UseInterceptors } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Public } from '../../common/auth/auth.decorators';
import { AcceptsForms, JsonBodyInterceptor } from '../../common/http/body-parser';
import { PageErrorFilter } from './page-error.filter';
import { PageInterceptor } from './page.interceptor';

/**
 * A controller of server-rendered pages: outside the API-key guard and its limits (`@Public()`; pages are for
 * people with a session, see `SignedInGuard`), outside the OpenAPI document, reading form posts, with a CSRF check
 * on every post, and errors answered as pages. Its module imports `SessionsModule`.
 */
export function PageController(prefix = ''): ClassDecorator {
  return applyDecorators(
    Controller(prefix),
    Public(),
    ApiExcludeController(),
    AcceptsForms(),
    UseInterceptors(JsonBodyInterceptor, PageInterceptor),
    UseFilters(PageErrorFilter),
  );
}
