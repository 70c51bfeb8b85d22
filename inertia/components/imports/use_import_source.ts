import { useEffect, useState } from 'react'
import { useT } from '~/lib/i18n'
import { requestJson } from '~/lib/http'
import { urlFor } from '~/lib/routes'
import {
  cardValue,
  charOf,
  fieldValue,
  type Separators,
} from '~/components/imports/import_text_options'
import {
  EXTENSIONS,
  MAX_BYTES,
  MAX_MB,
  extensionOf,
  headOf,
  isText,
  type ImportPreview,
  type Problem,
} from '~/components/imports/upload'

export type Tab = 'file' | 'paste'
export type TextSource = 'text' | 'file' | null
type Preview = { result: ImportPreview; partial: boolean }

/** The live preview: again at each change of the text, the file or a separator; the last answer wins. */
function useTextPreview(
  source: TextSource,
  text: string,
  file: File | null,
  card: string | undefined,
  field: string | undefined,
  same: boolean
) {
  const [preview, setPreview] = useState<Preview | null>(null)
  const off = !source || same
  /* nothing to preview: the last preview goes (in render, so it never shows) */
  if (off && preview !== null) setPreview(null)
  useEffect(() => {
    if (!source || same) return
    const controller = new AbortController()
    const timer = setTimeout(async () => {
      try {
        const head = await headOf(source === 'text' ? new Blob([text]) : file!)
        const body = { data: head.data, card_separator: card, field_separator: field }
        const result = await requestJson<ImportPreview>(urlFor('deck_imports.preview'), {
          method: 'POST',
          json: body,
          signal: controller.signal,
        })
        setPreview({ result, partial: head.partial })
      } catch (error) {
        if ((error as Error).name === 'AbortError') return
        setPreview(null)
      }
    }, 250)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [source, text, file, card, field, same])
  return [preview, setPreview] as const
}

/**
 * What the learner is importing: a file or pasted text, the folder, the
 * separators of a text and its preview. A file is checked here (one, of a
 * known kind, under the cap) before a byte is sent.
 */
export function useImportSource(setProblem: (problem: Problem | null) => void) {
  const t = useT()
  const [tab, setTab] = useState<Tab>('file')
  const [file, setFile] = useState<File | null>(null)
  const [text, setText] = useState('')
  const [folderId, setFolderId] = useState('')
  const [separators, setSeparators] = useState<Separators>({
    card: null,
    cardCustom: '',
    field: null,
    fieldCustom: '',
  })

  const textSource: TextSource =
    tab === 'paste' ? (text.trim() ? 'text' : null) : isText(file) ? 'file' : null
  /*
   * Only the learner's choices are sent: the server detects the others as the
   * preview did, and refuses a file whose lines disagree only when it guessed.
   * Only chosen ones can clash: the parser never detects one equal to the other.
   */
  const chosenCard = cardValue(separators)
  const chosenField = fieldValue(separators)
  const sameSeparators = Boolean(
    chosenCard && chosenField && charOf(chosenCard) === charOf(chosenField)
  )
  const [preview, setPreview] = useTextPreview(
    textSource,
    text,
    file,
    chosenCard,
    chosenField,
    sameSeparators
  )
  /* the import would be refused (import_mixed_separators): the learner chooses the separators first */
  const mixed = Boolean(preview?.result.mixedSeparators)

  const pick = (files: FileList | null) => {
    setProblem(null)
    if (!files || files.length === 0) return
    if (files.length > 1) return setProblem({ title: t('imports.errors.one_file') })
    const chosen = files[0]
    if (!EXTENSIONS.includes(extensionOf(chosen.name)))
      return setProblem({
        title: t('imports.errors.unsupported_title'),
        body: t('imports.errors.unsupported_body'),
      })
    if (chosen.size > MAX_BYTES)
      return setProblem({
        title: t('imports.errors.too_big_title'),
        body: t('imports.errors.too_big_body', { max: MAX_MB }),
      })
    if (chosen.size === 0) return setProblem({ title: t('imports.errors.empty') })
    setFile(chosen)
    setPreview(null)
  }

  const switchTab = (next: Tab) => {
    setTab(next)
    setProblem(null)
    setPreview(null)
  }

  return {
    tab,
    file,
    text,
    setText,
    folderId,
    setFolderId,
    separators,
    setSeparators,
    textSource,
    chosenCard,
    chosenField,
    sameSeparators,
    preview,
    mixed,
    pick,
    switchTab,
  }
}

export type ImportSource = ReturnType<typeof useImportSource>

/**
 * The upload's form: the folder, a text's chosen separators, then the file
 * (fields before the file: the server reads the stream in order). Pasted
 * text travels as a file too, so both take the same path.
 */
export function importForm(source: ImportSource) {
  const form = new FormData()
  if (source.folderId) form.append('folder_id', source.folderId)
  if (source.textSource) {
    if (source.chosenCard) form.append('card_separator', source.chosenCard)
    if (source.chosenField) form.append('field_separator', source.chosenField)
  }
  form.append(
    'file',
    source.tab === 'paste'
      ? new File([source.text], 'pasted.txt', { type: 'text/plain' })
      : source.file!
  )
  return form
}
