/** The back office's links to its pages: the sidebar's and the staff home's (AdminRoutes.tsx lists them). */
import type { MessageDescriptor } from '@lingui/core';
import { ADMIN_PAGES, type AdminPageName } from '@/lib/admin-paths';

/** The address of an admin page ('/admin', '/admin/orders'); one order's page is linked by the order's own. */
export const adminPath = (page: AdminPageName): string => (page === '' ? '/admin' : `/admin/${ADMIN_PAGES[page].route}`);

/** A link to a page; its words are read in the language shown when drawn. */
export interface AdminLink {
  page: AdminPageName;
  to: string;
  label: MessageDescriptor;
  /** What the page is for, under its link on the staff home. */
  text?: MessageDescriptor;
}
