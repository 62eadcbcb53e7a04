import { Transform, type TransformCallback } from 'node:stream'

/** PDF readers accept the `%PDF-` header anywhere in the first 1024 bytes; so do we. */
const HEADER_WINDOW = 1024
const SIGNATURE = Buffer.from('%PDF-')

export class NotPdfError extends Error {
  constructor() {
    super('not a PDF')
    this.name = 'NotPdfError'
  }
}

/** Passes bytes through unchanged, failing the stream early when they do not start like a PDF. */
export function pdfSignatureCheck(): Transform {
  let head = Buffer.alloc(0)
  let checked = false
  const check = () => {
    checked = true
    return head.subarray(0, HEADER_WINDOW).includes(SIGNATURE)
  }
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      if (!checked) {
        head = Buffer.concat([head, chunk])
        if (head.length < HEADER_WINDOW) return callback()
        if (!check()) return callback(new NotPdfError())
        return callback(null, head)
      }
      callback(null, chunk)
    },
    flush(callback: TransformCallback) {
      if (checked) return callback()
      if (!check()) return callback(new NotPdfError())
      callback(null, head)
    },
  })
}
