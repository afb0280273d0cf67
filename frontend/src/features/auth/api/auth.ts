/** Sign-in and registration calls. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { languageAtSignIn } from '@/lib/api/language';
import type { MutationOptions } from '@/lib/api/mutation-options';
import { userScopedKeys } from '@/lib/query-keys';
import type { AuthReply, LoginRequest, RegisterRequest } from '@/lib/types';
import { useSession } from '@/stores/session';

export const login = (input: LoginRequest) => api.post<AuthReply>('/auth/login', input);
export const register = (input: RegisterRequest) => api.post<AuthReply>('/auth/register', input);

/** Removes every cached reply that belongs to a signed-in user. */
export function useClearUserData() {
  const qc = useQueryClient();
  return () => {
    for (const queryKey of userScopedKeys) qc.removeQueries({ queryKey });
  };
}

/** Signs in; the shop then shows the person's language (the one they chose last, anywhere), or keeps the one just chosen here. */
export function useLogin(options: MutationOptions<AuthReply, LoginRequest> = {}) {
  const clear = useClearUserData();
  return useMutation({
    mutationFn: login,
    onError: options.onError,
    onSuccess: (reply, input) => {
      if (reply.token && reply.user) {
        clear();
        useSession.getState().signIn(reply.token, reply.user);
        void languageAtSignIn(reply.user);
      }
      options.onSuccess?.(reply, input);
    },
  });
}

/** Registers; signs in only when the reply carries both a token and a user. */
export function useRegister(options: MutationOptions<AuthReply, RegisterRequest> = {}) {
  const clear = useClearUserData();
  return useMutation({
    mutationFn: register,
    onError: options.onError,
    onSuccess: (reply, input) => {
      if (reply.token && reply.user) {
        clear();
        useSession.getState().signIn(reply.token, reply.user);
      }
      options.onSuccess?.(reply, input);
    },
  });
}
