import type { CardSide } from '#note_types/types'

/*
 * Cloze deletions, parsed the way Anki (rslib/src/cloze.rs) does: `{{cN::`
 * opens, `}}` closes the innermost open deletion, and the first `::` in a
 * text run inside a deletion starts its hint. Deletions nest (up to 10 deep,
 * deeper openers are ignored like Anki), and a stray `}}` is just text.
 */

interface Hint {
  hint: string
}

interface Cloze {
  index: number
  nodes: ClozeNode[]
}

type ClozeNode = string | Hint | Cloze

const MAX_DEPTH = 10
/* Anki stores ordinals as u16; a larger number is not a deletion. */
const MAX_INDEX = 65535
const TOKEN = /\{\{c(\d+)::|\}\}/g

function isCloze(node: ClozeNode): node is Cloze {
  return typeof node === 'object' && 'index' in node
}

function hintOf(cloze: Cloze): string | undefined {
  let hint: string | undefined
  for (const node of cloze.nodes) if (typeof node === 'object' && 'hint' in node) hint = node.hint
  return hint
}

/* An unclosed deletion is put back as the text it came from. */
function unwrap(cloze: Cloze): ClozeNode[] {
  const nodes: ClozeNode[] = [`{{c${cloze.index}::`]
  for (const node of cloze.nodes)
    nodes.push(typeof node === 'object' && 'hint' in node ? `::${node.hint}` : node)
  return nodes
}

function parse(text: string): ClozeNode[] {
  const output: ClozeNode[] = []
  const open: Cloze[] = []
  const target = () => (open.length ? open[open.length - 1].nodes : output)
  const pushText = (chunk: string) => {
    if (!chunk) return
    const current = open[open.length - 1]
    const sep = current ? chunk.indexOf('::') : -1
    if (sep === -1) return target().push(chunk)
    if (sep > 0) current.nodes.push(chunk.slice(0, sep))
    current.nodes.push({ hint: chunk.slice(sep + 2) })
  }

  let last = 0
  for (const match of (text ?? '').matchAll(TOKEN)) {
    pushText(text.slice(last, match.index))
    last = match.index + match[0].length
    if (match[1] !== undefined) {
      const index = Number(match[1])
      if (index < 1 || index > MAX_INDEX) pushText(match[0])
      else if (open.length < MAX_DEPTH) open.push({ index, nodes: [] })
      continue
    }
    const closed = open.pop()
    if (closed) target().push(closed)
    else output.push('}}')
  }
  pushText(text.slice(last))
  while (open.length) {
    const unclosed = open.pop()!
    target().push(...unwrap(unclosed))
  }
  return output
}

function collect(nodes: ClozeNode[], into: Set<number>) {
  for (const node of nodes) {
    if (!isCloze(node)) continue
    into.add(node.index)
    collect(node.nodes, into)
  }
}

export function clozeIndexes(text: string): number[] {
  const found = new Set<number>()
  collect(parse(text), found)
  return [...found].sort((a, b) => a - b)
}

export function hasCloze(text: string): boolean {
  return clozeIndexes(text).length > 0
}

export function nextClozeIndex(text: string): number {
  const indexes = clozeIndexes(text)
  return indexes.length ? indexes[indexes.length - 1] + 1 : 1
}

/* Same escaping sanitize-html applies to attribute values, so a render survives sanitizing unchanged. */
function escapeAttribute(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
}

type Mode = { active: number; side: CardSide } | 'reveal-all'

function render(nodes: ClozeNode[], mode: Mode): string {
  let html = ''
  for (const node of nodes) {
    if (typeof node === 'string') html += node
    else if (!isCloze(node)) continue
    else if (mode === 'reveal-all') html += render(node.nodes, mode)
    else if (node.index !== mode.active) {
      html += `<span class="cloze-inactive" data-ordinal="${node.index}">${render(node.nodes, mode)}</span>`
    } else if (mode.side === 'back') {
      html += `<span class="cloze" data-ordinal="${node.index}">${render(node.nodes, mode)}</span>`
    } else {
      /* Like Anki, the front carries the answer in data-cloze for reveal-in-place features. */
      const answer = render(node.nodes, { active: mode.active, side: 'back' })
      html +=
        `<span class="cloze" data-cloze="${escapeAttribute(answer)}" data-ordinal="${node.index}">` +
        `[${hintOf(node) ?? '...'}]</span>`
    }
  }
  return html
}

export function renderCloze(text: string, index: number, side: CardSide): string {
  return render(parse(text), { active: index, side })
}

/* The text with every deletion replaced by its content (hints dropped): search, sort, previews. */
export function revealAllClozes(text: string): string {
  return render(parse(text), 'reveal-all')
}

/* HTML content of each deletion with this index, in order (what a type-in cloze expects). */
export function clozeAnswers(text: string, index: number): string[] {
  const answers: string[] = []
  const walk = (nodes: ClozeNode[]) => {
    for (const node of nodes) {
      if (!isCloze(node)) continue
      if (node.index === index) answers.push(render(node.nodes, { active: index, side: 'back' }))
      else walk(node.nodes)
    }
  }
  walk(parse(text))
  return answers
}
