import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ApiClient } from '@japa/api-client'
import { getQueue } from '#services/queue'
import { waitForMail } from '#tests/support/helpers'

/*
 * Shared steps of the export tests: request an export, wait (bounded) for
 * the worker, take the link out of the e-mail and download what it serves.
 */

export async function requestExport(
  client: ApiClient,
  token: string,
  body: Record<string, unknown>
) {
  return client.post('/api/deck_exports').bearerToken(token).json(body)
}

/** Polls GET deck_exports/{id} until the job finished (a bounded wait, not a timed assertion). */
export async function waitForExport(
  client: ApiClient,
  token: string,
  id: number,
  timeoutMs = 20_000
) {
  const deadline = Date.now() + timeoutMs
  let last: any
  while (Date.now() < deadline) {
    const response = await client.get(`/api/deck_exports/${id}`).bearerToken(token)
    if (response.status() !== 200)
      throw new Error(`GET deck_exports/${id}: ${response.status()} ${response.text()}`)
    last = response.body()
    if (last.status === 'done' || last.status === 'failed') return last
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`export ${id} still ${last?.status} after ${timeoutMs} ms`)
}

/** The download link of the export mail sent to `to` (from the text part: no HTML escaping). */
export async function exportMail(to: string) {
  /* a confirmation mail to the same address may come first: wait for the one with the file's link */
  const mail = await waitForMail(to, 20_000, /\/exports\/\d+\/download\?/)
  const match = mail.text.match(/https?:\/\/\S+\/exports\/\d+\/download\?\S+/)
  if (!match) throw new Error(`no download link in the mail to ${to}: ${mail.text}`)
  return { mail, link: match[0] }
}

/** GET without cookies or token: the signature is the only credential. */
export async function download(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers, redirect: 'manual' })
  return { response, bytes: Buffer.from(await response.arrayBuffer()) }
}

/** Runs `read` on the bytes saved as a file (readers take paths), in a directory removed afterwards. */
export async function withFile<T>(
  bytes: Buffer,
  name: string,
  read: (path: string, workDir: string) => Promise<T>
) {
  const dir = await mkdtemp(join(tmpdir(), 'mnemo-export-test-'))
  try {
    const path = join(dir, name)
    await writeFile(path, bytes)
    return await read(path, join(dir, 'work'))
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** CSV records (RFC 4180: quoted fields may hold commas, quotes and line breaks). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  const endField = () => {
    row.push(field)
    field = ''
  }
  for (let i = 0; i < text.length; i++) {
    const char = text[i]
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (char === '"') quoted = false
      else field += char
    } else if (char === '"') quoted = true
    else if (char === ',') endField()
    else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++
      endField()
      rows.push(row)
      row = []
    } else field += char
  }
  if (field || row.length) {
    endField()
    rows.push(row)
  }
  return rows
}

/** Ids of the export jobs the queue holds in any state: "no job was queued" compares two of these. */
export async function exportJobIds() {
  const jobs = await getQueue().getJobs([
    'waiting',
    'active',
    'delayed',
    'completed',
    'failed',
    'prioritized',
  ])
  return jobs
    .filter((job) => job?.name === 'export_deck')
    .map((job) => job.id)
    .sort()
}

export { withQueuePaused } from '#tests/support/queue'
