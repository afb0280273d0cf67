/** User calls, keys and hooks: the profile update and the admin's user management. */
import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationOptions } from '@/lib/api/mutation-options';
import { outside, putRowInPages } from '@/lib/list-cache';
import { userKeys } from '@/lib/query-keys';
import type {
  AdminCreateUserReply,
  MessageReply,
  RegisterRequest,
  UpdateUserReply,
  UpdateUserRequest,
  User,
} from '@/lib/types';
import { useSession } from '@/stores/session';

export { userKeys };

export const getMe = (signal?: AbortSignal) => api.get<User>('/auth/me', { signal });
export const updateUser = ({ id, input }: { id: string; input: UpdateUserRequest }) =>
  api.put<UpdateUserReply>(`/users/${encodeURIComponent(id)}`, input);
export const deleteUser = (id: string) => api.delete<MessageReply>(`/users/${encodeURIComponent(id)}`);
/** An admin creating a user: the reply has the user and a one-time temporary password, no token. */
export const createUser = (input: RegisterRequest) => api.post<AdminCreateUserReply>('/auth/register', input);

/**
 * Refreshes the stored user from the server once per session (GET /api/auth/me), so a
 * role or profile change made elsewhere shows at once. A 401 here ends the session.
 */
export function useSessionUserRefresh() {
  const token = useSession((s) => s.token);
  const query = useQuery({
    queryKey: userKeys.session(token),
    queryFn: ({ signal }) => getMe(signal),
    enabled: Boolean(token),
    staleTime: Infinity,
  });
  const fresh = query.data;
  useEffect(() => {
    if (!fresh) return;
    const session = useSession.getState();
    if (session.user && session.user._id === fresh._id && JSON.stringify(session.user) !== JSON.stringify(fresh)) {
      session.setUser(fresh);
    }
  }, [fresh]);
}

/**
 * Updates a user; when it is the signed-in user, the stored session user follows. A change of
 * one's own password ends every earlier session on the server, and the reply's fresh token
 * replaces the stored one.
 */
export function useUpdateUser(options: MutationOptions<User, { id: string; input: UpdateUserRequest }> = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onError: options.onError,
    onSuccess: async ({ token, ...user }, vars) => {
      const session = useSession.getState();
      if (session.user && session.user._id === user._id) {
        if (token) session.signIn(token, user);
        else session.setUser(user);
      }
      // The admin's list shows the edit in place.
      await Promise.all([
        putRowInPages(qc, userKeys.admin, user),
        qc.invalidateQueries({ queryKey: userKeys.all, predicate: outside(userKeys.admin.pages()) }),
      ]);
      options.onSuccess?.(user, vars);
    },
  });
}

export function useCreateUser(options: MutationOptions<AdminCreateUserReply, RegisterRequest> = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onError: options.onError,
    onSuccess: async (data, vars) => {
      await qc.invalidateQueries({ queryKey: userKeys.all });
      options.onSuccess?.(data, vars);
    },
  });
}

export function useDeleteUser(options: MutationOptions<MessageReply, string> = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onError: options.onError,
    onSuccess: async (data, id) => {
      await qc.invalidateQueries({ queryKey: userKeys.all });
      options.onSuccess?.(data, id);
    },
  });
}
