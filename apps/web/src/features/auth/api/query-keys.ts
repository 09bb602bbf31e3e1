/**
 * The signed-in user's data lives under the users prefix on purpose: invalidating ['users']
 * after a user change also refreshes the sidebar and the permissions.
 */
export const authKeys = {
  currentUser: (userId: string) => ['users', 'data', userId] as const,
};
