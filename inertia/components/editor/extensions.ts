import { Extension, Node, mergeAttributes, type Editor } from '@tiptap/core'
import { TextSelection } from '@tiptap/pm/state'

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    audio: {
      /** Inserts `<audio controls src="…">` at the selection. */
      setAudio: (src: string) => ReturnType
    }
  }
}

/**
 * Audio attachments: tiptap has no audio node. Inline and atomic, like an
 * image, stored as `<audio controls src="…"></audio>`.
 */
export const Audio = Node.create({
  name: 'audio',
  group: 'inline',
  inline: true,
  atom: true,
  draggable: true,
  addAttributes() {
    return { src: { default: null } }
  },
  parseHTML() {
    return [{ tag: 'audio[src]' }]
  },
  renderHTML({ HTMLAttributes }) {
    return ['audio', mergeAttributes({ controls: '' }, HTMLAttributes)]
  },
  addCommands() {
    return {
      setAudio:
        (src) =>
        ({ commands }) =>
          commands.insertContent({ type: this.name, attrs: { src } }),
    }
  },
})

export type FieldKeyHandlers = {
  /** `same`: reuse the highest cloze number instead of the next one */
  cloze: (same: boolean) => boolean
  link: () => boolean
  math: () => boolean
}

/**
 * The field's own shortcuts. The handlers come from a getter (configure()
 * deep-copies plain objects, a ref would go stale) so they see current props.
 */
export const FieldKeys = Extension.create<{ handlers: () => FieldKeyHandlers }>({
  name: 'fieldKeys',
  addOptions() {
    return { handlers: () => ({ cloze: () => false, link: () => false, math: () => false }) }
  },
  addKeyboardShortcuts() {
    const handlers = () => this.options.handlers()
    return {
      /* Anki's shortcut; Mod-Shift-[ too, for browsers that keep Ctrl+Shift+C for their tools */
      'Mod-Shift-c': () => handlers().cloze(false),
      'Mod-Shift-[': () => handlers().cloze(false),
      'Mod-Shift-Alt-c': () => handlers().cloze(true),
      'Mod-Shift-Alt-[': () => handlers().cloze(true),
      'Mod-k': () => handlers().link(),
      'Mod-m': () => handlers().math(),
    }
  },
})

/** The next cloze number, Anki-style: one more than the highest `{{cN::` in the text. */
export function nextClozeIndex(text: string, same = false) {
  let max = 0
  for (const match of text.matchAll(/\{\{c(\d+)::/g)) max = Math.max(max, Number(match[1]))
  return same ? Math.max(max, 1) : max + 1
}

/**
 * Wraps the selection in plain text (`{{c1::` … `}}`, `\(` … `\)`) and keeps
 * the wrapped text selected; with no selection the cursor lands between.
 */
export function wrapSelection(editor: Editor, before: string, after: string) {
  return editor
    .chain()
    .focus()
    .command(({ tr }) => {
      const { from, to } = TextSelection.between(
        tr.doc.resolve(tr.selection.from),
        tr.doc.resolve(tr.selection.to)
      )
      tr.insertText(after, to).insertText(before, from)
      const start = from + before.length
      tr.setSelection(TextSelection.create(tr.doc, start, start + (to - from)))
      return true
    })
    .run()
}

/** Links may only point to web pages or e-mail addresses. */
export const isSafeUrl = (url: string) => /^(https?:\/\/[^\s]+|mailto:[^\s]+)$/i.test(url.trim())
