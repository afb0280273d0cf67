/** The customers a phone order may be taken for (GET /api/admin/customers, `orders.create`): found by phone, name or e-mail. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestPage } from '@/lib/api-client';
import { adminKeys } from '@/lib/query-keys';
import type { PhoneCustomer } from '@/lib/types';

/** How many customers a search shows: staff type more to narrow it down. */
export const CUSTOMERS_SHOWN = 10;

export const findCustomers = (q: string, signal?: AbortSignal) =>
  requestPage<PhoneCustomer>('/admin/customers', { params: { q, page: 1, limit: CUSTOMERS_SHOWN }, signal });

export const customersQuery = (q: string) =>
  queryOptions({ queryKey: adminKeys.customers(q, CUSTOMERS_SHOWN), queryFn: ({ signal }) => findCustomers(q, signal) });

/** The first page of customers matching `q`; nothing is asked while it is blank. */
export const useCustomerSearch = (q: string) => useQuery({ ...customersQuery(q), enabled: q !== '' });
