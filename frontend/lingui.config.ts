/**
 * Lingui: the shop's texts in English (the source) and Somali, in two catalogues.
 * `npm run i18n:extract` collects every `t`/`<Trans>`/`plural`/`msg` of src/ into
 * src/i18n/locales/{en,so}.po (the storefront), except the back office's (features/admin and the
 * admin-only lib/admin-paths.ts and payments/admin), which go to src/features/admin/locales/{en,so}.po:
 * a chunk the admin area loads itself (features/admin/i18n.ts), so shoppers never download its Somali.
 * A translator corrects so.po's msgstr lines (Poedit, Weblate or any text editor) without
 * touching code. Vite compiles the .po files on import (@lingui/vite-plugin).
 */
import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/** The back office's code (as globs: an exclude names files): its texts are in its own catalogue. */
const BACK_OFFICE = ['<rootDir>/src/features/admin/**', '<rootDir>/src/lib/admin-paths.ts', '<rootDir>/src/payments/admin/**'];
/** Code whose texts nobody is shown: tests and their harness. */
const NOT_SHOWN = ['**/__tests__/**', '**/testing/**', '**/*.test.*'];

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'so'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    // The storefront's first: src/i18n/__tests__/catalogues.test.ts reads them in this order.
    {
      path: '<rootDir>/src/i18n/locales/{locale}',
      include: ['<rootDir>/src'],
      exclude: [...BACK_OFFICE, ...NOT_SHOWN],
    },
    {
      path: '<rootDir>/src/features/admin/locales/{locale}',
      include: BACK_OFFICE,
      exclude: NOT_SHOWN,
    },
  ],
  orderBy: 'origin',
  // The `t`, `plural` and `msg` macros use the app's instance, which is English from its first import.
  runtimeConfigModule: { i18n: ['@/i18n', 'i18n'] },
  format: formatter({ lineNumbers: false }),
});
