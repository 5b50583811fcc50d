import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { appManifest } from './src/web/service-worker/app-manifest.js';

// The API server's address during development (npm run dev starts it on port 3000).
const API_TARGET = 'http://127.0.0.1:3000';

/** The app shell: page, scripts, styles, icons and manifest. */
const PRECACHED = ['index.html', 'assets/*.{js,css}', 'favicon.svg', 'after-first-paint.js', 'icons/*.png'];
/**
 * PDF reading and OCR load only when someone opens a PDF, and weigh megabytes (pdf.js and its worker, the
 * tesseract worker, wasm cores and language data, character maps, fonts): they stay out of the precache and
 * come from the server, hashed and cached for good by the browser's own cache. See decision 031 for sizes.
 */
const NOT_PRECACHED = [
  '**/pdf*.{js,mjs}',
  '**/editor-page-*',
  '**/worker.min-*',
  '**/*tesseract*',
  '**/*.wasm',
  '**/ocr-*/**',
];

export default defineConfig({
  root: 'src/web',
  plugins: [
    react(),
    // The service worker is ours (src/web/service-worker/sw.ts); the plugin builds it, writes the manifest,
    // links it from index.html and injects the precache list with each file's revision (decision 031).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'service-worker',
      filename: 'sw.ts',
      // src/web/lib/service-worker.ts registers it, in production builds only.
      injectRegister: false,
      manifest: appManifest,
      manifestFilename: 'manifest.webmanifest',
      includeManifestIcons: false,
      injectManifest: {
        // A classic script: every browser with service workers runs it (module workers are newer).
        rollupFormat: 'iife',
        globPatterns: PRECACHED,
        globIgnores: NOT_PRECACHED,
        // The largest precached file is the main bundle (about 0.5 MB); anything far over that is a mistake.
        maximumFileSizeToCacheInBytes: 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    // Hidden: the bundles carry no sourceMappingURL, and scripts/build.mjs moves the maps out of the web root.
    sourcemap: 'hidden',
    rolldownOptions: {
      output: {
        // tesseract.js asks for its language data as `<folder>/eng.traineddata.gz`: that file keeps its
        // name, in a folder named by its hash (so it is still cached for good); every other asset is named
        // as Vite's default does.
        assetFileNames: (asset) =>
          asset.names.some((name) => name.endsWith('.traineddata.gz'))
            ? 'assets/ocr-[hash]/[name][extname]'
            : 'assets/[name]-[hash][extname]',
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/uploads': { target: API_TARGET, changeOrigin: false },
      '/socket.io': { target: API_TARGET, ws: true, changeOrigin: false },
    },
  },
});
