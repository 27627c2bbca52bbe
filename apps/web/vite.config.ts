import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { build as esbuild } from 'esbuild';

const STARTUP_PREFETCH = fileURLToPath(new URL('./src/app/startup-prefetch.ts', import.meta.url));
const CATALOGUE = fileURLToPath(new URL('./src/i18n/catalogue.ts', import.meta.url));
const MESSAGES = 'virtual:askdb-messages/';
const STRICT_CSP = fileURLToPath(new URL('../../packages/contracts/src/strict-csp.ts', import.meta.url));

/**
 * zod's eval probe off before any schema parses, in whatever chunk zod comes in (issue 24 point 3). contracts'
 * index imports strict-csp.ts first, but the tree-shaking below takes the schemas a chunk uses straight from
 * their modules, without the index: so each contracts module that imports zod imports strict-csp.ts too
 * (appended: imports are hoisted, and the line numbers stay).
 */
function zodUnderCsp(): Plugin {
  return {
    name: 'askdb-zod-under-csp',
    transform(code, id) {
      if (!/[\\/]packages[\\/]contracts[\\/]src[\\/]/.test(id) || path.resolve(id) === STRICT_CSP || !/from ['"]zod['"]/.test(code)) return undefined;
      return { code: `${code}\nimport ${JSON.stringify(STRICT_CSP)};\n`, map: null };
    },
  };
}

interface Catalogue {
  /** Merged strings per language. */
  messages: Record<string, Record<string, string>>;
  /** The source files they came from (watched in dev). */
  inputs: string[];
}

/** Runs src/i18n/catalogue.ts (plain data, bundled by esbuild) and answers every language's merged strings. */
async function readCatalogue(): Promise<Catalogue> {
  const out = await esbuild({ entryPoints: [CATALOGUE], bundle: true, write: false, format: 'esm', platform: 'neutral', metafile: true, logLevel: 'silent' });
  const inputs = Object.keys(out.metafile.inputs).map((f) => path.resolve(process.cwd(), f));
  const foreign = inputs.filter((f) => f.includes(`${path.sep}node_modules${path.sep}`) && !f.includes(`${path.sep}packages${path.sep}`));
  if (foreign.length) throw new Error(`i18n/catalogue.ts must stay plain data, but it reaches ${foreign.join(', ')}`);
  const mod = (await import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0]!.text).toString('base64')}`)) as {
    CATALOGUE_LOCALES: string[];
    catalogueMessages(l: string): Record<string, string>;
  };
  return { messages: Object.fromEntries(mod.CATALOGUE_LOCALES.map((l) => [l, mod.catalogueMessages(l)])), inputs };
}

/**
 * `virtual:askdb-messages/<locale>`: one language's strings as a module of their own (issue 28 point 4), so the
 * first screen parses English only (the fallback of the others) and Chinese or Japanese load when used. The
 * object is a JSON string handed to JSON.parse, which V8 reads faster than the same object literal.
 */
function askdbLocaleMessages(): Plugin {
  let catalogue: Promise<Catalogue> | undefined;
  return {
    name: 'askdb-locale-messages',
    resolveId(id) {
      return id.startsWith(MESSAGES) ? `\0${id}` : undefined;
    },
    async load(id) {
      if (!id.startsWith(`\0${MESSAGES}`)) return undefined;
      const locale = id.slice(MESSAGES.length + 1);
      const { messages, inputs } = await (catalogue ??= readCatalogue());
      for (const f of inputs) this.addWatchFile(f);
      if (!messages[locale]) this.error(`no strings for ${locale}`);
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(messages[locale]))});`;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        // Each language's strings module, named for the start-up prefetch (preloads the page's language) and for
        // the service worker (caches what index.html names, so the app starts offline in every language).
        if (!ctx.bundle) return [];
        return Object.values(ctx.bundle).flatMap((c) => {
          const m = c.type === 'chunk' && c.facadeModuleId?.match(/[\\/]src[\\/]i18n[\\/]locales[\\/]([a-z]{2}-[A-Z]{2})\.ts$/);
          return m ? [{ tag: 'meta', attrs: { name: 'askdb-strings', 'data-locale': m[1]!, content: `/${c.fileName}` }, injectTo: 'head-prepend' as const }] : [];
        });
      },
    },
    watchChange(file) {
      if (catalogue) void catalogue.then(({ inputs }) => inputs.includes(path.resolve(file)) && (catalogue = undefined));
    },
    configureServer(server) {
      // Dev server: a changed string file makes the next page load read the catalogue again.
      server.watcher.on('change', (file) => {
        void catalogue?.then(({ inputs }) => {
          if (!inputs.includes(path.resolve(file))) return;
          catalogue = undefined;
          for (const m of [...server.moduleGraph.idToModuleMap.values()].filter((x) => x.id?.startsWith(`\0${MESSAGES}`))) server.moduleGraph.invalidateModule(m);
          server.ws.send({ type: 'full-reload' });
        });
      });
    },
  };
}

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
  plugins: [react(), startupPrefetch(), askdbLocaleMessages(), zodUnderCsp()],
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
      // packages/sql's modules have none either (no module is imported for its effects): the tree's menu takes
      // dialectFor from its index without the parser, completion and function definitions the console needs.
      treeshake: {
        moduleSideEffects: (id: string) => !((/[\\/]packages[\\/]contracts[\\/]src[\\/]/.test(id) && !/strict-csp\.ts$/.test(id)) || /[\\/]packages[\\/]sql[\\/]src[\\/]/.test(id)),
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
