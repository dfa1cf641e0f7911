import Router from '@koa/router';
import { z } from 'zod';
import { VisitorLocation } from '../../../core/location/use-cases';
import { parse, respond } from '../respond';
import { textField } from '../text-field';

const visitBody = z.object({ page: textField('page', { max: Infinity }) }).strict();

/** `GET /getip` tells the visitor's country; `POST /getip` counts a visit (DECISIONS 16). */
export const locationRoutes = (router: Router, location: VisitorLocation) => {
  router.get('/getip', (ctx) => {
    ctx.body = { country: location.countryOf(ctx.ip) };
  });

  router.post('/getip', async (ctx) => {
    const body = parse(ctx, visitBody, ctx.request.body);
    if (body) await respond(ctx, location.track(body.page, ctx.ip), () => ({}));
  });
};
