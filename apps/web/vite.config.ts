import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 8000,
    sourcemap: false,
    // Brotli/gzip sizes are made once by scripts/lib/precompress.mjs after the build; Vite's own size report would compress everything again.
    reportCompressedSize: false,
    rolldownOptions: {
      output: {
        // What the first screen needs (everything statically imported from the entry) in one chunk: left to
        // itself the bundler cut it into ~40 small shared chunks, each one more request and round trip on a
        // slow network (issue 28 point 4). Later screens (React.lazy) and Monaco keep their own chunks.
        codeSplitting: { groups: [{ name: 'first-screen', tags: ['$initial'] }] },
      },
    },
  },
  worker: { format: 'es' },
  server: { proxy: { '/api': 'http://127.0.0.1:10824' } },
});
