import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/inertia'

const inertiaConfig = defineConfig({
  rootView: 'inertia_layout',
  /*
   * Inertia keeps every visited page's props in the browser's history; they
   * are encrypted with a key in sessionStorage that a sign-in or sign-out
   * drops (CLEAR_HISTORY_FLASH), so Back cannot show the last learner's page.
   */
  encryptHistory: true,
  /*
   * The assets' version is the Vite manifest's hash, which a new build changes: an open page then reloads. The
   * tests serve the pages from a build too (bin/client_build.ts), but Japa's Inertia client sends the
   * configured version or "1", so they pin it.
   */
  assetsVersion: app.inTest ? '1' : undefined,
  ssr: {
    enabled: true,
    entrypoint: 'inertia/ssr.tsx',
  },
})

export default inertiaConfig
