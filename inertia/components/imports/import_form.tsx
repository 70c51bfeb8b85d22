/* The import dialog's form: a file or pasted text, a text's separators and preview, and the folder. */
import { useState, type DragEvent, type KeyboardEvent } from 'react'
import { useT } from '~/lib/i18n'
import { useShared } from '~/lib/shared'
import { PreviewTable, SeparatorChoices } from '~/components/imports/import_text_options'
import { ProblemNotice } from '~/components/imports/import_steps'
import type { ImportSource, Tab } from '~/components/imports/use_import_source'
import { EXTENSIONS, MAX_MB, type Problem } from '~/components/imports/upload'
import type { Data } from '~generated/data'

type Folder = Data.Folder

/**
 * File or pasted text; the arrow keys move between the two. Outside the scrolling body: a long preview does
 * not hide them.
 */
export function ImportTabs({
  id,
  tab,
  onSwitch,
}: {
  id: string
  tab: Tab
  onSwitch: (next: Tab) => void
}) {
  const t = useT()
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return
    event.preventDefault()
    const next = tab === 'file' ? 'paste' : 'file'
    onSwitch(next)
    document.getElementById(`${id}-tab-${next}`)?.focus()
  }
  return (
    <div className="tabs import-tabs" role="tablist" aria-label={t('imports.dialog.source')}>
      {(['file', 'paste'] as const).map((option) => (
        <button
          key={option}
          type="button"
          role="tab"
          id={`${id}-tab-${option}`}
          aria-selected={tab === option}
          aria-controls={`${id}-panel`}
          tabIndex={tab === option ? 0 : -1}
          className={`tab${tab === option ? ' active' : ''}`}
          onClick={() => onSwitch(option)}
          onKeyDown={onKey}
        >
          {option === 'file' ? t('imports.tabs.file') : t('imports.tabs.paste')}
        </button>
      ))}
    </div>
  )
}

/** A file's size as the learner reads it: kilobytes, else megabytes. */
function useFileSize() {
  const { locale } = useShared()
  return (bytes: number) => {
    const [value, unit] =
      bytes >= 1024 * 1024
        ? [bytes / 1024 / 1024, 'megabyte']
        : [Math.max(1, Math.round(bytes / 1024)), 'kilobyte']
    return new Intl.NumberFormat(locale, { style: 'unit', unit, maximumFractionDigits: 1 }).format(
      value
    )
  }
}

/** Drop a file here, or choose one. */
function FileDrop({
  file,
  onPick,
}: {
  file: File | null
  onPick: (files: FileList | null) => void
}) {
  const t = useT()
  const size = useFileSize()
  const [dragging, setDragging] = useState(false)
  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    onPick(event.dataTransfer.files)
  }
  return (
    <div
      className={`import-drop${dragging ? ' dragging' : ''}`}
      onDragOver={(event) => {
        event.preventDefault()
        setDragging(true)
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      {file ? (
        <p className="import-file-name">
          {file.name} <span className="muted">({size(file.size)})</span>
        </p>
      ) : (
        <p className="muted">{t('imports.file.drop')}</p>
      )}
      <label className="button import-choose">
        {file ? t('imports.file.change') : t('imports.file.choose')}
        <input
          type="file"
          name="file"
          className="visually-hidden"
          accept={EXTENSIONS.map((extension) => `.${extension}`).join(',')}
          onChange={(event) => {
            onPick(event.target.files)
            event.target.value = ''
          }}
        />
      </label>
      <small className="muted">{t('imports.file.formats', { max: MAX_MB })}</small>
    </div>
  )
}

function FolderSelect({
  folders,
  value,
  onChange,
}: {
  folders: Folder[]
  value: string
  onChange: (value: string) => void
}) {
  const t = useT()
  return (
    <label className="field">
      <span>{t('imports.folder.label')}</span>
      <select name="folder_id" value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t('imports.folder.none')}</option>
        {folders.map((folder) => (
          <option key={folder.id} value={folder.id}>
            {folder.emojiUtf16 ? `${folder.emojiUtf16} ${folder.name}` : folder.name}
          </option>
        ))}
      </select>
    </label>
  )
}

export function FormStep({
  id,
  source,
  folders,
  problem,
}: {
  id: string
  source: ImportSource
  folders: Folder[]
  problem: Problem | null
}) {
  const t = useT()
  const { tab, textSource, preview } = source
  return (
    <div
      className="stack import-panel"
      role="tabpanel"
      id={`${id}-panel`}
      aria-labelledby={`${id}-tab-${tab}`}
    >
      {tab === 'file' ? (
        <FileDrop file={source.file} onPick={source.pick} />
      ) : (
        <label className="field">
          <span>{t('imports.paste.label')}</span>
          <textarea
            name="import-text"
            rows={6}
            value={source.text}
            placeholder={t('imports.paste.placeholder')}
            onChange={(event) => source.setText(event.target.value)}
          />
          <small className="muted">{t('imports.paste.hint')}</small>
        </label>
      )}
      {problem && <ProblemNotice problem={problem} />}
      {textSource && (
        <SeparatorChoices
          value={source.separators}
          detected={preview?.result.detected}
          onChange={source.setSeparators}
        />
      )}
      {textSource && source.sameSeparators && (
        <ProblemNotice problem={{ title: t('imports.errors.same_separators') }} />
      )}
      {textSource && source.mixed && (
        <ProblemNotice problem={{ title: t('imports.preview.mixed') }} />
      )}
      {textSource && preview && <PreviewTable preview={preview.result} partial={preview.partial} />}
      {folders.length > 0 && (
        <FolderSelect folders={folders} value={source.folderId} onChange={source.setFolderId} />
      )}
    </div>
  )
}
