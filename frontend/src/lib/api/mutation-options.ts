/**
 * What a screen adds to a mutation hook: its own `onSuccess` and `onError`, each with the call's
 * variables. The hook does its own work first (invalidating or updating what the change touched)
 * and then calls the screen's, so a screen cannot drop the invalidation by passing its own.
 */
export interface MutationOptions<TData, TVars = void> {
  onSuccess?: (data: TData, vars: TVars) => void;
  onError?: (error: unknown, vars: TVars) => void;
}
