/** One language's merged strings, made at build time from i18n/catalogue.ts (vite.config.ts, askdbLocaleMessages). */
declare module 'virtual:askdb-messages/*' {
  const messages: Record<string, string>;
  export default messages;
}
