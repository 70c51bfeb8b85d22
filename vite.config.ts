import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import adonisjs from '@adonisjs/vite/client'
import { recordBuildInputs } from './bin/client_build.js'

export default defineConfig({
  plugins: [
    react(),
    adonisjs({
      entryPoints: ['inertia/app.tsx'],
      serverEntryPoints: ['inertia/ssr.tsx'],
      reload: ['resources/views/**/*.edge'],
    }),
    /* what each bundle was made of, so that a test run builds again only when it changed (bin/client_build.ts) */
    recordBuildInputs(),
  ],
  /*
   * found on the first page load otherwise, which makes Vite reload the page once (a browser test can lose its
   * first click)
   */
  optimizeDeps: {
    include: ['@adonisjs/inertia/react', '@tuyau/core/client'],
    /* self-contained ES modules, served as they are: nothing for the optimizer to find late (the AI generator page) */
    exclude: ['@adonisjs/transmit-client', 'pdfjs-dist'],
  },
  server: {
    watch: {
      /*
       * What the app writes while it runs: the embedded PostgreSQL's data
       * (tmp/postgres), uploads and exports (storage), the production build.
       * Watched, every commit of the embedded database was a file event: a
       * fresh-clone `npm test` spent a third of its CPU in the watcher.
       */
      ignored: ['**/tmp/**', '**/storage/**', '**/build/**'],
    },
  },
  /* a test run split in two (bin/test_shards.ts): each half's dev server prebundles into a cache of its own */
  cacheDir: process.env.TEST_SHARD
    ? `node_modules/.vite/shard-${process.env.TEST_SHARD}`
    : undefined,
  /*
   * Fewer, larger chunks (issue 33): on a phone's network each file costs a round trip on one of six
   * connections, so the study page's 21 scripts cost more than their bytes. What the app's entry imports
   * (React, Inertia, the routes, the translations' formatter) is one chunk with it; the app's own parts
   * that four or more pages share are one chunk more. The pages' own code and the heavy libraries (the
   * editor, KaTeX, pdf.js) stay apart. bench/page_weight.ts measures it.
   */
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'shared', tags: ['$initial'], priority: 2 },
            {
              name: 'ui',
              test: /[\\/]inertia[\\/](components|lib|layouts)[\\/]/,
              minShareCount: 4,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  resolve: {
    alias: [
      { find: '~/', replacement: `${import.meta.dirname}/inertia/` },
      /* the route registry `npm run codegen` writes for the frontend (inertia/lib/routes.ts) */
      {
        find: '~registry',
        replacement: `${import.meta.dirname}/.adonisjs/client/registry/index.ts`,
      },
      /*
       * the server's scheduler, shared with the offline study page (issue 34, docs/offline.md): its own
       * imports name each other by the package's subpath (#scheduling/x.js stands for x.ts)
       */
      {
        find: /^#scheduling\/(.*?)(\.js)?$/,
        replacement: `${import.meta.dirname}/app/scheduling/$1.ts`,
      },
    ],
  },
})
