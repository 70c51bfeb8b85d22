import { runInNewContext } from 'node:vm'

/**
 * A browser-like HTTP session for page tests: keeps cookies, follows no
 * redirects, and sends the XSRF token header the way Inertia's client does.
 */
export class WebSession {
  cookies = new Map<string, string>()
  /* like a browser, forms are posted from the last page seen (redirect back goes there) */
  lastPage = '/'
  base = `http://${process.env.HOST}:${process.env.PORT}`

  constructor(private headers: Record<string, string> = {}) {}

  async request(
    method: string,
    path: string,
    body?: Record<string, unknown>,
    options: { csrf?: boolean; accept?: string } = {}
  ) {
    const headers: Record<string, string> = {
      ...this.headers,
      cookie: this.cookieHeader(),
      /* pages by default; the pages' JSON calls (requestJson) ask for JSON */
      accept: options.accept ?? 'text/html',
    }
    if (body) headers['content-type'] = 'application/json'
    if (method !== 'GET') headers.referer = `${this.base}${this.lastPage}`
    const xsrf = this.cookies.get('XSRF-TOKEN')
    if (options.csrf !== false && xsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf)
    const response = await fetch(`${this.base}${path}`, {
      method,
      headers,
      body: body ? JSON.stringify(body) : undefined,
      redirect: 'manual',
    })
    this.keepCookies(response.headers.getSetCookie())
    if (method === 'GET' && response.status === 200) this.lastPage = path
    return {
      status: response.status,
      location: response.headers.get('location'),
      headers: response.headers,
      text: await response.text(),
    }
  }

  get(path: string) {
    return this.request('GET', path)
  }

  post(
    path: string,
    body: Record<string, unknown> = {},
    options?: { csrf?: boolean; accept?: string }
  ) {
    return this.request('POST', path, body, options)
  }

  put(path: string, body: Record<string, unknown> = {}) {
    return this.request('PUT', path, body)
  }

  delete(path: string, body: Record<string, unknown> = {}) {
    return this.request('DELETE', path, body)
  }

  /**
   * A page visit as Inertia's client makes it after the first load (an
   * X-Inertia request, through Japa's API client and AdonisJS's Inertia
   * plugin, tests/bootstrap.ts), in this session: its page object. `only`
   * makes it a partial reload of those props, as a page asks for a lazy
   * prop. An answer that is not a page (a redirect, a JSON error) fails,
   * naming its status.
   */
  async visit(
    path: string,
    only?: string[]
  ): Promise<{
    status: number
    component: string
    props: Record<string, any>
    url: string
    version: string | null
    headers: Record<string, string | string[] | undefined>
  }> {
    const { ApiClient } = await import('@japa/api-client')
    const request = new ApiClient(this.base)
      .get(path)
      .headers(this.headers)
      .header('cookie', this.cookieHeader())
      .redirects(0)
    if (only)
      request.withInertiaPartialReload((await this.visit(path)).component as never, only as never)
    else request.withInertia()
    const response = await request
    const setCookie = response.headers()['set-cookie'] as string | string[] | undefined
    this.keepCookies(Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [])
    /* a page may answer with another status (410 for a link past its time): still a page */
    if (!response.header('x-inertia'))
      throw new Error(
        `GET ${path}: ${response.status()} ${response.header('location') ?? ''}, not a page`
      )
    if (response.status() === 200) this.lastPage = path
    return {
      status: response.status(),
      component: response.inertiaComponent as string,
      props: response.inertiaProps,
      url: response.body().url,
      version: response.body().version,
      headers: response.headers(),
    }
  }

  /**
   * The page object in a first, server-rendered load's HTML: for tests of
   * that document itself (what the browser receives before any script).
   * A page's props are read with visit().
   */
  static page(html: string) {
    const match = html.match(/<script data-page="app" type="application\/json">(.*?)<\/script>/s)
    if (!match) throw new Error('no Inertia page in response')
    return JSON.parse(match[1])
  }

  /**
   * The translations a page's document loads (its `messagesScripts`, the
   * parts it needs), run as the browser runs them: the messages of the
   * page's locale.
   */
  async messages(page: { props: Record<string, any> }): Promise<Record<string, string>> {
    const scope: Record<string, any> = {}
    for (const src of page.props.messagesScripts as string[]) {
      const response = await fetch(`${this.base}${src}`)
      if (response.status !== 200) throw new Error(`${src}: ${response.status}`)
      runInNewContext(await response.text(), { globalThis: scope })
    }
    return scope.mnemoMessages[page.props.locale]
  }

  cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }

  keepCookies(setCookies: string[]) {
    for (const cookie of setCookies) {
      const [pair] = cookie.split(';')
      const index = pair.indexOf('=')
      this.cookies.set(pair.slice(0, index), pair.slice(index + 1))
    }
  }
}

/** A new user with a password, signed in through the sign-in form. */
export async function signedIn(email = 'ana@example.test') {
  /* loaded here, so that a process without the app (the cluster smoke) can use the session */
  const { makeUser, PASSWORD } = await import('#tests/support/helpers')
  const user = await makeUser({ email })
  const web = new WebSession()
  await web.get('/sign-in')
  const response = await web.post('/sign-in', { email, password: PASSWORD })
  if (response.location !== '/')
    throw new Error(`sign-in failed: ${response.status} ${response.location}`)
  return { user, web }
}

/**
 * A page's own fetch call in this session (JSON, or a FormData upload),
 * sent as inertia/lib/http.ts sends it: the session's cookies, the XSRF
 * header (`csrf: false` leaves it out), JSON accepted, no redirect followed.
 */
export async function pageCall(
  web: WebSession,
  method: string,
  path: string,
  body?: FormData | object,
  options: { csrf?: boolean } = {}
) {
  const headers: Record<string, string> = {
    cookie: [...web.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    accept: 'application/json',
    referer: `${web.base}/`,
  }
  if (options.csrf !== false)
    headers['x-xsrf-token'] = decodeURIComponent(web.cookies.get('XSRF-TOKEN') ?? '')
  if (body && !(body instanceof FormData)) headers['content-type'] = 'application/json'
  const response = await fetch(`${web.base}${path}`, {
    method,
    headers,
    redirect: 'manual',
    body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
  })
  return {
    status: response.status,
    location: response.headers.get('location'),
    headers: response.headers,
    body: (await response.json().catch(() => null)) as any,
  }
}

/**
 * An Inertia partial reload of one optional prop (a dialog's lazy list, as the page asks for it when the
 * dialog opens): its props.
 */
export async function partialProps(web: WebSession, path: string, only: string) {
  return (await web.visit(path, [only])).props
}
