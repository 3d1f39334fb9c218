import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/vite-precompress.ts';
import { preloadHomePage } from './scripts/vite-preload-home.ts';

const apiPort = process.env.PORT ?? '3000';

export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? {
        // `vite build --ssr ssr/render-page.tsx`: the server's render of `/` (dist/ssr/render-page.js).
        root: 'src/web',
        publicDir: false,
        plugins: [react()],
        build: { outDir: '../../dist/ssr', emptyOutDir: true, sourcemap: true },
      }
    : {
        root: 'src/web',
        publicDir: 'public',
        plugins: [react(), tailwindcss(), preloadHomePage(), precompress()],
        build: {
          outDir: '../../dist/web',
          emptyOutDir: true,
          sourcemap: true,
          // dist/web/.vite/manifest.json: which files each page loads (scripts/home-page-weight.ts reads it).
          manifest: true,
        },
        server: {
          port: 5173,
          proxy: { '/api': `http://127.0.0.1:${apiPort}` },
        },
      },
);
