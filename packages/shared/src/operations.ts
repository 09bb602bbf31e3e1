import { z } from 'zod';

/** GET /api/health: the process is up (it does not touch the database). */
export const healthStatusSchema = z.object({ status: z.literal('ok') });
export type HealthStatus = z.infer<typeof healthStatusSchema>;

/** GET /api/ready: the database answers; otherwise 503 with the error body. */
export const readyStatusSchema = z.object({ status: z.literal('ready') });
export type ReadyStatus = z.infer<typeof readyStatusSchema>;

/** GET /api/openapi.json: an OpenAPI 3.1 document (only its outline is checked). */
export const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});
