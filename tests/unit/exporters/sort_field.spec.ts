import { test } from '@japa/runner'
import { readdirSync } from 'node:fs'
import { fieldChecksum, stripHtmlPreservingMedia } from '#exporters/anki/sort_field'
import { renderCard } from '#note_types/cards'
import type { NoteTypeDefinition } from '#note_types/types'
import { fixture } from '#tests/support/fixtures'
import { readAnkiTestPackage } from '#tests/support/anki_package'

/*
 * sfld and csum as Anki computes them (rslib/src/text.rs
 * strip_html_preserving_media_filenames and its tests; notes' field_checksum),
 * checked against Anki's own examples and against every note of the real
 * packages in tests/fixtures/anki, whose sfld and csum Anki wrote.
 */

test.group('Anki sort field and checksum', () => {
  test("Anki's examples: a picture keeps its file name between spaces, other tags go", ({
    assert,
  }) => {
    assert.equal(stripHtmlPreservingMedia('<img src=foo.jpg>'), ' foo.jpg ')
    assert.equal(stripHtmlPreservingMedia("<img src='foo.jpg'><html>"), ' foo.jpg ')
    assert.equal(stripHtmlPreservingMedia('<html>'), '')
    assert.equal(stripHtmlPreservingMedia('so<SCRIPT>t<b>e</b>st</script>me'), 'some')
  })

  test('a field that is only media: the sound tag stays, entities are decoded, nothing is trimmed', ({
    assert,
  }) => {
    assert.equal(stripHtmlPreservingMedia('[sound:hello.mp3]'), '[sound:hello.mp3]')
    assert.equal(
      stripHtmlPreservingMedia('<img src="a b.png" alt="x"><audio src="c.ogg" controls></audio>'),
      ' a b.png  c.ogg '
    )
    assert.equal(stripHtmlPreservingMedia('&nbsp;a&amp;b&lt;<!-- note -->'), ' a&b<')
    /* csum: the first 4 bytes of the SHA-1 of the stripped text, an unsigned integer */
    assert.equal(fieldChecksum('<b>hello</b>'), fieldChecksum('hello'))
    assert.equal(fieldChecksum('hello'), 0xaaf4c61d)
    assert.notEqual(fieldChecksum('<img src="a.png">'), fieldChecksum(''))
  })

  for (const name of readdirSync(fixture('anki'))) {
    test(`${name}: every note's sfld and csum as Anki wrote them`, async ({ assert }) => {
      const pkg = await readAnkiTestPackage(fixture('anki', name))
      for (const note of pkg.notes) {
        const fields = String(note.flds).split('\x1f')
        const sortf = pkg.models[String(note.mid)].sortf
        assert.equal(String(stripHtmlPreservingMedia(fields[sortf])), String(note.sfld))
        assert.equal(fieldChecksum(fields[0]), note.csum)
      }
    })
  }
})

test.group('Anki sound tags in cards', () => {
  const def: NoteTypeDefinition = {
    kind: 'custom',
    name: 'Listening',
    fields: [{ name: 'Word' }, { name: 'Audio' }],
    templates: [
      { name: 'Card 1', front: '{{Word}}', back: '{{FrontSide}}<hr id=answer>{{Audio}}' },
    ],
    css: '',
    isCloze: false,
  }

  test('a stored [sound:…] tag is shown as a player; the note keeps the tag', ({ assert }) => {
    const fields = {
      Word: 'hola',
      Audio: '[sound:/media/0f8fad5b-d9cb-469f-a165-70867728950e.mp3]',
    }
    const card = renderCard(def, fields, 0)
    assert.include(
      card.back,
      '<audio controls src="/media/0f8fad5b-d9cb-469f-a165-70867728950e.mp3"></audio>'
    )
    assert.notInclude(card.back, '[sound:')
    assert.equal(fields.Audio, '[sound:/media/0f8fad5b-d9cb-469f-a165-70867728950e.mp3]')
  })

  test('a sound tag cannot smuggle markup or another scheme into the player', ({ assert }) => {
    const card = renderCard(def, { Word: 'x', Audio: '[sound:"><script>alert(1)</script>.mp3]' }, 0)
    assert.notInclude(card.back, '<script')
    const remote = renderCard(def, { Word: 'x', Audio: '[sound:javascript:alert(1)]' }, 0)
    assert.notInclude(remote.back, 'javascript:')
  })
})
