import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The config lives in frontend/ but is run from the repository root
// (`vite build --config frontend/vite.config.ts`), so every path is anchored here.
const frontendDir = fileURLToPath(new URL('.', import.meta.url));
const contractsDir = fileURLToPath(new URL('../contracts', import.meta.url));
const repoDir = fileURLToPath(new URL('..', import.meta.url));

const backendTarget = `http://127.0.0.1:${process.env.BACKEND_PORT || 3000}`;

export default defineConfig({
  root: frontendDir,
  plugins: [react()],
  resolve: {
    alias: { '@contracts': contractsDir },
  },
  server: {
    port: Number(process.env.FRONTEND_PORT || 5173),
    // contracts/ sits outside the Vite root; the dev server must be allowed to serve it.
    fs: { allow: [repoDir] },
    proxy: {
      '/api': { target: backendTarget, changeOrigin: true },
      '/socket.io': { target: backendTarget, ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
  },
});
