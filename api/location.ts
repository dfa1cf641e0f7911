import { z } from 'zod';
import { answer } from './envelope';
import { textField } from './fields';

/** POST /api/getip { page }: a visit of a page of the store. */
export const visitRequest = z.object({ page: textField('page', { max: Infinity }) }).strict();

/** GET /api/getip: the spec's answer has no `success`. */
export const countryAnswer = z.object({ country: z.string().nullable() }).strict();
/** POST /api/getip */
export const visitAnswer = answer({});
