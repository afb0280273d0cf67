/**
 * Forgotten password: ask for a 6-digit code by e-mail (by SMS for an account without an e-mail,
 * named by its `phone`), then set a new password with it. Neither call signs in; the shopper
 * signs in with the new password afterwards.
 */
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationOptions } from '@/lib/api/mutation-options';
import type { ForgotPasswordRequest, MessageReply, ResetPasswordRequest } from '@/lib/types';

/** Answered 200 whether or not an account has this e-mail or phone (the reply does not tell); 400 or 429 with a message. */
export const forgotPassword = (input: ForgotPasswordRequest) => api.post<MessageReply>('/auth/forgot-password', input);
/** 400 with a message (and per-field `errors`) for a wrong or expired code; 429 after too many tries. */
export const resetPassword = (input: ResetPasswordRequest) => api.post<MessageReply>('/auth/reset-password', input);

export function useForgotPassword(options: MutationOptions<MessageReply, ForgotPasswordRequest> = {}) {
  return useMutation({ mutationFn: forgotPassword, onSuccess: options.onSuccess, onError: options.onError });
}

export function useResetPassword(options: MutationOptions<MessageReply, ResetPasswordRequest> = {}) {
  return useMutation({ mutationFn: resetPassword, onSuccess: options.onSuccess, onError: options.onError });
}
