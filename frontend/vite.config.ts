import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// The config lives in frontend/ but is run from the repository root
// (`vite build --config frontend/vite.config.ts`), so every path is anchored here.
const frontendDir = fileURLToPath(new URL('.', import.meta.url));
const contractsDir = fileURLToPath(new URL('../contracts', import.meta.url));
const repoDir = fileURLToPath(new URL('..', import.meta.url));

/**
 * Writes x.js.br (brotli 11) and x.js.gz (gzip -9) beside every text asset of the build: the
 * server sends those as they are (backend/src/common/http/static-delivery.ts), so the smallest
 * encoding costs nothing per request. Files under 1 KB are not worth it; woff2/png are
 * compressed already, and the ttf/eot icon fonts are fallbacks no current browser fetches (the
 * server still compresses them on the fly if one does).
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipAsync = promisify(gzip);
  return {
    name: 'stitchboard-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir!;
      const texts = Object.keys(bundle).filter((file) => file.startsWith('assets/') && /\.(js|mjs|css|svg|json)$/.test(file));
      await Promise.all(
        texts.map(async (file) => {
          const path = join(dir, file);
          const source = await readFile(path);
          if (source.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: source.length } }),
            gzipAsync(source, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * PrimeReact's lara-light-teal hard-codes its teal in ~150 rules: white on #14b8a6 is 2.48:1 and
 * the #99f6e4 focus ring 1.3:1 against white (issue 10, accessibility). The whole primary scale
 * moves two steps darker at build time — 500 → 700 (#0f766e, 5.47:1 with white), 600 → 800,
 * the focus ring → 600 (3.7:1) — instead of re-declaring every rule in styles/contrast.css.
 */
const DARKER_TEAL: Record<string, string> = { '#14b8a6': '#0f766e', '#0d9488': '#115e59', '#99f6e4': '#0d9488' };

function accessibleTheme(): Plugin {
  return {
    name: 'stitchboard-accessible-theme',
    enforce: 'pre',
    transform(code, id) {
      if (!/lara-light-teal[\\/]theme\.css/.test(id)) return null;
      return { code: code.replace(/#14b8a6|#0d9488|#99f6e4/gi, (colour) => DARKER_TEAL[colour.toLowerCase()]), map: null };
    },
  };
}

const backendTarget = `http://127.0.0.1:${process.env.BACKEND_PORT || 3000}`;

export default defineConfig({
  root: frontendDir,
  plugins: [react(), accessibleTheme(), precompress()],
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
    rollupOptions: {
      output: {
        // What every page runs (React, i18n, the router, PrimeReact's core, the HTTP client) in
        // one chunk: one request instead of eight on a 150 ms link, and it compresses better
        // whole. Screens, charts and the socket client stay in their own lazy chunks.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|i18next|react-i18next|wouter|regexparam|use-sync-external-store|axios|js-cookie|primereact[\\/](api|utils|componentbase|hooks|iconbase|ripple|csstransition|portal|overlayservice|tooltip|button)|react-transition-group|dom-helpers|@babel[\\/]runtime)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
