import { PassThrough, type Readable } from 'node:stream'
import { ZipArchive } from 'archiver'

/** A folder name from a paper's file name: readable, safe on every system, unique within the archive. */
export function folderName(filename: string, used: Set<string>): string {
  const stem =
    filename
      .replace(/\.pdf$/i, '')
      .replace(/[\\/:*?"<>|]+/g, '_')
      .replace(/\p{Cc}+/gu, '_')
      .replace(/^[.\s]+|[.\s]+$/g, '')
      .slice(0, 80) || 'document'
  let name = stem
  for (let n = 2; used.has(name.toLowerCase()); n++) name = `${stem} (${n})`
  used.add(name.toLowerCase())
  return name
}

export interface ZipEntry {
  name: string
  /** Bytes, or a function that reads them when their turn comes (null: skipped). */
  body: Buffer | string | (() => Promise<Uint8Array | Buffer | null>)
}

/** A ZIP streamed while its entries are read one after another (so a large batch never sits in memory whole). */
export function zipStream(entries: ZipEntry[]): Readable {
  const zip = new ZipArchive({ zlib: { level: 6 } })
  const out = new PassThrough()
  zip.on('error', (error: Error) => out.destroy(error))
  zip.pipe(out)
  void (async () => {
    try {
      for (const entry of entries) {
        const body = typeof entry.body === 'function' ? await entry.body() : entry.body
        if (body !== null) zip.append(typeof body === 'string' ? body : Buffer.from(body), { name: entry.name })
      }
      await zip.finalize()
    } catch (error) {
      out.destroy(error as Error)
    }
  })()
  return out
}
