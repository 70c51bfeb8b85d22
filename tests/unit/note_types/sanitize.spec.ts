import { test } from '@japa/runner'
import {
  remoteImageSources,
  sanitizeCss,
  sanitizeFieldHtml,
  sanitizeTemplateHtml,
} from '#note_types/sanitize'
import { htmlToPlainText } from '#note_types/plain_text'
import { XSS_PAYLOADS, assertNeutralized, findXssProblem } from '#tests/fixtures/xss_payloads'

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6' +
  'kgAAAABJRU5ErkJggg=='
const LINK_ATTRS = 'rel="noopener noreferrer nofollow" target="_blank"'

/* Content that must come out exactly as it went in. */
const UNCHANGED = [
  '<p>Some <b>bold</b>, <strong>strong</strong>, <i>i</i>, <em>em</em>, <u>u</u>, <s>s</s>, ' +
    '<strike>st</strike>, <del>d</del>, <ins>n</ins>, H<sub>2</sub>O, x<sup>2</sup>, <mark>m</mark>, ' +
    '<small>sm</small></p>',
  '<div>line 1</div><div>line 2<br /></div><hr />',
  '<h1>1</h1><h2>2</h2><h3>3</h3><h4>4</h4><h5>5</h5><h6>6</h6>',
  '<pre><code>const a = 1 &lt; 2 &amp;&amp; b</code></pre><blockquote>quote</blockquote>',
  '<ol start="3"><li>a</li><li>b</li></ol><ul><li>c<ul><li>d</li></ul></li></ul>',
  '<table><thead><tr><th colspan="2">h</th></tr></thead><tbody><tr><td ' +
    'rowspan="2">a</td><td>b</td></tr></tbody><tfoot><tr><td>f</td></tr></tfoot></table>',
  '<ruby>漢<rp>(</rp><rt>かん</rt><rp>)</rp></ruby><ruby>字<rt>じ</rt></ruby>',
  '<font color="#ff0000">red</font> <font color="blue">blue</font>',
  '<img src="/media/0b3f9c1e-2d4a-4f6b-8c7d-9e0f1a2b3c4d.png" alt="A" title="t" width="100" height="50" />',
  '<img src="paste-1a2b3c.jpg" alt="" />',
  '<img src="media/sub folder/picture.webp" />',
  `<img src="${PNG}" />`,
  '<img src="data:image/jpeg;base64,/9j/4AAQSkZJRg==" /><img src="data:image/gif;base64,R0lGODlh" /><img ' +
    'src="data:image/webp;base64,UklGRg==" />',
  '<audio controls src="/media/0b3f9c1e-2d4a-4f6b-8c7d-9e0f1a2b3c4d.mp3"></audio><audio controls ' +
    'src="hello.ogg"></audio>',
  '<video controls width="320" height="240"><source src="clip.mp4" type="video/mp4" /></video>',
  '{{c1::<b>Paris</b>::<i>city</i>}} is in {{c2::France}}, {{c1::nested {{c3::deep}}}}',
  '\\(\\frac{a}{b}\\) and \\[x^2\\] and $$\\sum_{i=0}^{n} i$$ and \\(a &lt; b\\) and \\(\\begin{matrix} a &amp; ' +
    'b \\end{matrix}\\)',
  '[sound:hello world.mp3] [sound:x.ogg]',
  '<details><summary>More</summary>hidden text</details><details open><summary>Open</summary>x</details>',
  '<span style="color:#ff0000;background-color:rgb(255, 255, ' +
    '0);font-weight:bold;font-style:italic;text-decoration:underline line-through;font-size:1.5em">x</span>',
  '<p style="text-align:center">c</p><span style="font-size:12px;color:rgba(0, 0, 0, 0.5)">s</span>',
  '<hr id="answer" />',
  '<div class="front big">x</div><span class="cloze" data-ordinal="1">a</span>',
  '<p>Tom &amp; Jerry &lt;3 "quoted" it\'s</p>',
  `<a href="https://example.com/a?b=1&amp;c=2" ${LINK_ATTRS}>link</a>`,
  `<a href="mailto:someone@example.com" ${LINK_ATTRS}>mail</a>`,
  '<span class="type-answer" data-type-answer="Back"></span>',
  '<span class="type-answer-result" data-type-answer="Back" data-type-expected="Paris &amp; co">Paris &amp; co</span>',
]

test.group('Note types | sanitizeFieldHtml', () => {
  test('every known XSS payload #{$i} is neutralized')
    .with(XSS_PAYLOADS)
    .run(({ assert }, payload) => {
      const field = sanitizeFieldHtml(payload)
      assertNeutralized(field, 'field')
      assertNeutralized(sanitizeTemplateHtml(payload), 'template')
      assert.equal(sanitizeFieldHtml(field), field, 'idempotent')
    })

  test('legit content #{$i} survives unchanged')
    .with(UNCHANGED)
    .run(({ assert }, html) => {
      assert.equal(sanitizeFieldHtml(html), html)
      assert.equal(sanitizeTemplateHtml(html), html)
    })

  test('a remote image never stays: its alt text instead, or the stored copy a save gives', ({
    assert,
  }) => {
    const tracker =
      '<p>a<img src="http://tracker.example/track.png?who=viewer&amp;x=1" alt="Heart &amp; lungs">b</p>'
    assert.equal(sanitizeFieldHtml(tracker), '<p>a<span>Heart &amp; lungs</span>b</p>')
    assert.equal(
      sanitizeFieldHtml(
        '<img src="//tracker.example/t.png"><img src=" HTTPS://tracker.example/t.png">'
      ),
      '<span></span><span></span>'
    )
    const asked: string[] = []
    const local = '/media/0b3f9c1e-2d4a-4f6b-8c7d-9e0f1a2b3c4d.png'
    assert.equal(
      sanitizeFieldHtml(tracker, (url) => (asked.push(url), local)),
      `<p>a<img src="${local}" alt="Heart &amp; lungs" />b</p>`
    )
    /* the URL as the browser would read it: entities decoded */
    assert.deepEqual(asked, ['http://tracker.example/track.png?who=viewer&x=1'])
    assert.deepEqual(
      remoteImageSources(
        `${tracker}<img src="https://b.example/x.gif"><img src="local.png"><img src="${PNG}">${tracker}`
      ),
      ['http://tracker.example/track.png?who=viewer&x=1', 'https://b.example/x.gif']
    )
    assert.deepEqual(remoteImageSources('plain text'), [])
  })

  test('remote sounds and videos lose their source; nothing names another host', ({ assert }) => {
    const html =
      '<audio controls src="https://tracker.example/a.mp3"></audio><video controls><source src="http://tracker.example/v.mp4" type="video/mp4" /></video><img srcset="https://tracker.example/x.png 2x" src="a.png" />'
    const clean = sanitizeFieldHtml(html)
    assert.notInclude(clean, 'tracker.example')
    assert.equal(
      clean,
      '<audio controls></audio><video controls><source type="video/mp4" /></video><img src="a.png" />'
    )
  })

  test('links get rel and target whatever the author wrote', ({ assert }) => {
    assert.equal(
      sanitizeFieldHtml('<a href="http://example.com" target="_self" rel="opener" name="x">x</a>'),
      `<a href="http://example.com" ${LINK_ATTRS}>x</a>`
    )
  })

  test('cleans without losing the harmless parts', ({ assert }) => {
    const cases: [string, string][] = [
      ['<font color="red" face="Arial" size="7">x</font>', '<font color="red">x</font>'],
      ['<font color="red;background:url(x)">x</font>', '<font>x</font>'],
      [
        '<span style="color: red; position: absolute; top: 0">x</span>',
        '<span style="color:red">x</span>',
      ],
      [
        '<span style="font-family: Arial; color: blue">x</span>',
        '<span style="color:blue">x</span>',
      ],
      ['<img src="pic.png" width="100px" height="abc" onload="x()">', '<img src="pic.png" />'],
      ['<img src="//evil.example/x.png">', '<span></span>'],
      ['<a href="/relative/page">x</a>', `<a ${LINK_ATTRS}>x</a>`],
      ['<hr id="other">', '<hr />'],
      ['<p id="x" lang="en" dir="rtl" data-foo="1">p</p>', '<p>p</p>'],
      ['<iframe src="https://x">kept?</iframe><svg><text>svg text</text></svg>', 'svg text'],
      ['<center>centered</center><marquee>moving</marquee>', 'centeredmoving'],
      ['<!-- comment --><b>b</b>', '<b>b</b>'],
      ['<p>unclosed <b>bold', '<p>unclosed <b>bold</b></p>'],
      ['<source src="x.mp3" type="text/html">', '<source src="x.mp3" />'],
    ]
    for (const [input, expected] of cases) assert.equal(sanitizeFieldHtml(input), expected, input)
  })

  test('data-cloze (answer HTML in an attribute) is sanitized as HTML too', ({ assert }) => {
    const out = sanitizeFieldHtml(
      '<span class="cloze" data-cloze="&lt;img src=x onerror=alert(1)&gt;&lt;b&gt;ok&lt;/b&gt;">[...]</span>'
    )
    assert.equal(
      out,
      '<span class="cloze" data-cloze="&lt;img src=&quot;x&quot; /&gt;&lt;b&gt;ok&lt;/b&gt;">[...]</span>'
    )
  })

  test('output is idempotent on messy input', ({ assert }) => {
    const messy = [
      '<p>a<p>b<div>c</p></div>',
      '<b><i>x</b></i>',
      '<table><tr><td>a<td>b</table>',
      '&lt;script&gt;alert(1)&lt;/script&gt; &amp;amp; &nbsp; &#x1F600;',
      '<img src="a.png" alt="a &quot;quoted&quot; <alt>">',
      '<span style="color:red !important">x</span>',
      '<a href="https://x.example/?q=<b>">x</a>',
      '{{c1::a > b::hint & more}}',
      ...UNCHANGED,
      ...XSS_PAYLOADS,
    ]
    for (const html of messy) {
      const once = sanitizeFieldHtml(html)
      assert.equal(sanitizeFieldHtml(once), once, html)
      const template = sanitizeTemplateHtml(html)
      assert.equal(sanitizeTemplateHtml(template), template, html)
    }
  })
})

test.group('Note types | sanitizeTemplateHtml', () => {
  test('placeholders survive in text and allowed attributes', ({ assert }) => {
    const template =
      '{{#Image}}<div class="img {{Tags}}">{{Image}}</div>{{/Image}}{{^Back}}none{{/Back}}' +
      '<img src="{{Picture}}" /><a href="{{Url}}" rel="noopener noreferrer nofollow" target="_blank">go</a>' +
      '{{FrontSide}}<hr id="answer" />{{type:Back}}{{text:hint:Back Extra}}'
    assert.equal(sanitizeTemplateHtml(template), template)
  })

  test('a placeholder does not open the door to other schemes', ({ assert }) => {
    assert.equal(sanitizeTemplateHtml('<a href="javascript:{{X}}">x</a>'), `<a ${LINK_ATTRS}>x</a>`)
    assert.equal(sanitizeTemplateHtml('<img src="{{X}}" onerror="{{Y}}">'), '<img src="{{X}}" />')
    assert.equal(sanitizeTemplateHtml('<span style="color:{{Color}}">x</span>'), '<span>x</span>')
    assert.equal(sanitizeFieldHtml('<a href="{{Url}}">x</a>'), `<a ${LINK_ATTRS}>x</a>`)
  })

  test('scripts and styles of imported Anki templates are dropped', ({ assert }) => {
    const template =
      '<style>.x{}</style>{{Front}}<script>document.title = "{{Front}}"</script><input id="typeans">'
    assert.equal(sanitizeTemplateHtml(template), '{{Front}}')
  })
})

test.group('Note types | sanitizeCss', () => {
  test('keeps ordinary note-type CSS byte for byte', ({ assert }) => {
    const css = [
      '.card { font-family: arial; font-size: 20px; text-align: center; color: black; }',
      '.cloze { font-weight: bold; color: blue; }',
      '.nightMode .cloze { color: lightblue; }',
      '@media (max-width: 600px) { .card { font-size: 16px; } }',
      '@font-face { font-family: X; src: url("_fonts/x.woff2") format("woff2"); }',
      '.bg { background: url(images/bg.png) no-repeat; }',
      ".d { background-image: url('data:image/png;base64,iVBORw0KGgo='); }",
      'html { scroll-behavior: smooth; }',
      '.md\\:flex { display: flex; } .q::before { content: "\\201C"; }',
    ].join('\n')
    assert.equal(sanitizeCss(css), css)
  })

  test('removes dangerous piece #{$i}')
    .with([
      { css: '@import url("https://evil.example/x.css");\n.a { color: red; }', gone: '@import' },
      { css: "@import 'x.css';\n.a { color: red; }", gone: '@import' },
      { css: '@IMPORT "x.css";.a { color: red; }', gone: 'IMPORT' },
      { css: '@\\69mport "x.css";.a { color: red; }', gone: 'mport' },
      { css: '.a { width: expression(alert(1)); color: red; }', gone: 'expression' },
      { css: '.a { width: EXPRESSION (alert(1)); color: red; }', gone: 'EXPRESSION' },
      { css: '.a { width: expr/**/ession(alert(1)); color: red; }', gone: 'ession' },
      { css: '.a { width: expr\\65ssion(alert(1)); color: red; }', gone: 'ssion' },
      { css: '.a { background: url(javascript:alert(1)); color: red; }', gone: 'javascript' },
      { css: '.a { background: url("javascript:alert(1)"); color: red; }', gone: 'javascript' },
      { css: '.a { background: url(jav\\61script:alert(1)); color: red; }', gone: 'script' },
      { css: '.a { background: u\\72l(javascript:alert(1)); color: red; }', gone: 'alert' },
      { css: ".a { background: url('vbscript:x'); color: red; }", gone: 'vbscript' },
      { css: '.a { behavior: url(x.htc); color: red; }', gone: 'behavior' },
      { css: '.a { -ms-behavior: url(x.htc); color: red; }', gone: 'behavior' },
      {
        css: '.a { -moz-binding: url("https://evil.example/x.xml#xss"); color: red; }',
        gone: 'binding',
      },
      {
        css: '.a { background: url(http://insecure.example/x.png); color: red; }',
        gone: 'insecure',
      },
      {
        css: '.a { background: url(https://tracker.example/x.png); color: red; }',
        gone: 'tracker',
      },
      {
        css: '@font-face { font-family: X; src: url("https://fonts.example/x.woff2"); }\n.a { color: red; }',
        gone: 'fonts.example',
      },
      { css: '.a { background: url(//evil.example/x.png); color: red; }', gone: 'evil' },
      {
        css: '.a { background: url("data:image/svg+xml;base64,PHN2Zz4="); color: red; }',
        gone: 'svg',
      },
      { css: '.a { background: url(data:text/html,x); color: red; }', gone: 'text/html' },
      {
        css: '.a { background: image-set("http://evil.example/x.png" 1x); color: red; }',
        gone: 'evil',
      },
      { css: '.a { color: red; }</style><script>alert(1)</script>', gone: '</style' },
      { css: '.a { color: red; }</STYLE ><img src=x onerror=alert(1)>', gone: 'STYLE' },
      { css: '.a { color: red; background: url(x.png; }', gone: 'url(' },
    ])
    .run(({ assert }, { css, gone }) => {
      const out = sanitizeCss(css)
      assert.notInclude(out, gone)
      assert.include(out, 'color: red')
      assert.notMatch(
        out.toLowerCase(),
        /expression\s*\(|javascript:|@import|<\/style|behavior|binding/
      )
      assert.equal(sanitizeCss(out), out, 'idempotent')
    })

  test('comments are removed so they cannot hide anything', ({ assert }) => {
    assert.equal(
      sanitizeCss('.a { color: red; /* ; } @import "x.css"; */ }'),
      '.a { color: red;  }'
    )
    assert.equal(sanitizeCss('/*/**/*/@import "x.css";'), ';')
    assert.equal(sanitizeCss('.a{}/* unterminated @import'), '.a{}')
  })

  test('is idempotent on tricky input', ({ assert }) => {
    const inputs = [
      '//**/*x*/',
      '@im/**/port "x";',
      'a { b: "unterminated\n; c: d }',
      '\\',
      '"',
      'url(',
      ')))(((',
      '<</style/style',
    ]
    for (const css of inputs) {
      const once = sanitizeCss(css)
      assert.equal(sanitizeCss(once), once, css)
      assert.notMatch(once.toLowerCase(), /@import|<\/style/)
    }
  })
})

test.group('Note types | XSS checker', () => {
  test('flags what it is meant to flag', ({ assert }) => {
    const bad = [
      '<script>alert(1)</script>',
      '<img src="x" onerror="alert(1)" />',
      '<a href="jav&#x09;ascript:alert(1)">x</a>',
      '<a href="data:text/html,x">x</a>',
      '<img src="data:image/svg+xml;base64,AAA" />',
      '<iframe srcdoc="x"></iframe>',
      '<div style="background:url(x.png)">x</div>',
      '<div style="width:expression(alert(1))">x</div>',
      '<span data-cloze="&lt;img src=x onerror=alert(1)&gt;">x</span>',
      '<p formaction="javascript:alert(1)">x</p>',
      '<custom-element>x</custom-element>',
      '<hr id="location" />',
      'text &lt;ok&gt; <svg></svg>',
    ]
    for (const html of bad) assert.isNotNull(findXssProblem(html), html)
    assert.throws(() => assertNeutralized(bad[0]), /XSS not neutralized/)
  })

  test('passes sanitized legit content', ({ assert }) => {
    for (const html of UNCHANGED) assert.isNull(findXssProblem(html), html)
  })

  test('there are at least 60 payloads', ({ assert }) => {
    assert.isAtLeast(XSS_PAYLOADS.length, 60)
    assert.lengthOf(new Set(XSS_PAYLOADS), XSS_PAYLOADS.length)
  })
})

test.group('Note types | text without markup takes the short way', () => {
  /* deterministic strings of awkward characters (controls, NUL, lone surrogates, quotes, cloze braces), never < or & */
  function* texts(count: number) {
    let seed = 7
    const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff
    const pool = [
      ' ',
      '\n',
      '\r',
      '\t',
      '\0',
      '\u00a0',
      'a',
      'Z',
      '"',
      "'",
      '>',
      '=',
      '/',
      '{',
      '}',
      ':',
      'c',
      '1',
      '[',
      ']',
      '\\',
      '\u2014',
      '😀',
      '\ud800',
      '\ufeff',
      ';',
      '#',
      '\u000b',
      '`',
    ]
    for (let produced = 0; produced < count;) {
      let text = ''
      for (let length = Math.floor(next() * 30); length > 0; length--) {
        text +=
          next() < 0.1
            ? String.fromCharCode(Math.floor(next() * 0xffff))
            : pool[Math.floor(next() * pool.length)]
      }
      if (/[<&]/.test(text)) continue
      produced++
      yield text
    }
  }

  test('a field: what the parser makes of the same text, next to markup that forces the parser', ({
    assert,
  }) => {
    for (const text of texts(3000))
      assert.equal(
        `${sanitizeFieldHtml(text)}<br />`,
        sanitizeFieldHtml(`${text}<br />`),
        JSON.stringify(text)
      )
  })

  test('plain text: what the parser makes of the same text, next to a tag that forces the parser', ({
    assert,
  }) => {
    for (const text of texts(3000))
      assert.equal(htmlToPlainText(text), htmlToPlainText(`${text}<br>`), JSON.stringify(text))
  })
})
