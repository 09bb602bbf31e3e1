import { Router } from 'express';
import {
  createUserBodySchema,
  updateUserSchemaFor,
  userDataParamsSchema,
  userIdParamsSchema,
} from '@crm/shared';
import type { AppContext } from '../context.js';
import { authenticate, currentUser, isAdmin, requireAdmin } from '../auth/authenticate.js';
import { forbidden } from '../http/app-error.js';
import { validate } from '../http/validate.js';
import { createUser, deleteUser, getUser, listUsers, updateUser } from './users.service.js';

export function usersRoutes(ctx: AppContext): Router {
  const router = Router();
  const auth = authenticate(ctx);

  router.get('/user/all', auth, async (_req, res) => {
    res.json(await listUsers(ctx));
  });

  // Yourself, or anyone when you are a system admin.
  router.get(
    '/user/data/:userId',
    auth,
    validate({ params: userDataParamsSchema }, async ({ params }, req, res) => {
      const caller = currentUser(req);
      if (caller.userId !== params.userId && !isAdmin(caller)) throw forbidden();
      res.json(await getUser(ctx, params.userId));
    }),
  );

  router.post(
    '/user/create',
    auth,
    requireAdmin,
    validate({ body: createUserBodySchema }, async ({ body }, _req, res) => {
      res.status(201).json(await createUser(ctx, body));
    }),
  );

  router.put(
    '/user/update/:id',
    auth,
    requireAdmin,
    validate(
      { params: userIdParamsSchema, body: updateUserSchemaFor },
      async ({ params, body }, _req, res) => {
        res.json(await updateUser(ctx, params.id, body));
      },
    ),
  );

  router.delete(
    '/user/delete/:id',
    auth,
    requireAdmin,
    validate({ params: userIdParamsSchema }, async ({ params }, _req, res) => {
      res.json(await deleteUser(ctx, params.id));
    }),
  );

  return router;
}
