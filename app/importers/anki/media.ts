import { mkdtemp } from 'node:fs/promises'
import { extname, join } from 'node:path'
import type { BundleMedia } from '#importers/bundle'
import { isSafeMediaName, mediaReferences, referenceVariants } from '#importers/anki/media_refs'
import type { Generation } from '#importers/anki/generations'
import type { Warnings } from '#importers/anki/source'
import type { ZipReader } from '#importers/anki/zip_reader'

/*
 * Media: only the files that notes (or custom templates and styles) refer
 * to are taken from the package, each under a short unique name in a
 * directory of its own inside workDir.
 */

/** Every file the notes refer to: as written, and every spelling that may match a name in the package. */
export class MediaReferences {
  /** every spelling of every referenced file */
  readonly lookup = new Set<string>()
  /** the references as written → their spellings */
  readonly written = new Map<string, string[]>()

  add(html: string) {
    for (const ref of mediaReferences(html)) {
      if (this.written.has(ref)) continue
      const variants = referenceVariants(ref)
      this.written.set(ref, variants)
      for (const variant of variants) this.lookup.add(variant)
    }
  }
}

/**
 * Extracts the referenced files listed in the package; `created` receives
 * the directory made, so a failure can remove it.
 */
export async function extractMedia(
  zip: ZipReader,
  generation: Generation,
  references: MediaReferences,
  workDir: string,
  created: string[],
  warnings: Warnings
): Promise<BundleMedia[]> {
  const list = await generation.readMediaList(zip)
  const media: BundleMedia[] = []
  const inPackage = new Set<string>()
  const diskNames = new Set<string>()
  let mediaDir: string | null = null
  let unused = 0
  let unsafe = 0
  for (const [index, item] of list.entries()) {
    const name = item.name.normalize('NFC')
    inPackage.add(name)
    if (!references.lookup.has(name)) {
      unused++
      continue
    }
    if (!isSafeMediaName(name)) {
      unsafe++
      continue
    }
    if (!zip.entries.has(item.zipName)) {
      inPackage.delete(name)
      continue
    }
    if (!mediaDir) {
      mediaDir = await mkdtemp(join(workDir, 'anki-media-'))
      created.push(mediaDir)
    }
    const path = join(mediaDir, diskName(name, index, diskNames))
    const size = await zip.extract(item.zipName, path, { zstd: generation.zstd })
    media.push({ name, path, size })
  }
  const missing = [...references.written.entries()]
    .filter(([, variants]) => !variants.some((variant) => inPackage.has(variant)))
    .map(([ref]) => ref)
  const shown = missing.slice(0, 10).join(', ')
  warnings.add(
    missing.length,
    `${missing.length} file(s) the notes use are not in the package: ${shown}${missing.length > 10 ? ', …' : ''}`
  )
  warnings.add(
    unused,
    `${unused} media file(s) in the package are used by no note and were left out`
  )
  warnings.add(unsafe, `${unsafe} media file(s) with an unsafe name (folders, "..") were left out`)
  return media
}

/** Media names can be long or differ only in case; the file on disk gets a short unique name. */
function diskName(name: string, index: number, taken: Set<string>): string {
  let candidate = name
  if (Buffer.byteLength(candidate) > 200) {
    const extension = extname(name).slice(0, 20)
    candidate = `${index}${extension}`
  }
  if (taken.has(candidate.toLowerCase())) candidate = `${index}-${candidate}`.slice(0, 220)
  taken.add(candidate.toLowerCase())
  return candidate
}
