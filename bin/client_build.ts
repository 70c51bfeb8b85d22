/*
| The pages' production build, for the test suite: a whole-suite run serves
| the browser and the pages' server rendering from what `vite build` makes
| (public/assets), as production does, instead of Vite's development server
| (docs/development.md: Running the tests).
|
| The build records what it was made of: recordBuildInputs(), a Vite plugin,
| writes the source files of each bundle (client and server) and their digest
| beside its manifest. ensureClientBuild() builds again only when a file so
| listed, the Vite configuration or the lockfile changed since.
*/
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'

const root = fileURLToPath(new URL('../', import.meta.url))
/* what every bundle depends on besides its modules */
const ALWAYS = ['vite.config.ts', 'package-lock.json']
const RECORDS = ['public/assets/.vite/inputs.json', 'public/assets/server/.vite/inputs.json']

type Inputs = { files: string[]; digest: string }

function digestOf(files: string[]) {
  const hash = createHash('sha256')
  for (const file of [...ALWAYS, ...files]) {
    hash.update(file)
    hash.update(existsSync(join(root, file)) ? readFileSync(join(root, file)) : 'missing')
  }
  return hash.digest('hex')
}

/** The Vite plugin: each bundle's own source files (not node_modules) and their digest, in `.vite/inputs.json`. */
export function recordBuildInputs(): Plugin {
  let files: string[] = []
  return {
    name: 'mnemo:record-build-inputs',
    apply: 'build',
    generateBundle() {
      files = [...this.getModuleIds()]
        .map((id) => id.split('?')[0])
        .filter((id) => id.startsWith(root) && !id.includes(`${sep}node_modules${sep}`))
        .filter((id) => existsSync(id))
        .map((id) => relative(root, id))
        .sort()
    },
    async writeBundle(options) {
      if (!options.dir) return
      const record: Inputs = { files, digest: digestOf(files) }
      await mkdir(join(options.dir, '.vite'), { recursive: true })
      await writeFile(join(options.dir, '.vite', 'inputs.json'), JSON.stringify(record))
    },
  }
}

/** Whether public/assets holds a build of the sources as they are now. */
function clientBuildIsCurrent() {
  return RECORDS.every((path) => {
    if (!existsSync(join(root, path))) return false
    const record = JSON.parse(readFileSync(join(root, path), 'utf8')) as Inputs
    return digestOf(record.files) === record.digest
  })
}

/** Builds the pages (client and server bundles) unless the last build is of the sources as they are. */
export async function ensureClientBuild(log: (line: string) => void) {
  if (clientBuildIsCurrent()) return
  log(
    'building the pages with Vite, as production serves them (the sources changed since the last build)'
  )
  const vite = spawn(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--app'],
    {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    }
  )
  let output = ''
  vite.stdout.on('data', (chunk) => (output += chunk))
  vite.stderr.on('data', (chunk) => (output += chunk))
  const code = await new Promise<number | null>((resolve) => vite.on('close', resolve))
  if (code !== 0) throw new Error(`vite build failed (exit ${code}):\n${output.slice(-4000)}`)
}
