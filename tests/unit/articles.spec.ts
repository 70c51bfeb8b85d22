import { test } from '@japa/runner'
import { readFile, stat } from 'node:fs/promises'
import app from '@adonisjs/core/services/app'
import { LOCALES } from '#config/i18n'
import { ARTICLES, SCREENSHOTS, articlePath } from '#services/articles/catalogue'
import { parseInline, parseMarkdown } from '#services/articles/markdown'
import { ARTICLE_KINDS, type Block, type Inline } from '#types/articles'

const source = (locale: string, kind: string, id: string) =>
  readFile(app.languageFilesPath(locale, 'articles', kind, `${id}.md`), 'utf8')
const inlines = (blocks: Block[]): Inline[] =>
  blocks.flatMap((block) =>
    block.kind === 'list' ? block.items.flat() : block.kind === 'image' ? [] : block.content
  )

test.group('Articles: the Markdown reader', () => {
  test('{name}')
    .with([
      {
        name: 'bold, code and a link on the site',
        text: 'Press **Study** or `Space`, see [the library](/library).',
        parts: [
          { kind: 'text', text: 'Press ' },
          { kind: 'strong', text: 'Study' },
          { kind: 'text', text: ' or ' },
          { kind: 'code', text: 'Space' },
          { kind: 'text', text: ', see ' },
          { kind: 'link', text: 'the library', href: '/library' },
          { kind: 'text', text: '.' },
        ],
      },
      {
        name: 'an https link',
        text: '[FSRS](https://github.com/open-spaced-repetition)',
        parts: [{ kind: 'link', text: 'FSRS', href: 'https://github.com/open-spaced-repetition' }],
      },
      {
        name: 'a script address stays text',
        text: '[click](javascript:alert(1))',
        parts: [
          { kind: 'text', text: 'click' },
          { kind: 'text', text: ')' },
        ],
      },
      {
        name: 'another host without https stays text',
        text: '[x](//evil.example) [y](http://evil.example)',
        parts: [
          { kind: 'text', text: 'x' },
          { kind: 'text', text: ' ' },
          { kind: 'text', text: 'y' },
        ],
      },
      {
        name: 'markup is text, never HTML',
        text: '<img src=x onerror=alert(1)>',
        parts: [{ kind: 'text', text: '<img src=x onerror=alert(1)>' }],
      },
    ])
    .run(({ assert }, row) => {
      assert.deepEqual(parseInline(row.text), row.parts as Inline[])
    })

  test('headings, paragraphs over several lines, lists (a wrapped item goes on) and screenshots', ({
    assert,
  }) => {
    const blocks = parseMarkdown(
      'Intro line one\nline two.\n\n## Steps\n1. First\n2. Second\n   goes on\n\n- a\n- b\n![](study)\n### End'
    )
    assert.deepEqual(blocks, [
      { kind: 'paragraph', content: [{ kind: 'text', text: 'Intro line one line two.' }] },
      { kind: 'heading', level: 2, content: [{ kind: 'text', text: 'Steps' }] },
      {
        kind: 'list',
        ordered: true,
        items: [[{ kind: 'text', text: 'First' }], [{ kind: 'text', text: 'Second goes on' }]],
      },
      {
        kind: 'list',
        ordered: false,
        items: [[{ kind: 'text', text: 'a' }], [{ kind: 'text', text: 'b' }]],
      },
      { kind: 'image', image: 'study' },
      { kind: 'heading', level: 3, content: [{ kind: 'text', text: 'End' }] },
    ])
  })
})

test.group('Articles: the texts and their screenshots', () => {
  test(
    'every article is written in all five languages, links only to pages that exist, and shows the ' +
      'screenshots English shows',
    async ({ assert }) => {
      const pages = new Set([
        '/library',
        '/guides',
        '/blog',
        ...ARTICLE_KINDS.flatMap((kind) =>
          ARTICLES[kind].map((entry) => articlePath(kind, entry.slug))
        ),
      ])
      for (const kind of ARTICLE_KINDS) {
        for (const { id } of ARTICLES[kind]) {
          const english = parseMarkdown(await source('en', kind, id)).filter(
            (block) => block.kind === 'image'
          )
          for (const locale of LOCALES) {
            const blocks = parseMarkdown(await source(locale, kind, id))
            const where = `${locale}/${kind}/${id}`
            assert.isAbove(
              blocks.filter((block) => block.kind === 'paragraph').length,
              1,
              `${where} has text`
            )
            assert.deepEqual(
              blocks.filter((block) => block.kind === 'image'),
              english,
              `${where} shows the screenshots English shows`
            )
            for (const part of inlines(blocks)) {
              if (part.kind === 'link')
                assert.isTrue(pages.has(part.href), `${where} links to ${part.href}`)
              assert.notMatch(
                part.text,
                /^#|\]\(|\*\*/,
                `${where}: "${part.text}" is Markdown left unread`
              )
            }
          }
        }
      }
    }
  )

  test('every screenshot exists in every language, as WebP under 150 KB, and some article shows it', async ({
    assert,
  }) => {
    const shown = new Set<string>()
    for (const kind of ARTICLE_KINDS) {
      for (const { id } of ARTICLES[kind]) {
        for (const block of parseMarkdown(await source('en', kind, id)))
          if (block.kind === 'image') shown.add(block.image)
      }
    }
    assert.sameMembers([...shown], [...SCREENSHOTS])
    for (const locale of LOCALES) {
      for (const id of SCREENSHOTS) {
        const file = app.publicPath('screenshots', locale, `${id}.webp`)
        const bytes = await readFile(file)
        assert.equal(
          bytes.subarray(8, 12).toString('latin1'),
          'WEBP',
          `${locale}/${id}.webp is WebP`
        )
        assert.isBelow((await stat(file)).size, 150_000, `${locale}/${id}.webp is under 150 KB`)
      }
    }
  })
})
