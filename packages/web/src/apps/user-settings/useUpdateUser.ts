import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userEndpoints, type UpdateUserRequest } from '@wms/contract';
import { callApi } from '../../platform/api-client.js';
import { notify } from '../../platform/notifications.js';
import { useSession } from '../../platform/session.js';
import { userQueries } from './queries.js';
import type { NoticeKey } from '../../platform/notification-store.js';

export type UserChange = Omit<UpdateUserRequest, 'version'>;

/**
 * Saves a change to a user: re-reads the user for its current version, then writes (a stale
 * version gets 412, which the HTTP client retries). After a change to the signed-in user the
 * session is refreshed, so language and durations apply at once; then `successKey` is shown.
 */
export function useUpdateUser(userId: number, successKey: NoticeKey) {
  const queryClient = useQueryClient();
  const session = useSession();
  return useMutation({
    mutationFn: async (change: UserChange) => {
      const current = await queryClient.fetchQuery({ ...userQueries.detail(userId), staleTime: 0 });
      return callApi(
        userEndpoints.update,
        { params: { id: userId }, body: { version: current.version, ...change } },
        { silent: true },
      );
    },
    onSuccess: async (user) => {
      queryClient.setQueryData(userQueries.detail(userId).queryKey, user);
      await queryClient.invalidateQueries({ queryKey: userQueries.list().queryKey });
      if (session.me?.user.id === userId) await session.refreshMe();
      // Here, not in mutate(): the form is re-mounted for the new version before mutate's callbacks run.
      notify('success', successKey);
    },
  });
}
