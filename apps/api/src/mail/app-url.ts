import type { AppContext } from '../context.js';

/** The base of the links in mails: APP_URL, else the API's own port on this machine. */
export const appUrlOf = (ctx: AppContext): string =>
  ctx.config.appUrl ?? `http://localhost:${ctx.config.port}`;
