/** A Lingui catalogue, compiled by @lingui/vite-plugin when imported. */
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}

/** The English messages that need compiling (vite.config.ts, englishIcuCatalogue). */
declare module '*.po?icu' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
