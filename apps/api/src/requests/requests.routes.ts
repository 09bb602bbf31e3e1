import { Router } from 'express';
import {
  assignVendorBodySchema,
  createRequestBodySchema,
  requestIdParamsSchema,
  updateRequestBodySchema,
} from '@crm/shared';
import type { AppContext } from '../context.js';
import { authenticate, requireAdmin } from '../auth/authenticate.js';
import { validate } from '../http/validate.js';
import {
  assignVendor,
  createRequest,
  deleteRequest,
  listRequests,
  updateRequest,
} from './requests.service.js';

export function requestsRoutes(ctx: AppContext): Router {
  const router = Router();
  const auth = authenticate(ctx);

  router.get('/form-contact/all', auth, async (_req, res) => {
    res.json(await listRequests(ctx));
  });

  router.post(
    '/form-contact/crm-create',
    auth,
    validate({ body: createRequestBodySchema }, async ({ body }, _req, res) => {
      res.status(201).json(await createRequest(ctx, body));
    }),
  );

  router.put(
    '/form-contact/update/:id',
    auth,
    validate(
      { params: requestIdParamsSchema, body: updateRequestBodySchema },
      async ({ params, body }, _req, res) => {
        res.json(await updateRequest(ctx, params.id, body));
      },
    ),
  );

  router.delete(
    '/form-contact/delete/:id',
    auth,
    requireAdmin,
    validate({ params: requestIdParamsSchema }, async ({ params }, _req, res) => {
      res.json(await deleteRequest(ctx, params.id));
    }),
  );

  // Lives under /api/user/ in the spec (§7), but it assigns a request.
  router.put(
    '/user/assign-vendor',
    auth,
    requireAdmin,
    validate({ body: assignVendorBodySchema }, async ({ body }, _req, res) => {
      res.json(await assignVendor(ctx, body));
    }),
  );

  return router;
}
