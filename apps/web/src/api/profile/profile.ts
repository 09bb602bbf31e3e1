import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import {
  profileApi,
  queryKeyOf,
  type ChangeEmailBody,
  type ChangePasswordBody,
  type Profile,
  type UpdateProfileBody,
} from '@crm/shared';
import { invalidateUsers } from '../users/get-users';
import { callEndpoint } from '../../lib/api-client';
import { preferencesQueryKey } from '../preferences/get-preferences';
import { sessionsQueryKey } from './sessions';

/** GET /api/me/profile: the caller as they see themselves (issue 23). */
const profileQueryOptions = () =>
  queryOptions({
    queryKey: queryKeyOf(profileApi.get),
    queryFn: ({ signal }) => callEndpoint(profileApi.get, {}, { signal }),
  });

export const useProfile = () => useQuery(profileQueryOptions());

/**
 * A changed name or photo: the profile's answer is the cached copy, and every users query is
 * stale, since the sidebar's greeting and avatar (the signed-in user), the users screen and the
 * board's card avatars (the users list) all carry the name and the photo.
 */
async function profileChanged(queryClient: QueryClient, profile: Profile) {
  queryClient.setQueryData(profileQueryOptions().queryKey, profile);
  await invalidateUsers(queryClient);
}

function useProfileMutation<V>(mutationFn: (variables: V) => Promise<Profile>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (profile) => profileChanged(queryClient, profile),
  });
}

/** PATCH /api/me/profile: name and last name. */
export const useUpdateProfile = () =>
  useProfileMutation((body: UpdateProfileBody) => callEndpoint(profileApi.update, { body }));

/** PUT /api/me/photo: the image's bytes as they are, with its media type. */
export const usePutPhoto = () =>
  useProfileMutation((file: Blob) => callEndpoint(profileApi.putPhoto, { rawBody: file }));

/** DELETE /api/me/photo: initials again. */
export const useDeletePhoto = () =>
  useProfileMutation((_: void) => callEndpoint(profileApi.deletePhoto, {}));

/**
 * POST /api/me/password: every other session ends and so does the calendar feed (issue 32), so
 * the sessions list and the preferences are stale.
 */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => callEndpoint(profileApi.changePassword, { body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionsQueryKey() }),
        queryClient.invalidateQueries({ queryKey: preferencesQueryKey() }),
      ]),
  });
}

/** POST /api/me/email: a link goes to the new address; the profile then shows it pending. */
export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeEmailBody) => callEndpoint(profileApi.changeEmail, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryOptions().queryKey }),
  });
}
