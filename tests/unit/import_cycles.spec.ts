import { test } from '@japa/runner'
import { fileURLToPath } from 'node:url'
import { cruise } from 'dependency-cruiser'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

/*
 * The one kind of cycle app/ keeps: two Lucid models whose relations name
 * each other (`@belongsTo(() => Note)` on Card, `@hasMany(() => Card)` on
 * Note). Lucid resolves them lazily through the thunks, after both modules
 * loaded, and both ends are used. Named one by one, so a new cycle between
 * models fails too.
 */
const MODEL_RELATIONS = [
  ['app/models/card.ts', 'app/models/note.ts'],
  ['app/models/social_account.ts', 'app/models/user.ts'],
].map((pair) => pair.sort().join(' ↔ '))

/**
 * Every import cycle in app/, each as its modules in order (the first again
 * at the end). dependency-cruiser resolves the package.json "imports"
 * aliases (#actions/*, …) to the .ts sources, dynamic and type-only imports
 * included (madge leaves the aliases unresolved and finds nothing).
 */
async function importCycles() {
  const result = await cruise(
    ['app'],
    {
      baseDir: ROOT,
      doNotFollow: { path: 'node_modules' },
      tsPreCompilationDeps: true,
      validate: true,
      ruleSet: { forbidden: [{ name: 'no-circular', severity: 'error', from: {}, to: { circular: true } }] },
    },
    /* the aliases name the .js files the build writes: the sources are .ts */
    { extensionAlias: { '.js': ['.ts', '.tsx', '.js'] } }
  )
  if (typeof result.output === 'string') throw new Error('dependency-cruiser answered text, not its result')
  const cycles = new Map<string, string[]>()
  for (const violation of result.output.summary.violations) {
    const path = [violation.from, ...(violation.cycle ?? []).map((step) => step.name)]
    cycles.set([...new Set(path)].sort().join(' ↔ '), path)
  }
  return { cycles, modules: result.output.modules.length, unresolved: unresolvedAliases(result.output.modules) }
}

/* an alias dependency-cruiser could not follow would hide the cycles through it */
function unresolvedAliases(modules: { source: string; dependencies: { module: string; couldNotResolve: boolean }[] }[]) {
  return modules.flatMap((module) =>
    module.dependencies.filter((dependency) => dependency.couldNotResolve && dependency.module.startsWith('#')).map((dependency) => `${module.source} → ${dependency.module}`)
  )
}

test.group('Import cycles', () => {
  test('app/ has no import cycle but the Lucid relations named here', async ({ assert }) => {
    const { cycles, modules, unresolved } = await importCycles()
    assert.isAbove(modules, 100, 'dependency-cruiser found the sources')
    assert.deepEqual(unresolved, [], 'every #alias import resolves')
    const unexpected = [...cycles].filter(([key]) => !MODEL_RELATIONS.includes(key)).map(([, path]) => path.join(' → '))
    assert.deepEqual(unexpected, [], `import cycles:\n${unexpected.join('\n')}`)
  }).timeout(120_000)
})
