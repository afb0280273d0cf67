/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { lingui } from '@lingui/vite-plugin';
import { getConfig } from '@lingui/conf';
import { createCompiledCatalog, getCatalogForFile, getCatalogs } from '@lingui/cli/api';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { parseAsync, transformAsync, traverse, types as babelTypes, type PluginObj } from '@babel/core';
import { readFile, writeFile } from 'node:fs/promises';
import { join, posix, relative } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

const backend = 'http://127.0.0.1:8080';

const ADMIN_AREA = 'src/features/admin/AdminRoutes.tsx';

/** The lazily loaded modules whose code the early request preloads, by the page kind it names them. */
const EARLY_PAGES: Record<string, string[]> = {
  product: ['src/features/catalog/components/ProductPage.tsx'],
  list: ['src/features/catalog/components/CategoryPage.tsx'],
  search: ['src/features/catalog/components/SearchPage.tsx'],
  'new-arrivals': ['src/features/catalog/components/NewArrivalsPage.tsx'],
};

/**
 * The admin pages' kinds (`admin-<page>`, the home's `admin-dashboard`: src/lib/early-request.ts'
 * adminPageFor) and their modules: the admin area's and each `import()` of the page in the PAGES
 * record of AdminRoutes.tsx, which tsc holds to every page of src/lib/admin-paths.ts. So every
 * admin page is preloaded, a page added there too.
 */
async function earlyAdminPages(): Promise<Record<string, string[]>> {
  const source = await readFile(fileURLToPath(new URL(ADMIN_AREA, import.meta.url)), 'utf8');
  const ast = await parseAsync(source, { filename: ADMIN_AREA, babelrc: false, configFile: false, parserOpts: { plugins: ['typescript', 'jsx'] } });
  if (!ast) throw new Error(`${ADMIN_AREA} does not parse`);
  const pages: Record<string, string[]> = {};
  traverse(ast, {
    VariableDeclarator(declarator) {
      const init = declarator.get('init');
      if (!babelTypes.isIdentifier(declarator.node.id, { name: 'PAGES' }) || !init.isObjectExpression()) return;
      for (const property of init.get('properties')) {
        const key = property.isObjectProperty() ? property.node.key : null;
        const name = babelTypes.isStringLiteral(key) ? key.value : babelTypes.isIdentifier(key) ? key.name : null;
        const modules: string[] = [];
        property.traverse({
          CallExpression(call) {
            const [module] = call.node.arguments;
            if (!babelTypes.isImport(call.node.callee)) return;
            if (!babelTypes.isStringLiteral(module)) throw new Error(`${ADMIN_AREA}: a page's import() names no file`);
            modules.push(posix.join(posix.dirname(ADMIN_AREA), module.value));
          },
        });
        if (name === null || modules.length === 0) throw new Error(`${ADMIN_AREA}: a page of PAGES without its import() (${name})`);
        pages[`admin-${name || 'dashboard'}`] = [ADMIN_AREA, ...modules];
      }
    },
  });
  if (Object.keys(pages).length === 0) throw new Error(`${ADMIN_AREA}: no PAGES record`);
  return pages;
}

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
      async handler(html, ctx) {
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
        const stem = (file: string) => file.replace(/\.[jt]sx?$/, '');
        const pages = Object.fromEntries(
          Object.entries({ ...EARLY_PAGES, ...(await earlyAdminPages()) }).map(([kind, sources]) => {
            const files = sources.flatMap((source) => {
              const page = chunks.find((c) => c.facadeModuleId && stem(c.facadeModuleId).endsWith(`/${stem(source)}`));
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

/**
 * Starts the app after a served page has been drawn (src/lib/app-start.ts, its own entry):
 * the app's module scripts and module preloads leave the built index.html for a JSON data
 * block (`app-scripts`, in document order: the early request stays first) that the start
 * script reads. Runs after earlyRequestScript, so it moves the early request's tag too.
 */
function startAfterServedPage(): Plugin {
  const moduleScript = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/g;
  const modulePreload = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;
  return {
    name: 'shop:start-after-served-page',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === 'chunk');
        const start = chunks.find((c) => c.isEntry && c.name === 'start');
        if (!start) throw new Error('the app start entry is missing');
        if (start.imports.length) throw new Error(`the app start entry must import nothing: ${start.imports.join(', ')}`);
        const modules = [...html.matchAll(moduleScript)].map((m) => m[1]);
        const preload = [...html.matchAll(modulePreload)].map((m) => m[1]);
        const first = html.search(moduleScript);
        if (!modules.length || first < 0) throw new Error('no module script in index.html');
        const tags =
          `<script type="application/json" id="app-scripts">${JSON.stringify({ modules, preload })}</script>\n    ` +
          `<script type="module" crossorigin src="/${start.fileName}"></script>\n    `;
        const rest = (part: string) => part.replace(moduleScript, '').replace(modulePreload, '');
        return rest(html.slice(0, first)) + tags + rest(html.slice(first));
      },
    },
  };
}

/**
 * Lingui's macros (`t`, `<Trans>`, `plural`, `msg` from `@lingui/core/macro` and
 * `@lingui/react/macro`) become calls of the Lingui runtime before anything else reads the
 * file: Babel with Lingui's macro plugin, only on the files that import a macro. Each call keeps
 * its English text (the message) beside its id: English is drawn from the code that shows it, so
 * a page's English arrives with the page's own chunk and the first download carries only the
 * texts of the first screen (see src/i18n/index.ts). A message with placeholders, plurals,
 * selects or escapes is kept in Lingui's compiled form (compiledEnglishMessages), so it needs no
 * catalogue either: before, the storefront's first download carried every page's such messages
 * (`en.po?icu`, 2.5 KB gzip), now each comes with its page.
 */
function linguiMacros(): Plugin {
  return {
    name: 'shop:lingui-macros',
    enforce: 'pre',
    async transform(code, id) {
      const file = id.split('?')[0];
      if (!/\.[cm]?[jt]sx?$/.test(file) || file.includes('/node_modules/') || !/@lingui\/(core|react)\/macro/.test(code)) {
        return null;
      }
      const result = await transformAsync(code, {
        filename: file,
        babelrc: false,
        configFile: false,
        sourceMaps: true,
        parserOpts: { plugins: file.endsWith('x') ? ['typescript', 'jsx'] : ['typescript'] },
        plugins: [['@lingui/babel-plugin-lingui-macro', { stripMessageField: false }], compiledEnglishMessages],
      });
      return result?.code ? { code: result.code, map: result.map } : null;
    },
  };
}

/**
 * A Babel plugin run after Lingui's macro plugin: in each descriptor the macros wrote (an object
 * they mark with an `i18n` comment: `{ id, message, values }`), an English message that needs
 * compiling becomes its compiled form, as a compiled catalogue would hold it. Lingui's `i18n._`
 * draws a descriptor's message that is not a string as it draws a catalogue's compiled message,
 * so no English catalogue is needed. A plain text stays a string (src/i18n/index.ts shows it as
 * it is).
 */
function compiledEnglishMessages(): PluginObj {
  const compiled = (text: string) => {
    const parts = compileMessage(text);
    // JSON drops the `offset: undefined` of a plural, as a compiled catalogue does.
    return parts.length === 1 && parts[0] === text ? null : (JSON.parse(JSON.stringify(parts)) as unknown);
  };
  return {
    name: 'shop:compiled-english-messages',
    visitor: {
      Program: {
        exit(program) {
          program.traverse({
            ObjectExpression(path) {
              if (!path.node.leadingComments?.some((c) => c.value.trim() === 'i18n')) return;
              for (const property of path.get('properties')) {
                if (!property.isObjectProperty() || property.node.computed) continue;
                const { key } = property.node;
                if (!babelTypes.isIdentifier(key, { name: 'message' }) && !babelTypes.isStringLiteral(key, { value: 'message' })) continue;
                const value = property.get('value');
                if (!value.isStringLiteral()) continue;
                const form = compiled(value.node.value);
                if (form !== null) value.replaceWith(babelTypes.valueToNode(form));
              }
            },
          });
        },
      },
    },
  };
}

/**
 * `import { messages } from './locales/en.po?icu'`: the English catalogue's messages that need
 * Lingui's compiled form to be shown (placeholders, plurals, selects, escapes), compiled. The
 * others are plain text, shown as the message each call carries (src/i18n/index.ts). Only the
 * back office imports one (features/admin/i18n.ts); since compiledEnglishMessages compiles such
 * messages where they are written, it is no longer needed there either. Somali is compiled whole
 * (`./locales/so.po`, @lingui/vite-plugin).
 */
function englishIcuCatalogue(): Plugin {
  const SUFFIX = '.po?icu';
  return {
    name: 'shop:lingui-english-icu',
    async load(id) {
      if (!id.endsWith(SUFFIX)) return null;
      const file = id.slice(0, -'?icu'.length);
      const config = getConfig({ cwd: fileURLToPath(new URL('.', import.meta.url)) });
      const found = getCatalogForFile(relative(config.rootDir ?? '.', file), await getCatalogs(config));
      if (!found) throw new Error(`${file} is not a catalogue of lingui.config.ts`);
      this.addWatchFile(file);
      const { messages } = await found.catalog.getTranslations(found.locale, {
        fallbackLocales: config.fallbackLocales || {},
        sourceLocale: config.sourceLocale ?? 'en',
      });
      const plain = (text: string) => {
        const compiled = compileMessage(text);
        return compiled.length === 1 && compiled[0] === text;
      };
      const needed = Object.fromEntries(Object.entries(messages).filter(([, text]) => !plain(text)));
      const { source, errors } = createCompiledCatalog(found.locale, needed, { namespace: 'es' });
      if (errors.length) throw new Error(`${file}: ${errors.map((e) => `${e.source}: ${e.error.message}`).join('; ')}`);
      return { code: source, moduleType: 'js' };
    },
  };
}

/**
 * Lets the build leave out the parts of react-router the shop never uses (its data routers'
 * `<Form>`, `useSubmit`, fetchers' forms: 1.2 KB gzip of the first download). Its modules make
 * components with `React.forwardRef(…)` calls that carry no `@__PURE__` mark and then set each
 * one's `displayName` (a name for React's developer tools only), so the bundler has to keep
 * every such component, used or not. Here the calls get the mark and the `displayName` lines go.
 * Nothing else of the library changes; a later version that marks them itself needs none of it.
 */
function reactRouterPure(): Plugin {
  return {
    name: 'shop:react-router-pure',
    apply: 'build',
    transform(code, id) {
      if (!/\/node_modules\/react-router\/dist\/.+\.m?js$/.test(id.split('?')[0])) return null;
      const pure = code
        .replace(/^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";$/gm, '')
        .replace(/= (React\d*\.forwardRef\()/g, '= /* @__PURE__ */ $1');
      return pure === code ? null : { code: pure, map: null };
    },
  };
}

/**
 * Writes a Brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside each hashed
 * script, stylesheet and SVG, compressed once here at the best levels: the server answers
 * from them (adapters/http/src/precompressed.rs) instead of compressing every request again.
 * A copy no smaller than the file is not written.
 */
function precompressedAssets(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipped = promisify(gzip);
  return {
    name: 'shop:precompressed-assets',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const assets = Object.keys(bundle).filter((name) => /^assets\/[^/]+\.(js|css|svg)$/.test(name));
      await Promise.all(
        assets.map(async (name) => {
          const file = join(dir, name);
          const source = await readFile(file);
          const copies: [string, Buffer][] = [
            ['br', await brotli(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: source.length } })],
            ['gz', await gzipped(source, { level: 9 })],
          ];
          for (const [suffix, copy] of copies) {
            if (copy.length < source.length) await writeFile(`${file}.${suffix}`, copy);
          }
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [linguiMacros(), react(), tailwindcss(), lingui({ failOnCompileError: true }), englishIcuCatalogue(), reactRouterPure(), earlyRequestScript(), startAfterServedPage(), precompressedAssets()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/uploads': { target: backend, changeOrigin: false },
      // The sandbox's card page is the server's own page, not a route of the app.
      '/sandbox': { target: backend, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    rollupOptions: {
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        early: fileURLToPath(new URL('./src/lib/early-request.ts', import.meta.url)),
        start: fileURLToPath(new URL('./src/lib/app-start.ts', import.meta.url)),
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
