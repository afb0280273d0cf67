/**
 * What the product page offers for a sold-out size, or a sold-out one-size product, in place of
 * Buy Now. The catalog says where and when; the app provides what (the restock feature's
 * 'Notify me when it's back', with the sign-in the app handles), as with the product actions.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { Product, Variant } from '@/lib/types';

export interface SoldOutActionProps {
  product: Product;
  /** The sold-out size chosen; null for a one-size product. */
  variant: Variant | null;
}

/** Draws the action for a product and its sold-out size; none without a provider. */
export type SoldOutAction = (props: SoldOutActionProps) => ReactNode;

export const SoldOutActionContext = createContext<SoldOutAction | null>(null);

export const useSoldOutAction = () => useContext(SoldOutActionContext);
