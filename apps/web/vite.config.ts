import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const STARTUP_PREFETCH = fileURLToPath(new URL('./src/app/startup-prefetch.ts', import.meta.url));

/**
 * The start-up prefetch (src/app/startup-prefetch.ts) as a tiny entry of its own, named first in
 * index.html's head, so its GETs leave before the app's entry chunk is parsed (issue 28 point 4); async,
 * so it does not wait for the stylesheet as a deferred module would. Vite
 * would merge a second script of index.html into the app's entry, hence an emitted chunk.
 */
function startupPrefetch(): Plugin {
  let building = false;
  return {
    name: 'askdb-startup-prefetch',
    configResolved(config) {
      building = config.command === 'build';
    },
    buildStart() {
      if (building) this.emitFile({ type: 'chunk', id: STARTUP_PREFETCH, name: 'startup-prefetch' });
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunk = ctx.bundle && Object.values(ctx.bundle).find((c) => c.type === 'chunk' && c.isEntry && c.name === 'startup-prefetch');
        const src = chunk ? `/${chunk.fileName}` : ctx.bundle ? undefined : '/src/app/startup-prefetch.ts';
        return src ? [{ tag: 'script', attrs: { type: 'module', async: true, crossorigin: true, src }, injectTo: 'head-prepend' }] : [];
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), startupPrefetch()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 8000,
    sourcemap: false,
    // Brotli/gzip sizes are made once by scripts/lib/precompress.mjs after the build; Vite's own size report would compress everything again.
    reportCompressedSize: false,
    rolldownOptions: {
      // packages/contracts is mostly zod schemas for the server; the web app uses a few enums and limits from it.
      // Its modules have no side effects but strict-csp.ts (zod's jitless switch under the CSP), so unused
      // schemas are dropped instead of shipping zod and every schema with the first screen (issue 28 point 4).
      treeshake: {
        moduleSideEffects: (id: string) => !(/[\\/]packages[\\/]contracts[\\/]src[\\/]/.test(id) && !/strict-csp\.ts$/.test(id)),
      },
      output: {
        // What the first screen needs (everything statically imported from the entry) in one chunk: left to
        // itself the bundler cut it into ~40 small shared chunks, each one more request and round trip on a
        // slow network (issue 28 point 4). Later screens (React.lazy) and Monaco keep their own chunks.
        // The start-up prefetch (a second entry in index.html) stays a tiny file of its own that runs first.
        codeSplitting: { groups: [{ name: 'first-screen', tags: ['$initial'], test: (id: string) => !id.endsWith('startup-prefetch.ts') }] },
      },
    },
  },
  worker: { format: 'es' },
  server: { proxy: { '/api': 'http://127.0.0.1:10824' } },
});
