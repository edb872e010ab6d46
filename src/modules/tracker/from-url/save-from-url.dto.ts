import { BooleanField, EnumField, UrlField } from '../../../common/validation/field.decorators';
import { APPLICATION_SOURCES, ApplicationSource } from '../application-status';
import { APPLICATION_LIMITS } from '../tracker.limits';

/** Fetching and reading a page costs far more than a create: a few a minute per account is what a person saving jobs needs. */
export const SAVE_FROM_URL_RATE_LIMIT = 5;

export class SaveFromUrlDto {
  @UrlField({
    max: APPLICATION_LIMITS.jobUrl,
    example: 'https://boards.greenhouse.io/acme/jobs/4012345',
    description:
      "The job's page (https; on a public address). It becomes the application's jobUrl, so saving the same page again answers the existing application",
  })
  url: string;

  @EnumField(APPLICATION_SOURCES, {
    optional: true,
    enumName: 'ApplicationSource',
    default: 'Other',
    description: 'Where the job was found; defaults to `Other`',
  })
  source?: ApplicationSource;

  @BooleanField({
    optional: true,
    default: false,
    description:
      "Tailor a copy of the default resume to the job as create does (Plus plan with the auto-prepare feature; the page's description must have at least 500 characters)",
  })
  autoPrepare?: boolean;
}
