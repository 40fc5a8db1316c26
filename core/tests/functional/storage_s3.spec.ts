import { test } from '@japa/runner'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import sharp from 'sharp'
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver'
import { ListObjectsV2Command } from '@aws-sdk/client-s3'
import { S3Storage, s3OptionsFromEnv, storage, useStorage } from '#services/storage'
import { createTenant } from '#tests/helpers/fixtures'

const BUCKET = 'affix-test'
const MEDIA = '/api/v1/media/media'

async function read(stream: Readable) {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk))
  return Buffer.concat(chunks)
}

let server: any
let directory: string
let driver: S3Storage

test.group('storage: S3-compatible driver against a local S3 server', (group) => {
  group.setup(async () => {
    directory = await mkdtemp(join(tmpdir(), 'affix-s3rver-'))
    server = new S3rver({
      port: 0,
      address: '127.0.0.1',
      directory,
      silent: true,
      configureBuckets: [{ name: BUCKET }],
    })
    const { port } = await server.run()
    // The same path the application takes: options read from the S3_* variables.
    driver = new S3Storage(
      s3OptionsFromEnv({
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_REGION: 'us-east-1',
        S3_BUCKET: BUCKET,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
      })
    )
    return async () => {
      useStorage(null)
      driver.client.destroy()
      await server.close()
      await rm(directory, { recursive: true, force: true })
    }
  })

  test('put, exists, stream, replace and delete round trip', async ({ assert }) => {
    const key = 'tests/round-trip/file.bin'
    assert.isFalse(await driver.exists(key))
    assert.isNull(await driver.stream(key))
    const contents = Buffer.from(Array.from({ length: 70_000 }, (_, index) => index % 251))
    await driver.put(key, contents)
    assert.isTrue(await driver.exists(key))
    const stored = (await driver.stream(key))!
    assert.equal(stored.size, contents.length)
    assert.isTrue((await read(stored.stream)).equals(contents))

    await driver.put(key, Buffer.from('second version'))
    assert.equal((await read((await driver.stream(key))!.stream)).toString(), 'second version')

    await driver.delete(key)
    assert.isFalse(await driver.exists(key))
    assert.isNull(await driver.stream(key))
    await driver.delete(key) // a missing file is not an error
    await assert.rejects(() => driver.exists('../escape'), 'Invalid storage key "../escape"')
  })

  test('the configuration is checked and the secret never appears in the error', ({ assert }) => {
    assert.throws(() => s3OptionsFromEnv({ S3_REGION: 'eu-west-1' }), 'STORAGE_DRIVER=s3 needs S3_BUCKET')
    let message = ''
    try {
      s3OptionsFromEnv({ S3_REGION: 'r', S3_BUCKET: 'b', S3_SECRET_ACCESS_KEY: 'very-secret-value' })
    } catch (error) {
      message = (error as Error).message
    }
    assert.include(message, 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY')
    assert.notInclude(message, 'very-secret-value')
    assert.isFalse(s3OptionsFromEnv({ S3_REGION: 'r', S3_BUCKET: 'b' }).forcePathStyle)
  })

  test('STORAGE_DRIVER=s3 selects the S3 driver', ({ assert }) => {
    const saved = { ...process.env }
    try {
      Object.assign(process.env, {
        STORAGE_DRIVER: 's3',
        S3_REGION: 'us-east-1',
        S3_BUCKET: BUCKET,
        S3_ENDPOINT: 'http://127.0.0.1:1',
      })
      assert.instanceOf(storage(), S3Storage)
      assert.strictEqual(storage(), storage(), 'one client per configuration')
      process.env.STORAGE_DRIVER = 'ftp'
      assert.throws(() => storage(), 'Unknown STORAGE_DRIVER "ftp" (available: local, s3)')
    } finally {
      for (const name of ['STORAGE_DRIVER', 'S3_REGION', 'S3_BUCKET', 'S3_ENDPOINT']) {
        if (saved[name] === undefined) delete process.env[name]
        else process.env[name] = saved[name]
      }
    }
  })

  test('a media upload and download go through the S3 driver', async ({ client, assert }) => {
    useStorage(driver)
    try {
      const { token, org } = await createTenant('admin')
      const image = await sharp({
        create: { width: 120, height: 60, channels: 3, background: { r: 200, g: 20, b: 20 } },
      })
        .png()
        .toBuffer()
      const created = await client
        .post(MEDIA)
        .bearerToken(token)
        .field('title', 'S3 banner')
        .field('type', 'banner')
        .file('file', image, { filename: 's3.png' })
      created.assertStatus(201)
      const media = created.body().data
      const listed = await driver.client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: `media/${org.id}/` }))
      assert.lengthOf(listed.Contents ?? [], 1)
      const firstKey = listed.Contents![0].Key!

      const response = await fetch(`http://${process.env.HOST}:${process.env.PORT}${MEDIA}/${media.id}/file`, {
        headers: { authorization: `Bearer ${token}` },
      })
      assert.equal(response.status, 200)
      assert.equal(response.headers.get('content-type'), 'image/png')
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff')
      assert.isTrue(Buffer.from(await response.arrayBuffer()).equals(image))

      // Replacing the file removes the old object from the bucket.
      const replaced = await client
        .post(`${MEDIA}/${media.id}/file`)
        .bearerToken(token)
        .file('file', await sharp(image).jpeg().toBuffer(), { filename: 's3.jpg' })
      replaced.assertStatus(200)
      const after = await driver.client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: `media/${org.id}/` }))
      assert.lengthOf(after.Contents ?? [], 1)
      assert.notEqual(after.Contents![0].Key, firstKey)
      assert.match(after.Contents![0].Key!, /\.jpg$/)
    } finally {
      useStorage(null)
    }
  })
})
