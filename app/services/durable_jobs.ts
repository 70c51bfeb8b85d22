import { randomUUID } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import type { Job } from 'bullmq'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import { dispatch, getQueue, queueOf, type JobName, type JobPayloads } from '#services/queue'

/**
 * Jobs a learner's request starts are never only in memory: the job's row
 * (`job_outbox`) is written in the request's transaction, before it answers,
 * and handed to the queue after the commit under the row's BullMQ job id
 * (`job-<uuid>-user-<learner>`), so handing the same row over again is a
 * no-op for BullMQ. The row goes when the job ends (the worker settles
 * it). A hand-off that fails (the queue away) leaves the row, and the
 * worker's sweep (`hand_off_jobs`, every minute and at the worker's start)
 * hands over every row the queue does not have.
 */

type OutboxRow = {
  id: number | string
  job_id: string
  name: JobName
  payload: unknown
  user_id: number | null
}

/* a row this young is still being handed over by the request that wrote it: the sweep leaves it */
const SWEEP_GRACE_MS = 60_000

/* a hand-off waits this long for the queue; after that the sweep's turn (the row is safe) */
const HAND_OFF_MS = 5_000

/** A new outbox row's BullMQ job id: the same at every hand-off; it names the learner, for the worker's turns. */
function newJobId(userId: number | null) {
  return `job-${randomUUID()}${userId ? `-user-${userId}` : ''}`
}

/** The learner a job id names (null: none, or a job not from the outbox, such as a schedule's). */
export function ownerOfJob(jobId: string | undefined) {
  const match = /^job-[0-9a-f-]{36}-user-(\d+)$/.exec(jobId ?? '')
  return match ? Number(match[1]) : null
}

const isOutboxJob = (jobId: string | undefined) => Boolean(jobId?.startsWith('job-'))

async function handOff(row: OutboxRow) {
  let timer: NodeJS.Timeout | undefined
  const away = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`the queue did not take the job within ${HAND_OFF_MS} ms`)),
      HAND_OFF_MS
    )
  })
  try {
    /* through dispatch, so dispatchesSettled() waits for it too */
    await Promise.race([
      dispatch(row.name, row.payload as JobPayloads[JobName], { jobId: row.job_id }),
      away,
    ])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Queues `name` durably for the learner `userId`: its row through `client`
 * (in a transaction: handed to the queue after its commit, so the worker
 * finds what the transaction wrote; outside one: at once).
 */
export async function queueJob<Name extends JobName>(
  client: TransactionClientContract | QueryClientContract,
  name: Name,
  payload: JobPayloads[Name],
  userId: number | null
) {
  const [row] = (await client
    .insertQuery()
    .table('job_outbox')
    .insert({ job_id: newJobId(userId), name, payload: JSON.stringify(payload), user_id: userId })
    .returning(['id', 'job_id', 'name', 'payload', 'user_id'])) as OutboxRow[]
  const hand = () =>
    void handOff(row).catch((error) =>
      logger.warn(
        { err: error, job: name, outboxId: row.id },
        'the queue is away: the job waits for the sweep'
      )
    )
  if ('after' in client && client.isTransaction) client.after('commit', hand)
  else hand()
}

/** The worker, when a job from the outbox ends (done, or failed for good): its row goes. */
export async function settleJob(job: Job) {
  if (!isOutboxJob(job.id)) return
  /* a row that cannot go now is settled by the next sweep, which finds the job finished */
  await db
    .from('job_outbox')
    .where('job_id', job.id!)
    .delete()
    .catch((error) =>
      logger.warn({ err: error, jobId: job.id }, "an ended job's row stays for the sweep")
    )
}

/**
 * The sweep: every outbox row whose job the queue does not have is handed
 * over again (same job id: never twice); a row whose job has finished goes.
 * Rows younger than `olderThanMs` are left to their own hand-off, still
 * under way. Answers the counts.
 */
export async function handOffLostJobs(olderThanMs = SWEEP_GRACE_MS) {
  const rows: OutboxRow[] = await db
    .from('job_outbox')
    .where('created_at', '<', new Date(Date.now() - olderThanMs))
    .orderBy('id')
    .limit(5_000)
  let handed = 0
  let settled = 0
  for (const row of rows) {
    const job = await getQueue(queueOf(row.name)).getJob(row.job_id)
    if (!job) {
      await handOff(row)
      handed++
    } else if (job.finishedOn && ((await job.isCompleted()) || (await job.isFailed()))) {
      await db.from('job_outbox').where('id', row.id).delete()
      settled++
    }
  }
  if (handed || settled) logger.info({ handed, settled }, 'accepted jobs handed to the queue again')
  return { handed, settled }
}
