import { http, HttpResponse } from 'msw';
import type { User } from '@/lib/types';
import { makeUser } from '@/testing/data';
import { server } from '@/testing/server';
import { renderApp } from '@/testing/test-utils';

export const ADMIN_ID = 'a0000001-0000-7000-8000-000000000000';
export const adminUser = (overrides: Partial<User> = {}) =>
  makeUser({ _id: ADMIN_ID, role: 'admin', name: 'Sahra Admin', email: 'sahra@example.com', phone: '252610000000', ...overrides });

/** Renders the app at an admin path, signed in as the admin. */
export function renderAdmin(path: string, user: User = adminUser()) {
  return renderApp(path, { user });
}

/** recharts' ResponsiveContainer needs ResizeObserver, which jsdom lacks. */
export function stubResizeObserver() {
  if (!('ResizeObserver' in globalThis)) {
    class RO {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
    (globalThis as unknown as { ResizeObserver: typeof RO }).ResizeObserver = RO;
  }
}

/** Records the requests of one route: method, headers and parsed body. */
export function recordJson(method: 'post' | 'put' | 'delete', path: string, reply: (body: unknown) => Response) {
  const calls: { body: unknown; headers: Headers; contentType: string | null }[] = [];
  server.use(
    http[method](path, async ({ request }) => {
      const contentType = request.headers.get('content-type');
      let body: unknown = null;
      if (contentType?.includes('multipart/form-data')) body = await request.formData();
      else if (contentType?.includes('json')) body = await request.json();
      calls.push({ body, headers: request.headers, contentType });
      return reply(body);
    }),
  );
  return calls;
}

export { HttpResponse };
