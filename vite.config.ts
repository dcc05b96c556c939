import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// The dev server (server/dev.ts) mounts Vite in middleware mode inside Express, so
// /trpc and /images are served by the same origin and no proxy is configured here.
export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // The admin area and every non-home screen are dynamic imports in src/app/router.tsx,
    // which is what splits them into their own lazy chunks; nothing else is needed here.
    target: 'es2022',
    assetsInlineLimit: 2048,
    // dist/.vite/manifest.json: which chunks each entry loads (`npm run bench:web` counts the home page's).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: [{ name: 'vendor', test: /node_modules[\\/](?!zod[\\/])/ }] },
      },
    },
  },
});
