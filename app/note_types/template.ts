import type { CardSide, FieldAttachmentsMap, NoteFields } from '#note_types/types'
import { clozeAnswers, renderCloze } from '#note_types/cloze'
import { htmlToPlainText, isFieldEmpty } from '#note_types/plain_text'
import { renderOcclusion } from '#note_types/occlusion'

/*
 * Anki's card template language: {{Field}}, {{#Field}}…{{/Field}},
 * {{^Field}}…{{/Field}}, filters applied right to left ({{text:hint:F}} is
 * text(hint(F))), special fields. Templates are parsed into a tree; a stray
 * closing tag is ignored and an unclosed section ends with the template, so
 * a broken imported template still renders instead of failing the study page.
 */

export interface TemplateContext {
  fields: NoteFields
  side: CardSide
  /* The rendered front, for {{FrontSide}} on the back. */
  frontSide?: string
  clozeIndex?: number
  occlusionGroup?: number
  attachments?: FieldAttachmentsMap
  tags?: string[]
  deckName?: string
  cardName?: string
  noteTypeName?: string
  /* {{FrontSide}} on the back shows type-in results where the front had inputs. */
  typeAnswerSide?: CardSide
}

type Node =
  | { kind: 'text'; text: string }
  | { kind: 'field'; name: string; filters: string[] }
  | { kind: 'section'; name: string; negated: boolean; children: Node[] }

type Section = Extract<Node, { kind: 'section' }>

function parseTemplate(template: string): Node[] {
  const root: Node[] = []
  const open: Section[] = []
  const target = () => (open.length ? open[open.length - 1].children : root)
  let last = 0
  for (const match of (template ?? '').matchAll(/\{\{([\s\S]*?)\}\}/g)) {
    if (match.index > last) target().push({ kind: 'text', text: template.slice(last, match.index) })
    last = match.index + match[0].length
    const tag = match[1].trim()
    const sigil = tag[0]
    if (sigil === '#' || sigil === '^') {
      const section: Section = {
        kind: 'section',
        name: tag.slice(1).trim(),
        negated: sigil === '^',
        children: [],
      }
      target().push(section)
      open.push(section)
    } else if (sigil === '/') {
      const name = tag.slice(1).trim()
      const at = open.map((s) => s.name).lastIndexOf(name)
      if (at !== -1) open.length = at
    } else {
      const parts = tag.split(':').map((part) => part.trim())
      target().push({ kind: 'field', name: parts.pop()!, filters: parts })
    }
  }
  if (last < (template ?? '').length) target().push({ kind: 'text', text: template.slice(last) })
  return root
}

/* Same escaping as sanitize-html's output, so rendered cards are stable under sanitizing. */
function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

function escapeAttribute(text: string): string {
  return escapeText(text).replace(/"/g, '&quot;')
}

const SPECIAL_FIELDS = ['FrontSide', 'Tags', 'Deck', 'Subdeck', 'Card', 'Type'] as const

function specialField(name: string, ctx: TemplateContext): string | undefined {
  switch (name) {
    case 'FrontSide':
      return ctx.frontSide ?? ''
    case 'Tags':
      return escapeText((ctx.tags ?? []).join(' '))
    case 'Deck':
      return escapeText(ctx.deckName ?? '')
    case 'Subdeck':
      return escapeText((ctx.deckName ?? '').split('::').pop() ?? '')
    case 'Card':
      return escapeText(ctx.cardName ?? '')
    case 'Type':
      return escapeText(ctx.noteTypeName ?? '')
  }
  return undefined
}

/* Reserved names win, as in Anki where a field cannot be called "Tags". */
function lookup(name: string, ctx: TemplateContext): string | undefined {
  const special = specialField(name, ctx)
  if (special !== undefined) return special
  return Object.hasOwn(ctx.fields, name) ? (ctx.fields[name] ?? '') : undefined
}

/* Anki's furigana syntax: "漢字[かんじ]", a leading space separates it from the previous word. */
const FURIGANA = / ?([^ >]+?)\[(.+?)\]/g
function furigana(html: string, part: 'ruby' | 'kanji' | 'kana'): string {
  return html.replace(FURIGANA, (whole, base: string, reading: string) => {
    if (reading.startsWith('sound:')) return whole
    if (part === 'kanji') return base
    if (part === 'kana') return reading
    return `<ruby>${base}<rt>${reading}</rt></ruby>`
  })
}

function applyFilter(filter: string, value: string, field: string, ctx: TemplateContext): string {
  switch (filter.toLowerCase()) {
    case 'cloze':
      return renderCloze(value, ctx.clozeIndex ?? 1, ctx.side)
    case 'hint':
      return isFieldEmpty(value)
        ? ''
        : `<details class="hint"><summary>Hint</summary>${value}</details>`
    case 'text':
      return escapeText(htmlToPlainText(value))
    case 'occlusion':
      return renderOcclusion(value, ctx.attachments?.[field], ctx.occlusionGroup ?? 1, ctx.side)
    case 'furigana':
      return furigana(value, 'ruby')
    case 'kanji':
      return furigana(value, 'kanji')
    case 'kana':
      return furigana(value, 'kana')
    default:
      /* Add-on filters (tts, …) we don't implement: the value passes through, like Anki without the add-on. */
      return value
  }
}

/*
 * Front: an empty placeholder the study page turns into an input. Back: the
 * expected answer as plain text; the study page compares and shows the diff.
 */
function typeAnswer(field: string, value: string, cloze: boolean, ctx: TemplateContext): string {
  const side = ctx.typeAnswerSide ?? ctx.side
  const index = ctx.clozeIndex ?? 1
  const clozeAttr = cloze ? ` data-type-cloze="${index}"` : ''
  if (side === 'front')
    return `<span class="type-answer" data-type-answer="${escapeAttribute(field)}"${clozeAttr}></span>`
  const expected = cloze
    ? clozeAnswers(value, index).map(htmlToPlainText).join(', ')
    : htmlToPlainText(value)
  return (
    `<span class="type-answer-result" data-type-answer="${escapeAttribute(field)}"${clozeAttr} ` +
    `data-type-expected="${escapeAttribute(expected)}">${escapeText(expected)}</span>`
  )
}

function renderField(node: Extract<Node, { kind: 'field' }>, ctx: TemplateContext): string {
  const value = lookup(node.name, ctx)
  if (value === undefined) {
    return `<span class="template-error">${escapeText(`{{${node.name}}}`)}: unknown field</span>`
  }
  const filters = node.filters.map((f) => f.toLowerCase())
  if (filters[0] === 'type') return typeAnswer(node.name, value, filters.includes('cloze'), ctx)
  return node.filters.reduceRight(
    (html, filter) => applyFilter(filter, html, node.name, ctx),
    value
  )
}

function renderNodes(nodes: Node[], ctx: TemplateContext): string {
  let html = ''
  for (const node of nodes) {
    if (node.kind === 'text') html += node.text
    else if (node.kind === 'field') html += renderField(node, ctx)
    else if (isFieldEmpty(lookup(node.name, ctx) ?? '') === node.negated)
      html += renderNodes(node.children, ctx)
  }
  return html
}

export function renderTemplate(template: string, context: TemplateContext): string {
  return renderNodes(parseTemplate(template), context)
}

/*
 * Anki's card-generation rule: a card exists when its front shows at least
 * one non-empty note field (static text, {{FrontSide}}, {{Tags}} etc. don't
 * count), taking conditionals into account.
 */
export function rendersNonEmptyField(template: string, fields: NoteFields): boolean {
  const isSpecial = (name: string) => (SPECIAL_FIELDS as readonly string[]).includes(name)
  const filled = (name: string) =>
    !isSpecial(name) && Object.hasOwn(fields, name) && !isFieldEmpty(fields[name])
  const walk = (nodes: Node[]): boolean =>
    nodes.some((node) => {
      if (node.kind === 'field') return filled(node.name)
      if (node.kind === 'section') return filled(node.name) !== node.negated && walk(node.children)
      return false
    })
  return walk(parseTemplate(template))
}

/* Fields a template uses, with their filters (e.g. which fields hold clozes: filters include 'cloze'). */
export function templateFieldReferences(template: string): { name: string; filters: string[] }[] {
  const refs: { name: string; filters: string[] }[] = []
  const walk = (nodes: Node[]) => {
    for (const node of nodes) {
      if (node.kind === 'field')
        refs.push({ name: node.name, filters: node.filters.map((f) => f.toLowerCase()) })
      else if (node.kind === 'section') walk(node.children)
    }
  }
  walk(parseTemplate(template))
  return refs
}
