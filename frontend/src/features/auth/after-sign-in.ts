/**
 * What happens once someone has signed in (or registered and been signed in) on the auth pages,
 * before they are sent on. The auth pages say when; the app provides what (finishing what a
 * signed-out shopper was doing when sent to sign in: app/routes/sign-in.tsx), as the catalog's
 * product actions are provided.
 */
import { createContext, useContext } from 'react';
import { can } from '@/lib/permissions';
import type { User } from '@/lib/types';

/**
 * Done after a sign-in; answers the page to go back to for what it finished, or null when there
 * was nothing to finish (then the page goes where it would have anyway). Never rejects.
 */
export type AfterSignIn = () => Promise<string | null>;

const nothing: AfterSignIn = () => Promise.resolve(null);

export const AfterSignInContext = createContext<AfterSignIn>(nothing);

export const useAfterSignIn = () => useContext(AfterSignInContext);

/**
 * Where someone signed in goes when no page waits for them (no return address, nothing
 * finished): a rider (`deliveries.own`) to their deliveries, anyone else home. A page that does
 * wait (a back-office page a signed-out visit was sent to sign in from, a product page) comes first.
 */
export const landingAfterSignIn = (user: Pick<User, 'permissions'> | null | undefined): string =>
  can(user, 'deliveries.own') ? '/deliveries' : '/';
