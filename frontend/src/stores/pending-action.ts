/**
 * What a signed-out shopper was doing when they were sent to sign in: Add to Cart (with the size
 * and quantity chosen) or the wishlist heart. Kept in sessionStorage, so it survives the way to
 * /login, a detour through /register and a reload; once they have signed in it is done (the app's
 * sign-in pages, app/routes/sign-in.tsx) and forgotten. One at a time: the last one counts. One
 * left waiting longer than PENDING_ACTION_MS is forgotten rather than done out of the blue.
 */
import { create } from 'zustand';
import { safeStorage } from '@/lib/browser-storage';

const KEY = 'pendingAction';

/** How long a pending action waits for the sign-in (a registration included). */
export const PENDING_ACTION_MS = 30 * 60_000;

export interface PendingAction {
  kind: 'cart' | 'wishlist';
  productId: string;
  /** The product's name, for the wishlist's toast. */
  productName: string;
  /** The size chosen (its colour is the size's); none for a one-size product. */
  variantId?: string;
  /** Units to add to the cart. */
  quantity: number;
  /** The page to come back to: the product's with the size chosen, or the page of the card. */
  returnTo: string;
  /** When it was asked for (ms since the epoch). */
  at: number;
}

function read(): PendingAction | null {
  try {
    const raw = safeStorage('session')?.getItem(KEY);
    const action = raw ? (JSON.parse(raw) as PendingAction) : null;
    const valid =
      action !== null &&
      (action.kind === 'cart' || action.kind === 'wishlist') &&
      typeof action.productId === 'string' &&
      typeof action.returnTo === 'string' &&
      typeof action.at === 'number';
    return valid ? action : null;
  } catch {
    return null;
  }
}

interface PendingActionState {
  pending: PendingAction | null;
  /** Keeps what the shopper asked for, in place of anything kept before. */
  remember: (action: Omit<PendingAction, 'at'>) => void;
  /** Answers the action waiting (unless it waited too long) and forgets it: it is done once. */
  take: () => PendingAction | null;
}

export const usePendingAction = create<PendingActionState>()((set, get) => ({
  pending: null,

  remember: (action) => {
    const pending = { ...action, at: Date.now() };
    safeStorage('session')?.setItem(KEY, JSON.stringify(pending));
    set({ pending });
  },

  take: () => {
    const action = get().pending ?? read();
    safeStorage('session')?.removeItem(KEY);
    set({ pending: null });
    return action && Date.now() - action.at <= PENDING_ACTION_MS ? action : null;
  },
}));

/** Nothing pending (tests). */
export function resetPendingActionStore() {
  usePendingAction.setState({ pending: null });
}
