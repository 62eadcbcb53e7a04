import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import S3rver from 's3rver'
import { afterAll, describe, expect, it } from 'vitest'
import { localStorage, s3Storage, type Storage } from '#app/server/storage.server.ts'

const dir = await mkdtemp(path.join(os.tmpdir(), 'marginalia-storage-'))
// A real S3-compatible server on loopback (s3rver), so the S3 driver is tested over HTTP.
const s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: path.join(dir, 's3'), configureBuckets: [{ name: 'marginalia', configs: [] }] })
const { port } = (await s3rver.run()) as { port: number }

afterAll(async () => {
  await s3rver.close()
  await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 })
})

const drivers: [string, Storage][] = [
  ['local folder', localStorage(path.join(dir, 'local'))],
  [
    'S3-compatible',
    s3Storage({
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      bucket: 'marginalia',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    }),
  ],
]

describe.each(drivers)('%s storage', (_name, storage) => {
  it('streams an object in and out, and deletes it', async () => {
    const bytes = Buffer.alloc(3 * 1024 * 1024 + 17, 7)
    const chunks = [bytes.subarray(0, 1_000_000), bytes.subarray(1_000_000)]
    const { bytes: written } = await storage.put('uploads/a/file.pdf', Readable.from(chunks), 'application/pdf')
    expect(written).toBe(bytes.length)
    expect(await storage.exists('uploads/a/file.pdf')).toBe(true)
    expect(Buffer.from((await storage.getBytes('uploads/a/file.pdf')) as Uint8Array).equals(bytes)).toBe(true)
    await storage.delete('uploads/a/file.pdf')
    expect(await storage.exists('uploads/a/file.pdf')).toBe(false)
    expect(await storage.get('uploads/a/file.pdf')).toBeNull()
  })

  it('leaves nothing behind when the incoming stream fails', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(1024))
        this.destroy(new Error('connection dropped'))
      },
    })
    await expect(storage.put('uploads/b.pdf', failing, 'application/pdf')).rejects.toThrow()
    expect(await storage.exists('uploads/b.pdf')).toBe(false)
  })

  it('refuses a key that could escape its folder', async () => {
    await expect(storage.put('../evil', Readable.from([Buffer.from('x')]), 'text/plain')).rejects.toThrow(/Unsafe storage key/)
  })
})
