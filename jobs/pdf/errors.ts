/**
 * Typed failures, each with a message written for the researcher who uploaded the file. No
 * message ever carries a library's own wording ('Illegal character: 41', 'Maximum call stack
 * size exceeded'): unexpected errors become one of these sentences, and the library's text
 * travels in `detail`, for the log only.
 */

export type ExtractionErrorCode =
  | 'not_pdf'
  | 'encrypted'
  | 'broken'
  | 'no_pages'
  | 'too_large'
  | 'too_complex'
  | 'timeout'
  | 'out_of_memory'
  | 'internal'

/** Said when a PDF would take more memory than one extraction may use (EXTRACTION_MAX_MEMORY_MB). */
export const TOO_LARGE_OR_COMPLEX = 'This PDF is too large or too complex to read.'

const MESSAGES: Record<ExtractionErrorCode, string> = {
  not_pdf: 'This file is not a PDF. Please upload the PDF of the paper.',
  encrypted: 'This PDF is password-protected. Remove the password (for example by printing it to a new PDF) and upload it again.',
  broken: 'This PDF is damaged and could not be read. Try downloading it again or re-saving it from your PDF reader.',
  no_pages: 'This PDF has no pages.',
  too_large: 'This PDF is too large to process.',
  too_complex: TOO_LARGE_OR_COMPLEX,
  timeout: 'Reading this PDF took too long and was stopped.',
  out_of_memory: TOO_LARGE_OR_COMPLEX,
  internal: 'Something went wrong while reading this PDF.',
}

/** Messages built with figures (load.ts): the file-size and page-count limits. */
const FIGURED_MESSAGES = [/^This PDF is larger than \d+ MB, the most we accept\.$/, /^This PDF has \d+ pages; we read at most \d+\.$/]

export class ExtractionError extends Error {
  readonly code: ExtractionErrorCode
  /** What the library said, for the log; never shown to the researcher. */
  readonly detail: string | undefined
  constructor(code: ExtractionErrorCode, message?: string, detail?: string) {
    super(message ?? MESSAGES[code])
    this.name = 'ExtractionError'
    this.code = code
    this.detail = detail
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

/** True for every sentence the engine may show a researcher, false for anything else. */
export function isHumanMessage(message: string): boolean {
  return Object.values(MESSAGES).includes(message) || FIGURED_MESSAGES.some((pattern) => pattern.test(message))
}

/**
 * Any error thrown while parsing, as an ExtractionError a researcher can read. A stack overflow
 * (deeply nested objects, a page tree that loops) is "too complex"; everything else the parser
 * throws means the file is damaged. The original text goes to `detail`.
 */
export function toExtractionError(error: unknown): ExtractionError {
  if (error instanceof ExtractionError) return error
  const detail = describe(error)
  // pdf.js rethrows its worker's errors as UnknownErrorException, so the text decides, not the class.
  if (/maximum call stack|too much recursion|too many (arguments|properties)|invalid (array|typed array|string) length|array buffer allocation/i.test(detail)) {
    return new ExtractionError('too_complex', undefined, detail)
  }
  return new ExtractionError('broken', undefined, detail)
}

export function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`
  return String(error)
}
