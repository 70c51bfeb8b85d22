import { test } from '@japa/runner'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { cruise, type IForbiddenRuleType, type IModule } from 'dependency-cruiser'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

/*
 * The layers of app/ and inertia/ (.dependency-cruiser.js at the root: the
 * layer list and one rule per boundary, each with its comment), held with
 * no exception. The one kind of cycle app/ keeps is two Lucid models whose
 * relations name each other (`@belongsTo(() => Note)` on Card,
 * `@hasMany(() => Card)` on Note): Lucid resolves them lazily through the
 * thunks. The configuration reports those (lucid-relation-cycle); they are
 * named here one by one, so a new cycle between models fails too.
 */
const MODEL_RELATIONS = [
  ['app/models/card.ts', 'app/models/note.ts'],
  ['app/models/social_account.ts', 'app/models/user.ts'],
].map((pair) => pair.sort().join(' ↔ '))

type Config = { forbidden: IForbiddenRuleType[]; options: Record<string, unknown> }

async function loadConfig(): Promise<Config> {
  return (await import(new URL('../../.dependency-cruiser.js', import.meta.url).href)).default
}

/**
 * The configuration's violations over `folders` of `baseDir`.
 * dependency-cruiser resolves the package.json "imports" aliases (#actions/*,
 * …: the .js files the build writes, so .js stands for the .ts sources) and
 * the pages' `~/` alias; dynamic and type-only imports included.
 */
async function cruiseLayers(baseDir: string, folders: string[]) {
  const config = await loadConfig()
  const result = await cruise(
    folders,
    { ...config.options, baseDir, validate: true, ruleSet: { forbidden: config.forbidden } },
    { extensionAlias: { '.js': ['.ts', '.tsx', '.js'] }, alias: { '~': join(baseDir, 'inertia') } }
  )
  if (typeof result.output === 'string')
    throw new Error('dependency-cruiser answered text, not its result')
  const violations = result.output.summary.violations.map((violation) => ({
    rule: violation.rule.name,
    severity: violation.rule.severity,
    from: violation.from,
    path: [violation.from, ...(violation.cycle ?? []).map((step) => step.name)],
    to: violation.to,
  }))
  return { violations, modules: result.output.modules }
}

/* an alias dependency-cruiser could not follow would hide the imports through it */
function unresolvedAliases(modules: IModule[]) {
  return modules.flatMap((module) =>
    module.dependencies
      .filter((dependency) => dependency.couldNotResolve && /^(#|~\/)/.test(dependency.module))
      .map((dependency) => `${module.source} → ${dependency.module}`)
  )
}

/*
 * One import against each rule, in a tree of its own: every rule must
 * catch its own, so a rule whose paths no longer match anything (a folder
 * renamed, a typo) fails here rather than passing for ever.
 */
const BREACHES: Record<string, Record<string, string>> = {
  'no-circular': {
    'app/services/ring_a.ts': "import './ring_b'",
    'app/services/ring_b.ts': "import './ring_a'",
  },
  'lucid-relation-cycle': {
    'app/models/left.ts': "import './right'",
    'app/models/right.ts': "import './left'",
  },
  'controllers-from-routes-only': { 'app/controllers/b_controller.ts': "import './a_controller'" },
  'door-code-in-doors-only': { 'app/mails/door_mail.ts': "import '../controllers/a_controller'" },
  'middleware-from-kernel-only': {
    'app/policies/stack_policy.ts': "import '../middleware/m_middleware'",
  },
  'jobs-from-registry-only': { 'app/mails/job_mail.ts': "import '../jobs/some_job'" },
  'actions-below-doors': { 'app/actions/shaping.ts': "import '../transformers/shape_transformer'" },
  'queries-read-only': { 'app/queries/writes.ts': "import '../actions/plain'" },
  'transformers-shape-only': {
    'app/transformers/acting_transformer.ts': "import '../actions/plain'",
  },
  'transformers-take-query-types-only': {
    'app/transformers/running_transformer.ts':
      "import { read } from '../queries/read'\nexport const x = read",
  },
  'models-below-queries': { 'app/models/reading.ts': "import '../queries/read'" },
  'services-below-actions': { 'app/services/acting.ts': "import '../actions/plain'" },
  'core-is-pure': { 'app/scheduling/impure.ts': "import '../models/plain_model'" },
  'core-uses-no-framework-services': {
    'app/note_types/booted.ts':
      "import app from '@adonisjs/core/services/app'\nexport const x = app",
  },
  'pages-see-types-only': {
    'inertia/pages/reading.tsx':
      "import type { Read } from '../../app/queries/read'\nexport type X = Read",
  },
  'pages-import-no-server-code': {
    'inertia/pages/running.tsx':
      "import Shape from '../../app/transformers/shape_transformer'\nexport const x = Shape",
  },
  'shared-core-runs-in-the-browser': {
    'app/scheduling/shared.ts': "import { fit } from './fsrs_optimizer'\nexport const x = fit",
  },
  'shared-core-loads-no-native-code': {
    'app/scheduling/native.ts':
      "import { FSRSBinding } from '@open-spaced-repetition/binding'\nexport const x = FSRSBinding",
  },
  'server-imports-no-pages': { 'app/services/rendering.ts': "import '../../inertia/pages/plain'" },
}

/* the modules the breaches import, harmless on their own */
const TARGETS: Record<string, string> = {
  'app/controllers/a_controller.ts': 'export default class A {}',
  'app/middleware/m_middleware.ts': 'export default class M {}',
  'app/jobs/some_job.ts': 'export default async function job() {}',
  'app/transformers/shape_transformer.ts': 'export default class Shape {}',
  'app/actions/plain.ts': 'export const plain = 1',
  'app/queries/read.ts': 'export type Read = { id: number }\nexport const read = () => 1',
  'app/models/plain_model.ts': 'export default class PlainModel {}',
  'inertia/pages/plain.tsx': 'export const plain = 1',
  'app/scheduling/fsrs_optimizer.ts': 'export const fit = 1',
}

test.group('Layers', () => {
  test('app/ and inertia/ keep every layer rule, with no exception', async ({ assert }) => {
    const { violations, modules } = await cruiseLayers(ROOT, ['app', 'inertia', 'start'])
    assert.isAbove(modules.length, 500, 'dependency-cruiser found the sources')
    assert.deepEqual(unresolvedAliases(modules), [], 'every #alias and ~/ import resolves')
    const broken = violations
      .filter((violation) => violation.severity === 'error')
      .map(
        (violation) =>
          `${violation.rule}: ${violation.path.join(' → ')}${violation.path.length > 1 ? '' : ` → ${violation.to}`}`
      )
    assert.deepEqual(broken, [], `layer violations:\n${broken.join('\n')}`)
    const relations = [
      ...new Set(
        violations
          .filter((violation) => violation.rule === 'lucid-relation-cycle')
          .map((violation) => [...new Set(violation.path)].sort().join(' ↔ '))
      ),
    ]
    assert.sameMembers(
      relations,
      MODEL_RELATIONS,
      'the only cycles are the Lucid relations named here'
    )
  }).timeout(120_000)

  test('each rule has its comment and catches an import against it', async ({
    assert,
    cleanup,
  }) => {
    const { forbidden } = await loadConfig()
    assert.deepEqual(
      forbidden.filter((rule) => !rule.comment).map((rule) => rule.name),
      [],
      'rules without a comment'
    )
    assert.sameMembers(
      Object.keys(BREACHES),
      forbidden.map((rule) => rule.name!),
      'one breach per rule'
    )

    const dir = await mkdtemp(join(tmpdir(), 'layers-'))
    cleanup(() => rm(dir, { recursive: true, force: true }))
    const files = { ...TARGETS, ...Object.assign({}, ...Object.values(BREACHES)) } as Record<
      string,
      string
    >
    for (const [path, text] of Object.entries(files)) {
      await mkdir(dirname(join(dir, path)), { recursive: true })
      await writeFile(join(dir, path), `${text}\n`)
    }
    const { violations } = await cruiseLayers(dir, ['app', 'inertia'])
    const missed = Object.entries(BREACHES)
      .filter(
        ([rule, breach]) =>
          !violations.some(
            (violation) => violation.rule === rule && Object.keys(breach).includes(violation.from)
          )
      )
      .map(([rule]) => rule)
    assert.deepEqual(missed, [], 'rules that let their breach through')
  }).timeout(120_000)
})
