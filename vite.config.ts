import { promisify } from 'node:util';
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Brotli (quality 11) and gzip (level 9) copies of the build's scripts and styles, made once
 * here rather than on every request: the server sends the smallest one the browser accepts
 * (express-static-gzip in server/app.ts). Every browser a phone runs asks for brotli, which
 * makes the home page's scripts about 13 % smaller than gzip at the level compression()
 * would use on the fly. Files under 1 KB are left as they are (the headers outweigh the gain).
 */
function precompressAssets(): Plugin {
  return {
    name: 'voltmart:precompress-assets',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const files = Object.keys(bundle).filter((file) => file.startsWith('assets/') && /\.(js|css|svg|json)$/.test(file));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(dir, file);
          const data = await fs.readFile(full);
          if (data.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
            gzip(data, { level: 9 }),
          ]);
          await Promise.all([fs.writeFile(`${full}.br`, br), fs.writeFile(`${full}.gz`, gz)]);
        }),
      );
    },
  };
}

// The dev server (server/dev.ts) mounts Vite in middleware mode inside Express, so
// /trpc and /images are served by the same origin and no proxy is configured here.
export default defineConfig({
  plugins: [react(), tailwindcss(), precompressAssets()],
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
