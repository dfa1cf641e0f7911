import { Middleware } from 'koa';

/** SKELETON: serves the admin's uploaded images (under /uploads/) with long cache headers. */
export const serveUploads = (_dir: string): Middleware => async (_ctx, next) => next();
