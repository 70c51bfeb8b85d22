import { test } from '@japa/runner'
import { errors } from '@vinejs/vine'
import { importPreviewValidator, importUploadValidator, textOptionsOf } from '#validators/imports'
import { previewText } from '#queries/imports/preview_text'
import ImportPreviewTransformer from '#transformers/import_preview_transformer'
import { serialize } from '#transformers/serialize'

/* the upload form's small fields, read in one place for the preview and the upload */
test.group('Import fields', () => {
  test('the separators are read the same for the preview and the upload', async ({ assert }) => {
    const fields = { card_separator: 'newline', field_separator: ' - ' }
    const upload = await importUploadValidator.validate(fields)
    const preview = await importPreviewValidator.validate(fields)
    assert.deepEqual(upload.card_separator, 'newline')
    assert.deepEqual(upload.field_separator, { custom: ' - ' })
    assert.deepEqual(preview.card_separator, upload.card_separator)
    assert.deepEqual(preview.field_separator, upload.field_separator)
    const words = await importUploadValidator.validate({
      card_separator: 'semicolon',
      field_separator: 'tab',
    })
    assert.deepEqual([words.card_separator, words.field_separator], ['semicolon', 'tab'])
    const others = await importUploadValidator.validate({
      card_separator: '||',
      field_separator: 'comma',
    })
    assert.deepEqual([others.card_separator, others.field_separator], [{ custom: '||' }, 'comma'])
  })

  test("the upload's fields become the text reader's options: only those chosen", async ({
    assert,
  }) => {
    assert.deepEqual(textOptionsOf(await importUploadValidator.validate({})), {})
    assert.deepEqual(
      textOptionsOf(
        await importUploadValidator.validate({
          card_separator: null,
          field_separator: '',
          html: null,
        })
      ),
      {}
    )
    assert.deepEqual(
      textOptionsOf(
        await importUploadValidator.validate({
          card_separator: 'semicolon',
          field_separator: '::',
          html: 'true',
        })
      ),
      {
        cardSeparator: 'semicolon',
        fieldSeparator: { custom: '::' },
        html: true,
      }
    )
    assert.deepEqual(textOptionsOf(await importUploadValidator.validate({ html: 'false' })), {
      html: false,
    })
  })

  test('folder_id is an id as text; a separator is at most 10 characters', async ({ assert }) => {
    assert.equal((await importUploadValidator.validate({ folder_id: '12' })).folder_id, 12)
    assert.isNull((await importUploadValidator.validate({ folder_id: null })).folder_id)
    for (const data of [
      { folder_id: 'abc' },
      { folder_id: '0' },
      { folder_id: '1.5' },
      { folder_id: '2147483648' },
      { card_separator: 'x'.repeat(11) },
      { html: 'maybe' },
    ]) {
      const refused = await importUploadValidator.validate(data).then(
        () => null,
        (error) => error
      )
      assert.instanceOf(refused, errors.E_VALIDATION_ERROR, JSON.stringify(data))
    }
  })

  test('the preview reads the text with the chosen separators, and refuses equal ones on the field separator', async ({
    assert,
  }) => {
    const parsed = previewText({
      text: 'a;b\nc;d',
      card_separator: 'newline',
      field_separator: { custom: ';' },
    })
    const shown = await serialize(ImportPreviewTransformer.transform(parsed, true))
    assert.equal(shown.total, 2)
    assert.deepEqual(
      shown.rows.map((row) => [row.front, row.back]),
      [
        ['a', 'b'],
        ['c', 'd'],
      ]
    )
    assert.deepEqual(shown.detected, { cardSeparator: 'newline', fieldSeparator: ';' })
    assert.isFalse(shown.mixedSeparators)
    const fromBytes = previewText({ data: Buffer.from('x\ty\n').toString('base64') })
    const fromBytesShown = await serialize(ImportPreviewTransformer.transform(fromBytes, false))
    assert.deepEqual(fromBytesShown.detected.fieldSeparator, 'tab')
    try {
      previewText({ text: 'a;b', card_separator: 'semicolon', field_separator: { custom: ';' } })
      assert.fail('equal separators were read')
    } catch (error) {
      assert.include(error as object, { status: 422, code: 'E_VALIDATION_ERROR' })
    }
  })
})
