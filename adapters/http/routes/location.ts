import { z } from 'zod';
import { VisitorLocation } from '../../../core/location/use-cases';
import { respond } from '../respond';
import { On } from '../calls';
import { countryAnswer, visitAnswer } from '../../../api/location';

/** `GET /getip` tells the visitor's country; `POST /getip` counts a visit (DECISIONS 16). */
export const locationRoutes = (on: On, location: VisitorLocation) => {
  on('country', (ctx) => {
    const body: z.infer<typeof countryAnswer> = { country: location.countryOf(ctx.ip) };
    ctx.body = body;
  });

  on('visit', async (ctx, { body }) => {
    await respond(ctx, location.track(body.page, ctx.ip), visitAnswer, () => ({}));
  });
};
