import compression from 'compression';
import cors from 'cors';
import express, { type Express } from 'express';
import { API_MESSAGES } from '@crm/shared';
import { accountRoutes } from './account/index.js';
import { auditRoutes, auditScope } from './audit/index.js';
import { apiTokensRoutes, authRoutes } from './auth/index.js';
import { boardViewsRoutes } from './board-views/index.js';
import { calendarRoutes } from './calendar/index.js';
import { captchaRoutes } from './captcha/index.js';
import type { AppContext } from './context.js';
import { dashboardRoutes } from './dashboard/index.js';
import { AppError } from './http/app-error.js';
import { errorHandler } from './http/error-handler.js';
import { refuseUndeclaredMethods } from './http/refuse-unknown-methods.js';
import { requestLogger } from './http/request-logger.js';
import { securityHeaders } from './http/security-headers.js';
import { importsRoutes } from './imports/index.js';
import { emailsRoutes } from './emails/index.js';
import { eventsRoutes } from './events/index.js';
import { filesRoutes } from './files/index.js';
import { captchaWorkFactor, corsByPath, leadsRoutes } from './leads/index.js';
import { openapiRoutes } from './openapi/index.js';
import { importJobRoutes } from './imports/index.js';
import { healthRoutes } from './operations/index.js';
import { preferencesRoutes } from './preferences/index.js';
import { photoRoutes, profileRoutes } from './profile/index.js';
import { activitiesRoutes, requestsRoutes } from './requests/index.js';
import { settingsRoutes } from './settings/index.js';
import { usersRoutes } from './users/index.js';
import { serveWeb } from './web/index.js';
import { webhooksRoutes } from './webhooks/index.js';

/** The HTTP application over one context (config + database connection). */
export function createApp(ctx: AppContext): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', ctx.config.trustProxy);
  app.set('etag', false);
  app.use(securityHeaders());
  // gzip/brotli for JSON and the web app's files; answers under 1 KB (health, errors) stay as is.
  app.use(compression());

  app.use(requestLogger(ctx.logger));
  // Who and from where, for the audit entries the call's actions record (audit/record.ts).
  app.use(auditScope);
  // A method the path does not declare: 405 with Allow, before CORS and the routes.
  app.use(refuseUndeclaredMethods);
  // The website form's paths have their own CORS (PUBLIC_FORM_ORIGINS; leads.routes.ts).
  app.use(
    corsByPath(
      ctx,
      cors({
        origin: ctx.config.corsOrigins,
        allowedHeaders: ['Content-Type', 'Authorization', 'X-Request-Id', 'Last-Event-ID'],
        // Content-Disposition: an export's file name (issue 24), read across origins.
        exposedHeaders: ['X-Request-Id', 'Retry-After', 'Content-Disposition'],
      }),
    ),
  );
  // Every route comes from its declaration in the shared contract (paths include /api, and
  // each route carries its own database gate, authentication, role check and validation;
  // bodies are parsed only by the routes that take one: endpoint.ts → json-body.ts).
  app.use(
    healthRoutes(ctx),
    openapiRoutes(ctx),
    // Harder challenges while the website form is busy (leads/lead-rate-limit.ts).
    captchaRoutes(ctx, () => captchaWorkFactor(ctx)),
    authRoutes(ctx),
    apiTokensRoutes(ctx),
    eventsRoutes(ctx),
    usersRoutes(ctx),
    accountRoutes(ctx),
    requestsRoutes(ctx),
    activitiesRoutes(ctx),
    emailsRoutes(ctx),
    filesRoutes(ctx),
    leadsRoutes(ctx),
    settingsRoutes(ctx),
    dashboardRoutes(ctx),
    preferencesRoutes(ctx),
    profileRoutes(ctx),
    photoRoutes(ctx),
    boardViewsRoutes(ctx),
    calendarRoutes(ctx),
    importsRoutes(ctx),
    importJobRoutes(ctx),
    auditRoutes(ctx),
    webhooksRoutes(ctx),
  );
  app.use('/api', (_req, _res, next) => next(new AppError(404, API_MESSAGES.routeNotFound)));
  if (ctx.config.webDir) app.use(serveWeb(ctx.config.webDir));

  app.use(errorHandler);
  return app;
}
