import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

export default defineConfig(({ isSsrBuild }) => ({
  root: 'web',
  publicDir: 'public',
  plugins: [react()],
  build: isSsrBuild
    ? // `vite build --ssr entry-server.tsx`: the web app's server entry, which the server imports to render pages
      // with React (docs/decisions/089-server-rendering-with-react.md). Packages stay in node_modules.
      { outDir: '../dist/ssr', emptyOutDir: true, sourcemap: false, copyPublicDir: false }
    : {
        outDir: '../dist/web',
        emptyOutDir: true,
        sourcemap: false,
        manifest: true,
        chunkSizeWarningLimit: 800,
        // Our own modules are free of side effects (package.json `sideEffects`, docs/decisions/261-app-modules-free-of-side-effects.md),
        // so a feature's index pulls in only what a page uses.
        // Everything the first page needs in one file: without this, libraries shared with lazy chunks
        // (React, Redux, shared with the RTK Query pages) split the first page into four files, which
        // compress worse (bench/bundle.ts: 0.3 KB gzip more on every page).
        rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] } } },
      },
  server: {
    port: Number(process.env.PORT ?? 5173),
    proxy: { '/api': apiTarget, '/uploads': apiTarget, '/sitemap.xml': apiTarget },
  },
}));
