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
  },
  worker: { format: 'es' },
  server: { proxy: { '/api': 'http://127.0.0.1:10824' } },
});
