import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'

/** Where uploaded PDFs and generated files live: a local folder, or an S3-compatible bucket. */
export interface Storage {
  /** Streams `body` to `key`; the object appears whole or not at all. */
  put(key: string, body: Readable, contentType: string): Promise<{ bytes: number }>
  get(key: string): Promise<Readable | null>
  getBytes(key: string): Promise<Uint8Array | null>
  delete(key: string): Promise<void>
  exists(key: string): Promise<boolean>
  /** Every stored object under `prefix` (a folder, e.g. `uploads/`), in-progress writes included. */
  list(prefix: string): AsyncIterable<StoredObject>
}

export interface StoredObject {
  key: string
  lastModified: Date
}

/** A local write in progress (or abandoned by a killed process): `<key>.partial-<pid>-<ms>`. */
export const PARTIAL_SUFFIX = /\.partial-\d+-\d+$/

const SAFE_KEY = /^[\w.-]+(\/[\w.-]+)*$/

function checkKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Unsafe storage key: ${key}`)
  return key
}

/** Counts what flows through, without switching the source into flowing mode early. */
function byteCounter(): Transform & { bytes: number } {
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      counter.bytes += chunk.length
      callback(null, chunk)
    },
  }) as Transform & { bytes: number }
  counter.bytes = 0
  return counter
}

async function toBytes(stream: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk))
  return new Uint8Array(Buffer.concat(chunks))
}

export function createStorage(settings: ({ driver: 'local'; root: string }) | ({ driver: 's3' } & S3Settings)): Storage {
  return settings.driver === 's3' ? s3Storage(settings) : localStorage(settings.root)
}

export function localStorage(root: string): Storage {
  const file = (key: string) => path.join(root, checkKey(key))
  return {
    async put(key, body) {
      const target = file(key)
      await mkdir(path.dirname(target), { recursive: true })
      const partial = `${target}.partial-${process.pid}-${Date.now()}`
      const counter = byteCounter()
      try {
        await pipeline(body, counter, createWriteStream(partial))
        await rename(partial, target)
      } catch (error) {
        await rm(partial, { force: true })
        throw error
      }
      return { bytes: counter.bytes }
    },
    async get(key) {
      try {
        await stat(file(key))
      } catch {
        return null
      }
      return createReadStream(file(key))
    },
    async getBytes(key) {
      const stream = await this.get(key)
      return stream ? toBytes(stream) : null
    },
    async delete(key) {
      await rm(file(key), { force: true })
    },
    async exists(key) {
      return stat(file(key)).then(
        () => true,
        () => false,
      )
    },
    async *list(prefix) {
      const start = path.join(root, checkKey(prefix.replace(/\/+$/, '')))
      const walk = async function* (dir: string): AsyncGenerator<StoredObject> {
        const entries = await readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return []
          throw error
        })
        for (const entry of entries) {
          const full = path.join(dir, entry.name)
          if (entry.isDirectory()) yield* walk(full)
          else if (entry.isFile()) {
            const info = await stat(full).catch(() => null)
            if (info) yield { key: path.relative(root, full).split(path.sep).join('/'), lastModified: info.mtime }
          }
        }
      }
      yield* walk(start)
    },
  }
}

export interface S3Settings {
  endpoint?: string
  region: string
  bucket: string
  accessKeyId?: string
  secretAccessKey?: string
  forcePathStyle: boolean
}

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } }
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404
}

export function s3Storage(settings: S3Settings): Storage {
  const config: S3ClientConfig = {
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
  }
  if (settings.accessKeyId && settings.secretAccessKey) {
    config.credentials = { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
  }
  const client = new S3Client(config)
  const Bucket = settings.bucket
  return {
    async put(key, body, contentType) {
      const counter = byteCounter()
      const counted = body.pipe(counter)
      body.on('error', (error) => counter.destroy(error))
      // Multipart upload in parts, so a large PDF is never held whole in memory.
      await new Upload({ client, params: { Bucket, Key: checkKey(key), Body: counted, ContentType: contentType } }).done()
      return { bytes: counter.bytes }
    },
    async get(key) {
      try {
        const result = await client.send(new GetObjectCommand({ Bucket, Key: checkKey(key) }))
        return result.Body instanceof Readable ? result.Body : null
      } catch (error) {
        if (isMissing(error)) return null
        throw error
      }
    },
    async getBytes(key) {
      const stream = await this.get(key)
      return stream ? toBytes(stream) : null
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }))
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: checkKey(key) }))
        return true
      } catch (error) {
        if (isMissing(error)) return false
        throw error
      }
    },
    async *list(prefix) {
      let ContinuationToken: string | undefined
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }))
        for (const object of page.Contents ?? []) {
          if (object.Key) yield { key: object.Key, lastModified: object.LastModified ?? new Date(0) }
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (ContinuationToken)
    },
  }
}
