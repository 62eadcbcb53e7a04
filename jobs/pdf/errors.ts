/** Typed failures, each with a message written for the researcher who uploaded the file. */

export type ExtractionErrorCode =
  | 'not_pdf'
  | 'encrypted'
  | 'broken'
  | 'no_pages'
  | 'too_large'
  | 'timeout'
  | 'out_of_memory'
  | 'internal'

const MESSAGES: Record<ExtractionErrorCode, string> = {
  not_pdf: 'This file is not a PDF. Please upload the PDF of the paper.',
  encrypted: 'This PDF is password-protected. Remove the password (for example by printing it to a new PDF) and upload it again.',
  broken: 'This PDF is damaged and could not be read. Try downloading it again or re-saving it from your PDF reader.',
  no_pages: 'This PDF has no pages.',
  too_large: 'This PDF is too large to process.',
  timeout: 'Reading this PDF took too long and was stopped.',
  out_of_memory: 'This PDF needs more memory than we allow for one file and was stopped.',
  internal: 'Something went wrong while reading this PDF.',
}

export class ExtractionError extends Error {
  readonly code: ExtractionErrorCode
  constructor(code: ExtractionErrorCode, message?: string) {
    super(message ?? MESSAGES[code])
    this.name = 'ExtractionError'
    this.code = code
  }

  toJSON(): { name: string; code: ExtractionErrorCode; message: string } {
    return { name: this.name, code: this.code, message: this.message }
  }
}

export function isExtractionErrorCode(value: unknown): value is ExtractionErrorCode {
  return typeof value === 'string' && value in MESSAGES
}

export function defaultMessage(code: ExtractionErrorCode): string {
  return MESSAGES[code]
}
