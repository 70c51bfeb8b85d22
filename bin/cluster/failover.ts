import { readdirSync, readFileSync, readlinkSync } from 'node:fs'
import { Queue } from 'bullmq'
import { Redis } from 'ioredis'
import { aiState, requestedWords, resetAi, scriptAi } from '#tests/support/ai_double_server'
import { sql, type Cluster, type WorkerName } from './cluster.js'
import { call, CheckFailed, expect, sleep, told, until } from './http.js'
import type { Learner } from './across_nodes.js'

/*
 * A process of the cluster dies (SIGKILL: a crash, a lost machine) in the
 * middle of work, or Redis loses its data: nothing is lost or done twice.
 */
const ANSWERS = 200
const KILL_AFTER = 60
const IN_FLIGHT = 4
const RETRYABLE = new Set([502, 503, 504])

/**
 * 5. web1 killed during 200 answers sent through the balancer; the client retries what failed, with the card's
 * version as its key.
 */
export async function answersThroughNodeKill(cluster: Cluster, learner: Learner, deckId: number) {
  const cards = (
    await sql(
      cluster.env.DATABASE_URL,
      'select id from cards where deck_id = $1 order by id limit $2',
      [deckId, ANSWERS]
    )
  ).map((row) => row.id as number)
  expect(cards.length === ANSWERS, `the imported deck has ${cards.length} cards, not ${ANSWERS}`)
  let next = 0
  let answered = 0
  let failures = 0
  let replayed = 0
  let killedAt = 0
  let lastFailureAt = 0
  const web1 = cluster.processes.get('web1')!
  const started = Date.now()

  const answer = async (cardId: number) => {
    /*
     * the card's version as the session showed it (new: 0) makes a retry of a written answer a replay, never a
     * second review
     */
    const body = {
      deck_id: deckId,
      card_id: cardId,
      answer: 'good',
      version: 0,
      review_duration_ms: 2500,
    }
    for (let attempt = 1; attempt <= 40; attempt++) {
      const result = await call(cluster, 'POST', '/api/v2/learning/answer', {
        token: learner.token,
        body,
      }).catch((error: Error) => ({ status: 0, body: error.message, servedBy: null }))
      if (result.status === 200) {
        if (result.body.replayed) replayed++
        return
      }
      if (result.status !== 0 && !RETRYABLE.has(result.status))
        throw new CheckFailed(`answer to card ${cardId}: ${told(result)}`, ['web1', 'web2'])
      failures++
      lastFailureAt = Date.now()
      await sleep(100)
    }
    throw new CheckFailed(`answer to card ${cardId}: still failing after 40 attempts`, [
      'web1',
      'web2',
      'haproxy',
    ])
  }
  const client = async () => {
    while (next < cards.length) {
      await answer(cards[next++])
      if (++answered === KILL_AFTER) {
        web1.process.kill('SIGKILL')
        killedAt = Date.now()
      }
    }
  }
  await Promise.all(Array.from({ length: IN_FLIGHT }, client))
  const seconds = (Date.now() - started) / 1000

  const reviews = await sql(
    cluster.env.DATABASE_URL,
    'select card_id, count(*)::int as count from review_logs where user_id = $1 and card_id = any($2) group by card_id',
    [learner.userId, cards]
  )
  const lost = cards.length - reviews.length
  const doubled = reviews.filter((row) => row.count > 1).length
  expect(lost === 0 && doubled === 0, `${lost} answers lost, ${doubled} doubled`, ['web1', 'web2'])
  expect(killedAt > 0, 'web1 was never killed')
  const failedFor =
    lastFailureAt > killedAt
      ? ` (the last ${((lastFailureAt - killedAt) / 1000).toFixed(1)} s after the kill)`
      : ''
  return {
    figures:
      `${ANSWERS} answers (${IN_FLIGHT} in flight), web1 SIGKILLed after ${KILL_AFTER}: ${failures} ` +
      `attempts failed${failedFor} and were retried, ${replayed} of them already written (answered as a ` +
      `replay); ${reviews.length} reviews: 0 lost, 0 doubled, in ${seconds.toFixed(1)} s`,
  }
}

/** web1 started again after its kill: how long until the balancer sends it requests. */
export async function nodeBackInRotation(cluster: Cluster) {
  const started = Date.now()
  await cluster.startNode('web1')
  const up = (Date.now() - started) / 1000
  await until(
    async () => (await call(cluster, 'GET', '/api/health', { node: 'web1' })).servedBy === 'web1',
    'web1 back in rotation',
    30_000,
    ['web1', 'haproxy']
  )
  return (
    `web1 started again: listening after ${up.toFixed(1)} s, back in the balancer's rotation after ` +
    `${((Date.now() - started) / 1000).toFixed(1)} s`
  )
}

/**
 * The worker process that holds the TCP connection whose local port is `port` (from /proc: the socket's inode
 * among its descriptors).
 */
function workerOnPort(cluster: Cluster, port: number): WorkerName | null {
  const hex = `:${port.toString(16).toUpperCase().padStart(4, '0')}`
  const inodes = new Set<string>()
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const lines = (() => {
      try {
        return readFileSync(table, 'utf8').split('\n').slice(1)
      } catch {
        return []
      }
    })()
    for (const line of lines) {
      const fields = line.trim().split(/\s+/)
      if (fields[1]?.endsWith(hex)) inodes.add(fields[9])
    }
  }
  for (const name of ['worker1', 'worker2'] as const) {
    const pid = cluster.processes.get(name)?.process.pid
    if (!pid) continue
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      const link = (() => {
        try {
          return readlinkSync(`/proc/${pid}/fd/${fd}`)
        } catch {
          return ''
        }
      })()
      const inode = link.match(/^socket:\[(\d+)\]$/)?.[1]
      if (inode && inodes.has(inode)) return name
    }
  }
  return null
}

const WORDS = 60
const KILL_AT_WORD = 13

/**
 * 6. The worker running an AI stream killed after 13 of 60 words; the other takes the stream over and makes
 * only the words still missing.
 */
export async function aiStreamThroughWorkerKill(cluster: Cluster, learner: Learner) {
  const words = Array.from({ length: WORDS }, (_, index) => `palabra${index + 1}`)
  const workers = ['worker1', 'worker2']
  resetAi()
  /* the first call slow enough to be killed midway; the resumed one at once */
  scriptAi({ words: true, everyMs: 200 }, { words: true, everyMs: 5 })
  const created = await call(cluster, 'POST', '/api/notes/ai_bulk_create', {
    token: learner.token,
    body: {
      deck_id: null,
      folder_id: null,
      user_prompt: words.join('\n'),
      card_format: 'basic',
      cards_amount: WORDS,
    },
  })
  expect(created.status === 201, `POST /api/notes/ai_bulk_create: ${told(created)}`, [
    'web1',
    'web2',
  ])
  const streamId = created.body.streamId
  const status = async () =>
    (
      await call(cluster, 'GET', `/api/notes/stream_status?stream_id=${streamId}`, {
        token: learner.token,
      })
    ).body
  const midway = await until(
    async () => {
      const body = await status()
      return body?.count >= KILL_AT_WORD && body
    },
    `${KILL_AT_WORD} notes of the stream`,
    60_000,
    workers
  )
  const caller = aiState.calls[0]?.remotePort
  const victim = caller ? workerOnPort(cluster, caller) : null
  expect(victim, `no worker holds the AI call's connection (port ${caller})`, workers)
  const survivor = victim === 'worker1' ? 'worker2' : 'worker1'
  cluster.processes.get(victim)!.process.kill('SIGKILL')
  const killedAt = Date.now()
  const frontsOf = async (deckId: number) =>
    (
      await sql(
        cluster.env.DATABASE_URL,
        `select fields->>'Front' as front from notes where deck_id = $1`,
        [deckId]
      )
    ).map((row) => row.front as string)
  const savedAtKill = await frontsOf(midway.deckId)

  await until(() => aiState.calls.length >= 2, `${survivor} taking the stream over`, 60_000, [
    survivor,
  ])
  const takeover = (Date.now() - killedAt) / 1000
  const done = await until(
    async () => {
      const body = await status()
      return ['done', 'failed', 'cancelled'].includes(body?.status) && body
    },
    'the resumed stream to end',
    60_000,
    [survivor]
  )
  expect(done.status === 'done', `the stream ended ${done.status}: ${JSON.stringify(done.error)}`, [
    survivor,
  ])
  const fronts = await frontsOf(done.deckId)
  const twice = fronts.filter((front, index) => fronts.indexOf(front) !== index)
  const missing = words.filter((word) => !fronts.includes(word))
  expect(
    !twice.length && !missing.length && fronts.length === WORDS,
    `${fronts.length} notes: made twice ${JSON.stringify(twice)}, never ${JSON.stringify(missing)}`,
    [survivor]
  )
  const askedFor: string[] = requestedWords(aiState.calls[1].body)
  const askedAgain = askedFor.filter((word) => savedAtKill.includes(word))
  expect(!askedAgain.length, `the resumed call asked again for ${askedAgain.join(', ')}`, [
    survivor,
  ])
  const resumedWith = askedFor.length
  return (
    `${victim} SIGKILLed with ${savedAtKill.length} of ${WORDS} notes saved; ${survivor} took over ` +
    `${takeover.toFixed(1)} s later, asking for ${resumedWith} words; ${fronts.length} notes, every word once`
  )
}

/** 7. Redis loses its data (FLUSHDB): the workers register the recurring jobs again, and they run. */
export async function schedulesAfterFlush(cluster: Cluster) {
  const connection = { url: cluster.env.REDIS_URL, maxRetriesPerRequest: null }
  const queue = new Queue('default', { connection } as any)
  try {
    const before = await queue.getJobSchedulersCount()
    expect(before > 0, 'no recurring job is registered', ['worker1', 'worker2'])
    const names = (await queue.getJobSchedulers()).map((scheduler) => scheduler.key)
    const redis = new Redis(cluster.env.REDIS_URL)
    await redis.flushdb()
    await redis.quit()
    const flushedAt = Date.now()
    const after = await queue.getJobSchedulersCount()
    expect(after === 0, `${after} schedules left after FLUSHDB`)
    const show = [...cluster.processes.keys()].filter((name) => name.startsWith('worker'))
    await until(
      async () => (await queue.getJobSchedulersCount()) >= before,
      `the ${before} schedules registered again`,
      30_000,
      show
    )
    const registered = (Date.now() - flushedAt) / 1000
    const ran = await until(
      async () => {
        const jobs = await queue.getJobs(['completed'])
        return jobs.find((job) => names.includes(job.name))
      },
      'a recurring job to run after the flush',
      30_000,
      show
    )
    return (
      `FLUSHDB emptied the queue's ${before} schedules; registered again ${registered.toFixed(1)} s later ` +
      `(SCHEDULES_CHECK_MS ${cluster.env.SCHEDULES_CHECK_MS}), and ${ran.name} ran ` +
      `${((ran.finishedOn! - flushedAt) / 1000).toFixed(1)} s after the flush`
    )
  } finally {
    await queue.close()
  }
}
