import { Writable } from 'node:stream'
import { isbot } from 'isbot'
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { ServerRouter, type EntryContext, type RouterContextProvider } from 'react-router'
import { getInstance } from './server/i18n.server.ts'
import { requestInfoContext } from './server/services.server.ts'

// The HTTP server reads these keys from this module, so both sides use the same context objects.
export { requestInfoContext, servicesContext } from './server/services.server.ts'
export { cacheSessionsOf } from './server/session-cache.server.ts'

export const streamTimeout = 5_000

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders })
  }
  const { nonce } = loadContext.get(requestInfoContext)

  return new Promise((resolve, reject) => {
    let shellRendered = false
    const userAgent = request.headers.get('user-agent')
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady'
    let timeoutId: ReturnType<typeof setTimeout> | undefined

    const { pipe, abort } = renderToPipeableStream(
      <I18nextProvider i18n={getInstance(loadContext)}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </I18nextProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          // The HTTP server sends a page in one write (server/requests.ts), so it is collected here
          // without a Node stream and a web stream in between (about 3 % of a page's server time).
          pipe(
            collectPage((page) => {
              clearTimeout(timeoutId)
              timeoutId = undefined
              resolve(new Response(page, { headers: responseHeaders, status: responseStatusCode }))
            }, reject),
          )
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId)
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          if (shellRendered) console.error(error)
        },
      },
    )
    // Armed only once the render exists: a stream still open after the limit is cut short.
    timeoutId = setTimeout(() => abort(), streamTimeout + 1000)
  })
}

/** A destination for React's stream that hands over the whole page when React ends it. */
function collectPage(done: (page: Uint8Array<ArrayBuffer>) => void, fail: (error: Error) => void): Writable {
  const chunks: Buffer[] = []
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk)
      callback()
    },
    final(callback) {
      done(Buffer.concat(chunks) as Uint8Array<ArrayBuffer>)
      callback()
    },
    destroy(error, callback) {
      if (error) fail(error)
      callback(error)
    },
  })
}
