import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

// The server on :8090 serves the API, realtime (SSE) and files; in development Vite forwards
// them so the app can keep using same-origin URLs (`new PocketBase('/')`). The key is a
// regular expression because a plain '/api' prefix would also swallow the app's /api-docs.
const apiProxy = {
  '^/api(/|$)': { target: 'http://127.0.0.1:8090', changeOrigin: true, ws: true },
};

/**
 * Emits the build manifest the app polls to notice a newer deployment:
 * `builds/latest.json` (the current id) and `builds/meta/{id}.json` (that build's details: the
 * same, and `assets`, every content-hashed file under assets/, which /debug/static checks the
 * server's caching and compression of). The same id is compiled into the app as
 * `import.meta.env.VITE_BUILD_ID` to compare with.
 */
function buildManifest(): Plugin {
  const id = randomBytes(8).toString('hex');
  const timestamp = Date.now();
  return {
    name: 'airgrid-build-manifest',
    // The server-rendering bundle (dist-ssr) is not a deployment the browser polls for.
    apply: (_config, env) => !env.isSsrBuild,
    config: () => ({
      define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(id) },
    }),
    generateBundle: {
      // After the other plugins have added their files (the stylesheets among them).
      order: 'post',
      handler(_options, bundle) {
        const source = `${JSON.stringify({ id, timestamp })}\n`;
        const assets = Object.keys(bundle)
          .filter((name) => name.startsWith('assets/'))
          .sort();
        const details = `${JSON.stringify({ id, timestamp, assets })}\n`;
        this.emitFile({ type: 'asset', fileName: 'builds/latest.json', source });
        this.emitFile({ type: 'asset', fileName: `builds/meta/${id}.json`, source: details });
      },
    },
  };
}

/**
 * In development, serves the widget page for /embed/:id as the server does in production
 * (apps/server/src/features/embeds/embed-routes.ts), instead of the app's index.html.
 */
function embedPages(): Plugin {
  return {
    name: 'airgrid-embed-pages',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        if (request.url && /^\/embed\/[^/?#]+/.test(request.url)) request.url = '/embed.html';
        next();
      });
    },
  };
}

/**
 * Links the stylesheets of the app's chunk from index.html. The entry (src/main.tsx) loads the
 * app as a chunk of its own after the first paint; its CSS would then arrive with it, after a
 * server-rendered page had painted unstyled. Linked here, it blocks the first paint as a
 * stylesheet should, and the chunk finds it already loaded.
 */
function appStylesInIndex(): Plugin {
  return {
    name: 'airgrid-app-styles-in-index',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const { bundle, chunk } = context;
        if (!bundle || !chunk || !context.filename.endsWith('index.html')) return [];
        const styles = new Set<string>();
        const visit = (fileName: string, seen = new Set<string>()) => {
          const output = bundle[fileName];
          if (output?.type !== 'chunk' || seen.has(fileName)) return;
          seen.add(fileName);
          for (const css of output.viteMetadata?.importedCss ?? []) styles.add(css);
          for (const imported of output.imports) visit(imported, seen);
        };
        for (const dynamic of chunk.dynamicImports) visit(dynamic);
        for (const css of chunk.viteMetadata?.importedCss ?? []) styles.delete(css);
        return [...styles].map((css) => ({
          tag: 'link',
          attrs: { rel: 'stylesheet', crossorigin: true, href: `/${css}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/** What the boot script (src/main.tsx) and everything it imports statically may weigh, raw. */
const BOOT_BUDGET_BYTES = 16 * 1024;

/**
 * Fails the build when the boot script outgrows its budget: a guest's page runs only it
 * (docs/decisions/0029-guest-pages-start-the-app-on-demand.md), so one static import of React or
 * Mantine there (say, a hook beside a constant the boot script reads) would quietly put the
 * app's runtime back on every visit.
 */
function bootBudget(): Plugin {
  return {
    name: 'airgrid-boot-budget',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    generateBundle(_options, bundle) {
      const entry = Object.values(bundle).find(
        (output) =>
          output.type === 'chunk' &&
          output.isEntry &&
          output.facadeModuleId?.endsWith('/index.html'),
      );
      if (entry?.type !== 'chunk') return;
      const seen = new Set<string>();
      const visit = (fileName: string): number => {
        const output = bundle[fileName];
        if (seen.has(fileName) || output?.type !== 'chunk') return 0;
        seen.add(fileName);
        return output.code.length + output.imports.reduce((sum, name) => sum + visit(name), 0);
      };
      const bytes = visit(entry.fileName);
      if (bytes > BOOT_BUDGET_BYTES) {
        this.error(
          `The boot script and its static imports weigh ${bytes} bytes (budget ${BOOT_BUDGET_BYTES}): ${[...seen].join(', ')}. Import the app's modules dynamically from src/main.tsx.`,
        );
      }
    },
  };
}

/** Text files worth compressing: scripts, styles, pages, SVG and JSON. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this the headers outweigh the saving. */
const MIN_COMPRESS_BYTES = 1024;

/**
 * Writes `file.br` (brotli, best quality) and `file.gz` (gzip, level 9) beside each text file of
 * the build, where smaller; the server sends the one a browser accepts (`preCompressed` in
 * apps/server/src/http/web-app.ts). Done once here, at the highest levels, rather than on every
 * request (docs/decisions/0015-compressed-responses.md).
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipAsync = promisify(gzip);
  return {
    name: 'airgrid-precompress',
    // Only what browsers download; the server-rendering bundle is read from disk by the server.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? path.join(root, 'dist');
      const files = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(outDir, name);
          const source = await readFile(file);
          if (source.length < MIN_COMPRESS_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(source, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                [zlib.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            gzipAsync(source, { level: 9 }),
          ]);
          if (br.length < source.length) await writeFile(`${file}.br`, br);
          if (gz.length < source.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  root,
  // The favicon and other public files belong to the browser's build only.
  publicDir: isSsrBuild ? false : 'public',
  plugins: [
    react(),
    buildManifest(),
    embedPages(),
    appStylesInIndex(),
    bootBudget(),
    precompress(),
  ],
  resolve: {
    // Workspace packages export their TypeScript source under this condition.
    conditions: [...defaultClientConditions, 'airgrid-source'],
  },
  server: { port: 5173, strictPort: true, proxy: apiProxy },
  preview: { port: 4173, proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    // hls.js (580 kB, 180 kB gzipped) is the one chunk past Vite's default 500 kB warning. It is
    // loaded only by a live player, after the page has painted, and a lighter build would drop
    // the caption and alternate-audio tracks stations send; what a first paint costs is held by
    // the boot script's own budget (`bootBudget` above).
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // The app, and the widgets stations embed (/embed/:id): a page of its own that shares no
      // chunk with the app beyond the bundler's runtime, so visitors download a few kilobytes.
      input: {
        index: fileURLToPath(new URL('index.html', import.meta.url)),
        embed: fileURLToPath(new URL('embed.html', import.meta.url)),
      },
      output: {
        // React changes less often than the app: a chunk of its own stays cached across deploys.
        // Other libraries are not grouped: one `mantine` or `vendor` chunk would hold what every
        // staff page uses and make each public page download it; left to the bundler, they go
        // with the pages that import them (docs/decisions/0020-fast-public-pages.md).
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
              priority: 30,
            },
            // Loaded on demand by players (the watch pages, the player widget).
            { name: 'hls', test: /node_modules[\\/]hls\.js[\\/]/, priority: 25 },
          ],
        },
      },
    },
  },
}));
