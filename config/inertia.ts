import { defineConfig } from '@adonisjs/inertia'

const inertiaConfig = defineConfig({
  rootView: 'inertia_layout',
  /*
   * Inertia keeps every visited page's props in the browser's history; they
   * are encrypted with a key in sessionStorage that a sign-in or sign-out
   * drops (CLEAR_HISTORY_FLASH), so Back cannot show the last learner's page.
   */
  encryptHistory: true,
  ssr: {
    enabled: true,
    entrypoint: 'inertia/ssr.tsx',
  },
})

export default inertiaConfig
