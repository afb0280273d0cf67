/**
 * Lingui: the storefront's texts in English (the source) and Somali.
 * `npm run i18n:extract` collects every `t`/`<Trans>`/`plural`/`msg` of src/ (the back office
 * stays English) into src/i18n/locales/{en,so}.po; a translator corrects so.po's msgstr lines
 * (Poedit, Weblate or any text editor) without touching code. Vite compiles the .po files on
 * import (@lingui/vite-plugin).
 */
import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'so'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/i18n/locales/{locale}',
      include: ['<rootDir>/src'],
      exclude: ['**/features/admin/**', '**/__tests__/**', '**/testing/**', '**/*.test.*'],
    },
  ],
  orderBy: 'origin',
  // The `t`, `plural` and `msg` macros use the app's instance, which is English from its first import.
  runtimeConfigModule: { i18n: ['@/i18n', 'i18n'] },
  format: formatter({ lineNumbers: false }),
});
