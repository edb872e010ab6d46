import { Get, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { InjectConfig } from '../../config/config.module';
import type { AppConfig } from '../../config/configuration';
import { PageController } from '../sessions/page.decorators';
import { sessionTokenOf } from '../sessions/session-cookie';
import { SessionsService } from '../sessions/sessions.service';

/** The front door, `GET /`: what the service is and where to go next (the docs, sign-in or one's settings). */
@PageController()
export class HomeController {
  constructor(
    private readonly sessions: SessionsService,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  @Get()
  async home(@Req() req: Request, @Res() res: Response): Promise<void> {
    // The layout shows a signed-in person's account and sign-out button, as on every other page.
    res.locals.signedIn = await this.sessions.resolve(sessionTokenOf(req));
    res.render('home', { title: 'Your career data, for you and your apps', signUpOpen: this.config.web.signup === 'open' });
  }
}
