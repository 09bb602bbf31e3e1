import { z } from 'zod';
import { API_MESSAGES, FIELD_MESSAGES } from '../messages.js';
import {
  createUserBodySchema,
  updateUserBodySchema,
  updateUserSchemaFor,
  updateUserWithPasswordBodySchema,
  userDataParamsSchema,
  userIdParamsSchema,
  userListSchema,
  userSchema,
} from '../user.js';
import { ACCOUNT_MESSAGES } from '../account.js';
import { defineEndpoint } from './define.js';

/*
 * The `users` endpoints (issue 34): one export per endpoint, named as in `api.users`. The web app
 * names them through the namespace `usersApi` (`usersApi.<name>`), so a page carries only those it
 * calls; endpoints.ts lists them in the API's route order.
 */
export const list = defineEndpoint({
  id: 'users.list',
  method: 'get',
  path: '/api/user/all',
  tag: 'users',
  access: 'signed-in',
  status: 200,
  response: userListSchema,
});

export const get = defineEndpoint({
  id: 'users.get',
  method: 'get',
  path: '/api/user/data/:userId',
  tag: 'users',
  access: 'signed-in',
  params: userDataParamsSchema,
  status: 200,
  response: userSchema,
  errors: {
    403: 'Another user, and the caller is not a system admin',
    404: API_MESSAGES.userNotFound,
  },
});

export const create = defineEndpoint({
  id: 'users.create',
  method: 'post',
  path: '/api/user/create',
  tag: 'users',
  access: 'admin',
  body: createUserBodySchema,
  status: 201,
  response: userSchema,
  errors: {
    409: `${API_MESSAGES.emailTaken} (field \`email\`: "${FIELD_MESSAGES.emailTaken}")`,
  },
});

export const update = defineEndpoint({
  id: 'users.update',
  method: 'put',
  path: '/api/user/update/:id',
  tag: 'users',
  access: 'admin',
  params: userIdParamsSchema,
  body: /*#__PURE__*/ z.union([updateUserWithPasswordBodySchema, updateUserBodySchema]),
  bodyFor: updateUserSchemaFor,
  status: 200,
  response: userSchema,
  errors: {
    404: API_MESSAGES.userNotFound,
    409: `${API_MESSAGES.emailTaken} (field \`email\`: "${FIELD_MESSAGES.emailTaken}"), or: ${API_MESSAGES.lastAdmin}`,
  },
});

export const remove = defineEndpoint({
  id: 'users.remove',
  method: 'delete',
  path: '/api/user/delete/:id',
  tag: 'users',
  access: 'admin',
  params: userIdParamsSchema,
  status: 200,
  response: userSchema,
  errors: {
    404: API_MESSAGES.userNotFound,
    409: `${API_MESSAGES.lastAdmin}; or the caller's own account (${ACCOUNT_MESSAGES.ownAccountDelete})`,
  },
});
