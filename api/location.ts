import { z } from 'zod';
import { answer } from './envelope';

/** GET /api/getip: the spec's answer has no `success`. */
export const countryAnswer = z.object({ country: z.string().nullable() }).strict();
/** POST /api/getip */
export const visitAnswer = answer({});
