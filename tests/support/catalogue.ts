import { readdir, readFile } from 'node:fs/promises'
import app from '@adonisjs/core/services/app'

function flatten(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value === 'string') return { [prefix]: value }
  return Object.entries(value as object).reduce(
    (all, [key, child]) => ({ ...all, ...flatten(child, prefix ? `${prefix}.${key}` : key) }),
    {} as Record<string, string>
  )
}

/** Every message of a language, keyed as the i18n loader keys them (ui/editor.json holds ui.editor.*). */
export async function catalogue(locale: string) {
  const dir = app.languageFilesPath(locale)
  const files = (await readdir(dir, { recursive: true }))
    .filter((file) => file.endsWith('.json'))
    .sort()
  const entries: Record<string, string> = {}
  for (const file of files) {
    Object.assign(
      entries,
      flatten(
        JSON.parse(await readFile(`${dir}/${file}`, 'utf8')),
        file.replace('.json', '').replaceAll('/', '.')
      )
    )
  }
  return entries
}
