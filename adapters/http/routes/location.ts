import Router from '@koa/router';
import { z } from 'zod';
import { VisitorLocation } from '../../../core/location/use-cases';
import { parse, respond } from '../respond';
import { countryAnswer, visitAnswer } from '../../../api/location';
import { textField } from '../text-field';

const visitBody = z.object({ page: textField('page', { max: Infinity }) }).strict();

/** `GET /getip` tells the visitor's country; `POST /getip` counts a visit (DECISIONS 16). */
export const locationRoutes = (router: Router, location: VisitorLocation) => {
  router.get('/getip', (ctx) => {
    const body: z.infer<typeof countryAnswer> = { country: location.countryOf(ctx.ip) };
    ctx.body = body;
  });

  router.post('/getip', async (ctx) => {
    const body = parse(ctx, visitBody, ctx.request.body);
    if (body) await respond(ctx, location.track(body.page, ctx.ip), visitAnswer, () => ({}));
  });
};
