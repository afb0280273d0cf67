/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath, URL } from 'node:url';

const backend = 'http://127.0.0.1:8080';

const ADMIN_AREA = 'src/features/admin/AdminRoutes.tsx';

/**
 * The lazily loaded modules whose code the early request preloads, by the page kind it names
 * them: an admin page is the admin area's module and the page's own.
 */
const EARLY_PAGES: Record<string, string[]> = {
  product: ['src/features/catalog/components/ProductPage.tsx'],
  list: ['src/features/catalog/components/CategoryPage.tsx'],
  search: ['src/features/catalog/components/SearchPage.tsx'],
  'new-arrivals': ['src/features/catalog/components/NewArrivalsPage.tsx'],
  'admin-dashboard': [ADMIN_AREA, 'src/features/admin/dashboard/components/DashboardPage.tsx'],
  'admin-orders': [ADMIN_AREA, 'src/features/admin/orders/components/OrdersPage.tsx'],
  'admin-order': [ADMIN_AREA, 'src/features/admin/orders/components/OrderPage.tsx'],
  'admin-products': [ADMIN_AREA, 'src/features/admin/products/components/ProductsPage.tsx'],
  'admin-users': [ADMIN_AREA, 'src/features/admin/users/components/UsersPage.tsx'],
  'admin-discounts': [ADMIN_AREA, 'src/features/admin/discounts/components/DiscountsPage.tsx'],
  'admin-returns': [ADMIN_AREA, 'src/features/admin/returns/components/ReturnsPage.tsx'],
  'admin-reviews': [ADMIN_AREA, 'src/features/admin/reviews/components/ReviewsPage.tsx'],
  'admin-notifications': [ADMIN_AREA, 'src/features/admin/notifications/components/NotificationsPage.tsx'],
  'admin-settings': [ADMIN_AREA, 'src/features/admin/settings/components/SettingsPage.tsx'],
  'admin-reports': [ADMIN_AREA, 'src/features/admin/reports/components/ReportsPage.tsx'],
};

/**
 * Puts the early request (src/lib/early-request.ts, its own entry) into the built index.html
 * before the app's bundle, so a catalogue page's data and first pictures load while the
 * bundle is still downloading. The app imports the same file, so both share one instance.
 * A JSON data block (not a script: the CSP allows no inline scripts) lists the chunks of the
 * catalogue and admin pages, so the early request can preload the code of the page being
 * opened too.
 */
function earlyRequestScript(): Plugin {
  return {
    name: 'shop:early-request-script',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === 'chunk');
        const chunk = chunks.find((c) => c.isEntry && c.name === 'early');
        const appScript = html.indexOf('<script type="module"');
        if (!chunk || appScript < 0) throw new Error('the early request entry or the app script is missing');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const withImports = (file: string, seen = new Set<string>()): string[] => {
          if (seen.has(file)) return [];
          seen.add(file);
          return [file, ...(byFile.get(file)?.imports ?? []).flatMap((f) => withImports(f, seen))];
        };
        // What the app's own script already loads is left out.
        const app = chunks.find((c) => c.isEntry && c.name === 'index');
        const loaded = new Set([...withImports(app?.fileName ?? ''), ...withImports(chunk.fileName)]);
        const pages = Object.fromEntries(
          Object.entries(EARLY_PAGES).map(([kind, sources]) => {
            const files = sources.flatMap((source) => {
              const page = chunks.find((c) => c.facadeModuleId?.endsWith(source));
              if (!page) throw new Error(`no chunk for ${source}`);
              return withImports(page.fileName);
            });
            return [kind, [...new Set(files)].filter((f) => !loaded.has(f)).map((f) => `/${f}`)];
          }),
        );
        // Module scripts run in document order: the early one must come first.
        const tags =
          `<script type="application/json" id="early-page-chunks">${JSON.stringify(pages)}</script>\n    ` +
          `<script type="module" crossorigin src="/${chunk.fileName}"></script>\n    `;
        return html.slice(0, appScript) + tags + html.slice(appScript);
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), earlyRequestScript()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/uploads': { target: backend, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    rollupOptions: {
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        early: fileURLToPath(new URL('./src/lib/early-request.ts', import.meta.url)),
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
    globals: false,
    css: false,
    restoreMocks: true,
    // Rendering whole catalogue pages in jsdom takes seconds on two shared cores.
    testTimeout: 15_000,
  },
});
