import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { aliases } from './vite.aliases.ts';
import { precompress } from './vite.precompress.ts';

// The API (apps/api) listens on :3000 in development; override with API_PROXY_TARGET.
const DEFAULT_API_TARGET = 'http://localhost:3000';

export default defineConfig(({ mode, isSsrBuild }) => {
  const env = loadEnv(mode, fileURLToPath(new URL('.', import.meta.url)), '');
  const target = env.API_PROXY_TARGET || DEFAULT_API_TARGET;
  const proxy = {
    '/api': { target },
    '/uploads': { target },
  };

  if (isSsrBuild) {
    // Issue 19: the server render (src/entry-server.tsx) that the API server loads from
    // dist-ssr/. Self-contained (its packages bundled in), so the API needs none of the web
    // app's packages at run time, e.g. in the container image.
    return {
      plugins: [react(), tailwindcss()],
      resolve: { alias: aliases },
      ssr: { noExternal: true },
      publicDir: false,
      // React's production build whatever NODE_ENV the API runs with (tests, dev): its
      // development build renders several times slower.
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      build: {
        outDir: 'dist-ssr',
        emptyOutDir: true,
        assetsInlineLimit: (filePath: string) => (filePath.includes('country-flag-icons') ? false : undefined),
      },
    };
  }

  return {
    // precompress: .br and .gz beside each built file, served as they are (issue 19).
    plugins: [react(), tailwindcss(), precompress()],
    resolve: {
      alias: aliases,
    },
    server: { port: 5173, proxy },
    preview: { port: 4173, proxy },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // Flags stay files (src/components/country-flag.tsx): inlined, all 265 would sit in the bundle.
      assetsInlineLimit: (filePath: string) => (filePath.includes('country-flag-icons') ? false : undefined),
      // dist/.vite/manifest.json: the API preloads each page's chunks in its HTML (apps/api/src/web/route-preloads.ts).
      manifest: true,
      rolldownOptions: {
        output: {
          // Pages are lazy routes (src/app/router.tsx), so each page is its own chunk.
          // Vendor code is grouped so it caches across deploys; zod and react-hook-form are
          // only pulled in by the forms that use them, never by a page's first load.
          codeSplitting: {
            groups: [
              {
                name: 'react',
                test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
                priority: 30,
              },
              { name: 'query', test: /[\\/]node_modules[\\/]@tanstack[\\/]/, priority: 20 },
              // Apart, because several forms (contact, feedback, support, the search check)
              // validate with zod and need no react-hook-form.
              { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/, priority: 10 },
              {
                name: 'hook-form',
                test: /[\\/]node_modules[\\/](react-hook-form|@hookform)[\\/]/,
                priority: 10,
              },
            ],
          },
        },
      },
    },
  };
});
