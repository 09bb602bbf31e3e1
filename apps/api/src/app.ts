import cors from 'cors';
import express, { type Express } from 'express';
import { API_MESSAGES } from '@crm/shared';
import { authRoutes } from './auth/auth.routes.js';
import { captchaRoutes } from './captcha/captcha.routes.js';
import type { AppContext } from './context.js';
import { AppError } from './http/app-error.js';
import { requireDatabase } from './db/availability.js';
import { errorHandler } from './http/error-handler.js';
import { requestLogger } from './http/request-logger.js';
import { rejectOperators } from './http/reject-operators.js';
import { healthRoutes } from './operations/health.routes.js';
import { openapiRoutes } from './openapi/openapi.routes.js';
import { requestsRoutes } from './requests/requests.routes.js';
import { usersRoutes } from './users/users.routes.js';
import { serveWeb } from './web/serve-web.js';

/** The HTTP application over one context (config + database connection). */
export function createApp(ctx: AppContext): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', ctx.config.trustProxy);
  app.set('etag', false);

  app.use(requestLogger(ctx.logger));
  app.use(
    cors({
      origin: ctx.config.corsOrigins,
      allowedHeaders: ['Content-Type', 'Authorization', 'X-Request-Id'],
      exposedHeaders: ['X-Request-Id', 'Retry-After'],
    }),
  );
  app.use(express.json({ limit: '2mb' }));
  app.use(rejectOperators);

  const api = express.Router();
  api.use(healthRoutes(ctx));
  api.use(openapiRoutes());
  api.use(requireDatabase(ctx.connection));
  api.use(captchaRoutes(ctx));
  api.use(authRoutes(ctx));
  api.use(usersRoutes(ctx));
  api.use(requestsRoutes(ctx));
  api.use((_req, _res, next) => next(new AppError(404, API_MESSAGES.routeNotFound)));
  app.use('/api', api);
  if (ctx.config.webDir) app.use(serveWeb(ctx.config.webDir));

  app.use(errorHandler);
  return app;
}
