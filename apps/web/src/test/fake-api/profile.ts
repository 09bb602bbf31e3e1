import { HttpResponse } from 'msw';
import { route } from './router';
import { ACCOUNT_MESSAGES, api, API_MESSAGES, type EndpointResponse } from '@crm/shared';
import { endSessions, pendingEmails, endPasswordTokens } from './account';
import { type StoredUser, db } from './db';
import { json, fail, fake, startsWith, ascii, wrongCurrentPassword } from './http';
import { calendarSecret } from './preferences';
import { callerOf, sessionsOf, sessionListOf } from './sessions';

// Perfil (profile-endpoints): the profile, its photo, password and sessions.

// The stored photos' ids. The API re-encodes every image to WebP (sharp, which the web tests
// lack): the fake serves one 1×1 WebP for each, so it never answers bytes the API wouldn't.
const fakePhotos = new Set<string>();
const ONE_PIXEL_WEBP = Uint8Array.from(
  atob('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA=='),
  (char) => char.charCodeAt(0),
);
const PHOTO_URL = /^\/api\/photos\/([A-Za-z0-9_-]{22})\.webp$/;

/** PNG, JPEG or WebP by their first bytes, whatever the media type said. */
const isImage = (bytes: Uint8Array) =>
  startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) ||
  startsWith(bytes, [0xff, 0xd8, 0xff]) ||
  (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8));

const photoId = () => calendarSecret().slice(0, 22);

function dropPhoto(user: StoredUser) {
  const id = PHOTO_URL.exec(user.photo)?.[1];
  if (id) fakePhotos.delete(id);
  user.photo = '';
}

const profileOf = (user: StoredUser): EndpointResponse<typeof api.profile.get> => ({
  _id: user._id,
  name: user.name,
  lastName: user.lastName,
  email: user.email,
  role: user.role,
  photo: user.photo,
  pendingEmail: pendingEmails.get(user._id) ?? null,
});

export const profileRoutes = [
  fake(api.profile.get, ({ user }) => profileOf(user)),

  // Nobody changes their own role: a `role` is refused before the body's rules (which would
  // call it an unknown key).
  route('patch', api.profile.update.path, async ({ request }) => {
    if (!callerOf(request).user) return undefined;
    const body: unknown = await request
      .clone()
      .json()
      .catch(() => undefined);
    if (typeof body !== 'object' || body === null || !('role' in body)) return undefined;
    db.calls.push({ method: 'PATCH', path: api.profile.update.path, body });
    return json({ message: ACCOUNT_MESSAGES.ownRoleLocked }, 403);
  }),
  fake(api.profile.update, ({ input, user }) => {
    Object.assign(user, input.body);
    return profileOf(user);
  }),

  fake(api.profile.putPhoto, ({ user, raw }) => {
    if (!raw || !isImage(raw)) {
      return fail(400, ACCOUNT_MESSAGES.photoNotImage, [
        { path: 'photo', message: ACCOUNT_MESSAGES.photoNotImage },
      ]);
    }
    dropPhoto(user);
    const id = photoId();
    fakePhotos.add(id);
    user.photo = `/api/photos/${id}.webp`;
    return profileOf(user);
  }),

  fake(api.profile.deletePhoto, ({ user }) => {
    dropPhoto(user);
    return profileOf(user);
  }),

  route('get', api.profile.photo.path, ({ params }) => {
    const id = /^([A-Za-z0-9_-]{22})\.webp$/.exec(String(params.file))?.[1];
    if (!id || !fakePhotos.has(id)) return json({ message: API_MESSAGES.routeNotFound }, 404);
    return new HttpResponse(ONE_PIXEL_WEBP, {
      headers: {
        'Content-Type': 'image/webp',
        'Cache-Control': 'public, max-age=31536000, immutable',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  }),

  fake(api.profile.changePassword, ({ input, user, request }) => {
    if (input.body.currentPassword !== user.password) return wrongCurrentPassword();
    if (input.body.password === user.password) {
      return fail(400, ACCOUNT_MESSAGES.samePassword, [
        { path: 'password', message: ACCOUNT_MESSAGES.samePassword },
      ]);
    }
    user.password = input.body.password;
    endPasswordTokens(user);
    endSessions(user._id, callerOf(request).token);
    return { message: ACCOUNT_MESSAGES.passwordChanged };
  }),

  fake(api.profile.sessions, ({ user, request }) =>
    sessionListOf(user._id, callerOf(request).token),
  ),

  fake(api.profile.closeSession, ({ input, user, request }) => {
    const session = sessionsOf(user._id).find((each) => each.id === input.params.id);
    if (!session) return fail(404, ACCOUNT_MESSAGES.sessionNotFound);
    db.revokedTokens.add(session.token);
    return sessionListOf(user._id, callerOf(request).token);
  }),

  fake(api.profile.closeOtherSessions, ({ user, request }) => {
    const token = callerOf(request).token;
    endSessions(user._id, token);
    return sessionListOf(user._id, token);
  }),
];
