import { WebSession, pageCall } from '#tests/support/web_session'
import { eventStream } from '#tests/support/event_stream'
import { solidPng } from '#tests/support/images'
import { scriptAi } from '#tests/support/ai_double_server'
import { sql, type Cluster, type NodeName } from './cluster.js'
import { call, expect, told, until } from './http.js'

/*
 * What a learner does that one node starts and the other finishes: a
 * session and a token, an upload, an import, live AI notes.
 */
export interface Learner {
  email: string
  password: string
  token: string
  userId: number
  /** the browser's cookies (session, XSRF-TOKEN) */
  cookies: Map<string, string>
}

/** A browser's session through the balancer; `node` pins its requests to one node. */
function browser(cluster: Cluster, node?: NodeName, cookies?: Map<string, string>) {
  const web = new WebSession(node ? { 'x-smoke-node': node } : {})
  web.base = cluster.lb
  if (cookies) web.cookies = cookies
  return web
}

const WEB = ['web1', 'web2']

/** 1. Sign-in on one node, work on the other: an API token, and the web's session cookie and CSRF token. */
export async function signInAcrossNodes(cluster: Cluster) {
  const email = 'learner@cluster.test'
  const password = 'cluster-password-1'
  const registered = await call(
    cluster,
    'POST',
    '/api/authentication/register_with_email_and_pass',
    { node: 'web1', body: { user: { email, password, name: 'Cluster' } } }
  )
  expect(
    registered.status === 201 && registered.body?.token && registered.servedBy === 'web1',
    `API registration on web1: ${told(registered)}`,
    WEB
  )
  const token: string = registered.body.token
  const me = await call(cluster, 'GET', '/api/users/me', { token, node: 'web2' })
  expect(
    me.status === 200 && me.servedBy === 'web2' && JSON.stringify(me.body).includes(email),
    `web1's token on web2: ${told(me)}`,
    WEB
  )
  /* premium, so that no plan limit stops the checks that follow */
  const [{ id: userId }] = await sql(
    cluster.env.DATABASE_URL,
    'update users set is_premium = true where email = $1 returning id',
    [email]
  )

  const onWeb1 = browser(cluster, 'web1')
  await onWeb1.get('/sign-in')
  const signedIn = await onWeb1.post('/sign-in', { email, password })
  expect(
    signedIn.status === 302 &&
      signedIn.location === '/' &&
      signedIn.headers.get('x-served-by') === 'web1',
    `the sign-in form on web1: ${signedIn.status} to ${signedIn.location}`,
    WEB
  )
  const onWeb2 = browser(cluster, 'web2', onWeb1.cookies)
  const home = await onWeb2.get('/')
  expect(
    home.status === 200 && home.headers.get('x-served-by') === 'web2',
    `the home page on web2: ${home.status}`,
    WEB
  )
  const props = WebSession.page(home.text).props
  expect(
    JSON.stringify(props.user ?? null).includes(email),
    `web2's home page does not know the learner signed in on web1: ${JSON.stringify(props.user)}`,
    WEB
  )
  const posted = await onWeb2.post('/decks', { deck: { name: 'Made on web2' } })
  expect(
    posted.status === 302 && posted.headers.get('x-served-by') === 'web2',
    `a form post (new deck, CSRF-checked) on web2: ${posted.status} ${posted.text.slice(0, 200)}`,
    WEB
  )
  const decks = await call(cluster, 'GET', '/api/decks', { token, node: 'web1' })
  expect(
    JSON.stringify(decks.body).includes('Made on web2'),
    `the deck made on web2 is not listed on web1: ${told(decks)}`,
    WEB
  )
  const learner: Learner = { email, password, token, userId, cookies: onWeb1.cookies }
  return {
    learner,
    figures:
      'API token made on web1 answers on web2; the form signs in on web1, web2 shows the home page and takes a ' +
      'CSRF-checked post',
  }
}

/** 2. A picture uploaded through web1, read back byte-identical through web2 by its signed link (and in the bucket). */
export async function uploadAcrossNodes(cluster: Cluster, learner: Learner) {
  const deck = await call(cluster, 'POST', '/api/decks', {
    token: learner.token,
    body: { deck: { name: 'Pictures' } },
  })
  const deckId = deck.body?.deck?.id ?? deck.body?.id
  expect(deck.status === 201 && deckId, `POST /api/decks: ${told(deck)}`, WEB)
  const png = solidPng(320, 240)
  const form = new FormData()
  form.set('deck_id', String(deckId))
  form.set('file', new Blob([png], { type: 'image/png' }), 'picture.png')
  const uploaded = await call(cluster, 'POST', '/api/card_attachments', {
    token: learner.token,
    node: 'web1',
    form,
  })
  expect(
    uploaded.status === 200 && uploaded.body?.url && uploaded.servedBy === 'web1',
    `the upload on web1: ${told(uploaded)}`,
    WEB
  )
  /* the API hands out an absolute signed link (decision 0086): web2 checks web1's signature, no token sent */
  const link = new URL(uploaded.body.url, cluster.lb)
  const url = link.pathname
  const served = await fetch(`${cluster.lb}${url}${link.search}`, {
    headers: { 'x-smoke-node': 'web2' },
  })
  const bytes = Buffer.from(await served.arrayBuffer())
  expect(
    served.status === 200 && cluster.servedBy(served) === 'web2',
    `${url} on web2: ${served.status} from ${cluster.servedBy(served)}`,
    WEB
  )
  expect(
    bytes.equals(png),
    `${url} on web2 is ${bytes.length} bytes, not the ${png.length} uploaded`,
    WEB
  )
  const stored = await cluster.s3.read(url.slice(1))
  expect(
    stored.equals(png),
    `the bucket holds ${stored.length} bytes for ${url}, not the ${png.length} uploaded`,
    WEB
  )
  return (
    `${png.length} bytes of PNG stored through web1, the same bytes read through web2 by the signed link ` +
    'and in the bucket'
  )
}

const IMPORT_ROWS = 200

/** 3. A CSV import accepted by either node and carried out by one of the two workers, once. */
export async function importOnce(cluster: Cluster, learner: Learner) {
  const rows = Array.from(
    { length: IMPORT_ROWS },
    (_, index) => `word ${index + 1},meaning ${index + 1}`
  )
  const form = new FormData()
  form.append(
    'file',
    new Blob([`front,back\n${rows.join('\n')}\n`], { type: 'text/csv' }),
    'Cluster words.csv'
  )
  const started = Date.now()
  const accepted = await call(cluster, 'POST', '/api/deck_imports', { token: learner.token, form })
  expect(accepted.status === 202, `POST /api/deck_imports: ${told(accepted)}`, WEB)
  const show = ['worker1', 'worker2']
  const imported = await until(
    async () => {
      const state = await call(cluster, 'GET', `/api/deck_imports/${accepted.body.id}`, {
        token: learner.token,
      })
      return ['done', 'failed', 'cancelled'].includes(state.body?.status) && state.body
    },
    'the import ends',
    60_000,
    show
  )
  const seconds = (Date.now() - started) / 1000
  expect(
    imported.status === 'done',
    `the import ended ${imported.status}: ${JSON.stringify(imported).slice(0, 300)}`,
    show
  )
  const [counts] = await sql(
    cluster.env.DATABASE_URL,
    `
    select (select count(*)::int from notes where deck_id = $1) as notes,
           (select count(*)::int from cards where deck_id = $1) as cards,
           (select count(*)::int from decks where user_id = $2 and name = 'Cluster words') as decks`,
    [imported.deckId, learner.userId]
  )
  expect(
    counts.notes === IMPORT_ROWS && counts.cards === IMPORT_ROWS && counts.decks === 1,
    `the import made ${counts.decks} deck(s), ${counts.notes} notes and ${counts.cards} cards for ${IMPORT_ROWS} rows`,
    show
  )
  return {
    deckId: imported.deckId as number,
    figures:
      `${IMPORT_ROWS} rows: 1 deck, ${counts.notes} notes, ${counts.cards} cards, done in ` +
      `${seconds.toFixed(1)} s`,
  }
}

/**
 * 4. Live AI notes: the page's event stream held by one node, its subscribe answered by the other, every note
 * arriving.
 */
export async function liveNotesThroughBalancer(cluster: Cluster, learner: Learner) {
  const deck = await call(cluster, 'POST', '/api/decks', {
    token: learner.token,
    body: { deck: { name: 'Live notes' } },
  })
  const deckId = deck.body?.deck?.id ?? deck.body?.id
  expect(deck.status === 201 && deckId, `POST /api/decks: ${told(deck)}`, WEB)
  const page = browser(cluster, undefined, learner.cookies)
  await page.get('/ai/generate')
  const events = await eventStream(page)
  const streamOn = events.headers.get('x-served-by')
  expect(events.status === 200, `the event stream answered ${events.status}`, WEB)
  try {
    /*
     * round robin sends the next request to the other node; should anything come between, the subscribe is
     * sent again
     */
    let subscribed: Awaited<ReturnType<typeof pageCall>> | undefined
    for (
      let attempt = 0;
      attempt < 4 && (!subscribed || subscribed.headers.get('x-served-by') === streamOn);
      attempt++
    ) {
      subscribed = await pageCall(page, 'POST', '/__transmit/subscribe', {
        uid: events.uid,
        channel: `ai/decks/${deckId}`,
      })
      expect(
        subscribed.status === 204,
        `the subscribe answered ${subscribed.status} on ${subscribed.headers.get('x-served-by')}: ` +
          `${JSON.stringify(subscribed.body)}`,
        WEB
      )
    }
    const subscribeOn = subscribed!.headers.get('x-served-by')
    expect(
      subscribeOn !== streamOn,
      `the subscribe kept reaching ${streamOn}, the stream's node`,
      WEB
    )

    const words = [
      'gato - cat',
      'perro - dog',
      'pez - fish',
      'ave - bird',
      'rana - frog',
      'oso - bear',
      'lobo - wolf',
      'zorro - fox',
      'toro - bull',
      'cabra - goat',
      'oveja - sheep',
      'pato - duck',
    ]
    scriptAi({ words: true, everyMs: 20 })
    const started = await pageCall(page, 'POST', '/ai/streams', {
      mode: 'words',
      deck_id: deckId,
      user_prompt: words.join('\n'),
    })
    expect(
      started.status === 201,
      `POST /ai/streams answered ${started.status}: ${JSON.stringify(started.body)}`,
      WEB
    )
    const finished = await until(
      () => events.events.find((event) => event.payload?.type === 'finished'),
      'the finished event',
      60_000,
      [...WEB, 'worker1', 'worker2']
    )
    const arrived = events.events
      .filter((event) => event.payload?.type === 'note')
      .map((event) => event.payload.note.id)
    const saved = (
      await sql(cluster.env.DATABASE_URL, 'select id from notes where deck_id = $1 order by id', [
        deckId,
      ])
    ).map((row) => row.id)
    expect(
      saved.length === words.length,
      `the stream saved ${saved.length} notes for ${words.length} words`,
      ['worker1', 'worker2']
    )
    expect(
      JSON.stringify(arrived) === JSON.stringify(saved),
      `${arrived.length} of ${saved.length} notes arrived live (finished: ${JSON.stringify(finished.payload)})`,
      WEB
    )
    return (
      `event stream held by ${streamOn}, subscribe answered by ${subscribeOn}: ${arrived.length} of ` +
      `${saved.length} notes arrived, then "finished"`
    )
  } finally {
    await events.close()
  }
}
