import ViteProvider from '@adonisjs/vite/vite_provider'

/**
 * Vite's provider, which starts its development server in every test run:
 * not when the run serves the pages from their production build
 * (TEST_ASSETS=build, the whole suite's default: bin/test.ts).
 */
export default class TestAssetsViteProvider extends ViteProvider {
  #fromBuild = this.app.inTest && process.env.TEST_ASSETS === 'build'

  async start() {
    if (!this.#fromBuild) await super.start()
  }

  async shutdown() {
    if (!this.#fromBuild) await super.shutdown()
  }
}
