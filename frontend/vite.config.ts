/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath, URL } from 'node:url';

const backend = 'http://127.0.0.1:8080';

/**
 * Puts the early request (src/lib/early-request.ts, its own entry) into the built index.html
 * before the app's bundle, so a catalogue page's data and first pictures load while the
 * bundle is still downloading. The app imports the same file, so both share one instance.
 */
function earlyRequestScript(): Plugin {
  return {
    name: 'shop:early-request-script',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunk = Object.values(ctx.bundle ?? {}).find((c) => c.type === 'chunk' && c.isEntry && c.name === 'early');
        const app = html.indexOf('<script type="module"');
        if (!chunk || app < 0) throw new Error('the early request entry or the app script is missing');
        // Module scripts run in document order: the early one must come first.
        const tag = `<script type="module" crossorigin src="/${chunk.fileName}"></script>\n    `;
        return html.slice(0, app) + tag + html.slice(app);
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
  },
});
