import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server's address during development (npm run dev starts it on port 3000).
const API_TARGET = 'http://127.0.0.1:3000';

export default defineConfig({
  root: 'src/web',
  plugins: [react()],
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
