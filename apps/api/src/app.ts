import cors from 'cors';
import express, { type Express } from 'express';
import { API_MESSAGES } from '@crm/shared';
import { authRoutes } from './auth/auth.routes.js';
import { captchaRoutes } from './captcha/captcha.routes.js';
import type { AppContext } from './context.js';
import { AppError } from './http/app-error.js';
import { errorHandler } from './http/error-handler.js';
import { rejectOperators } from './http/reject-operators.js';
import { requestsRoutes } from './requests/requests.routes.js';
import { usersRoutes } from './users/users.routes.js';
import { serveWeb } from './web/serve-web.js';

/** The HTTP application over one context (config + database connection). */
export function createApp(ctx: AppContext): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', ctx.config.trustProxy);
  app.set('etag', false);

  app.use(
    cors({ origin: ctx.config.corsOrigins, allowedHeaders: ['Content-Type', 'Authorization'] }),
  );
  app.use(express.json({ limit: '2mb' }));
  app.use(rejectOperators);

  const api = express.Router();
  api.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  api.use(captchaRoutes(ctx));
  api.use(authRoutes(ctx));
  api.use(usersRoutes(ctx));
  api.use(requestsRoutes(ctx));
  api.use((_req, _res, next) => next(new AppError(404, API_MESSAGES.routeNotFound)));
  app.use('/api', api);
  if (ctx.config.webDir) app.use(serveWeb(ctx.config.webDir));

  app.use(errorHandler(ctx.logger));
  return app;
}
