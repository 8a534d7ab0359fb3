// Vite builds the client into dist/: index.html (served by the gateway at / and never cached)
// and hashed files under assets/ (cached for good). No CDN, no inline script: the gateway's
// Content-Security-Policy allows scripts from Parley's own origin only.
import { defineConfig } from 'vite';

export default defineConfig({
  base: '/',
  // JSX through esbuild/oxc's automatic runtime: no Babel plugin needed for a production build.
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    sourcemap: true,
    // The module-preload polyfill is an inline script; every browser Parley supports preloads natively.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 600,
    // No data: URLs for fonts and images: the CSP's font-src is 'self' only.
    assetsInlineLimit: 0,
  },
  server: {
    // `npm run dev -w web` proxies the API to a running Parley (npm start).
    proxy: { '/json': 'http://127.0.0.1:9991', '/accounts': 'http://127.0.0.1:9991', '/user_uploads': 'http://127.0.0.1:9991', '/user_avatars': 'http://127.0.0.1:9991' },
  },
});
