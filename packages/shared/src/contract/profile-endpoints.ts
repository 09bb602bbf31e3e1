import { z } from 'zod';
import { messageResponseSchema } from '../auth.js';
import { API_MESSAGES, FIELD_MESSAGES } from '../messages.js';
import {
  ACCOUNT_LIMITS,
  ACCOUNT_MESSAGES,
  changeEmailBodySchema,
  changePasswordBodySchema,
  PHOTO_MEDIA_TYPES,
  photoParamsSchema,
  profileSchema,
  sessionListSchema,
  sessionParamsSchema,
  updateProfileBodySchema,
} from '../account.js';
import { defineEndpoint } from './define.js';

/*
 * The caller's own account (issue 23): name, photo, password, email, sessions.
 *
 * The `profile` endpoints (issue 34): one export per endpoint, named as in `api.profile`. The web
 * app names them through the namespace `profileApi` (`profileApi.<name>`), so a page carries only
 * those it calls; endpoints.ts lists them in the API's route order.
 */
export const get = defineEndpoint({
  id: 'profile.get',
  method: 'get',
  path: '/api/me/profile',
  tag: 'account',
  access: 'signed-in',
  status: 200,
  response: profileSchema,
});

export const update = defineEndpoint({
  id: 'profile.update',
  method: 'patch',
  path: '/api/me/profile',
  tag: 'account',
  access: 'signed-in',
  body: updateProfileBodySchema,
  status: 200,
  response: profileSchema,
  errors: { 403: ACCOUNT_MESSAGES.ownRoleLocked },
});

export const putPhoto = defineEndpoint({
  id: 'profile.putPhoto',
  method: 'put',
  path: '/api/me/photo',
  tag: 'account',
  access: 'signed-in',
  rawBody: { mediaTypes: PHOTO_MEDIA_TYPES, maxBytes: ACCOUNT_LIMITS.photoMaxBytes },
  status: 200,
  response: profileSchema,
  errors: {
    400: ACCOUNT_MESSAGES.photoNotImage,
    413: ACCOUNT_MESSAGES.photoTooLarge,
    415: ACCOUNT_MESSAGES.photoNotImage,
  },
});

export const deletePhoto = defineEndpoint({
  id: 'profile.deletePhoto',
  method: 'delete',
  path: '/api/me/photo',
  tag: 'account',
  access: 'signed-in',
  status: 200,
  response: profileSchema,
});

export const photo = defineEndpoint({
  id: 'profile.photo',
  method: 'get',
  path: '/api/photos/:file',
  tag: 'account',
  access: 'public',
  params: photoParamsSchema,
  status: 200,
  response: /*#__PURE__*/ z.string(),
  responseMediaType: 'image/webp',
  errors: { 404: API_MESSAGES.routeNotFound },
});

export const changePassword = defineEndpoint({
  id: 'profile.changePassword',
  method: 'post',
  path: '/api/me/password',
  tag: 'account',
  access: 'signed-in',
  sessionOnly: true,
  body: changePasswordBodySchema,
  status: 200,
  response: messageResponseSchema,
  errors: { 429: API_MESSAGES.tooManyLoginAttempts },
});

export const changeEmail = defineEndpoint({
  id: 'profile.changeEmail',
  method: 'post',
  path: '/api/me/email',
  tag: 'account',
  access: 'signed-in',
  sessionOnly: true,
  body: changeEmailBodySchema,
  status: 200,
  response: messageResponseSchema,
  errors: {
    409: FIELD_MESSAGES.emailTaken,
    429: ACCOUNT_MESSAGES.tooManyEmails(60),
    503: ACCOUNT_MESSAGES.mailUnavailable,
  },
});

export const sessions = defineEndpoint({
  id: 'profile.sessions',
  method: 'get',
  path: '/api/me/sessions',
  tag: 'account',
  access: 'signed-in',
  sessionOnly: true,
  status: 200,
  response: sessionListSchema,
});

export const closeSession = defineEndpoint({
  id: 'profile.closeSession',
  method: 'delete',
  path: '/api/me/sessions/:id',
  tag: 'account',
  access: 'signed-in',
  sessionOnly: true,
  params: sessionParamsSchema,
  status: 200,
  response: sessionListSchema,
  errors: { 404: ACCOUNT_MESSAGES.sessionNotFound },
});

export const closeOtherSessions = defineEndpoint({
  id: 'profile.closeOtherSessions',
  method: 'delete',
  path: '/api/me/sessions',
  tag: 'account',
  access: 'signed-in',
  sessionOnly: true,
  status: 200,
  response: sessionListSchema,
});
