import { z } from 'zod';
import { answer } from './envelope';

/** GET /api/health: the process is alive and serving. */
export const healthAnswer = answer({ status: z.literal('ok') });
/** GET /api/ready: the database answers and its schema is current (else 503 with the reason). */
export const readyAnswer = answer({ status: z.literal('ready') });
