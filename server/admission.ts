import type { NextFunction, Request, Response } from 'express'
import onHeaders from 'on-headers'

const BUSY = 'Marginalia is busy right now. Please try again in a moment.'

function shed(req: Request, res: Response) {
  res.setHeader('Retry-After', '1')
  res.status(503)
  if (req.path.startsWith('/api/')) res.json({ message: BUSY })
  else res.type('text/plain').send(BUSY)
}

interface Waiting {
  req: Request
  res: Response
  next: NextFunction
  since: number
}

/**
 * Admission control and a fair queue for the work of answering requests.
 *
 * - At most `concurrency` requests are worked on at once, and at most about twice that many start
 *   in one turn of the event loop; the others wait their turn in arrival order. A slot is held until the answer's headers go out (a page is written in one piece at the
 *   end of its work; a download's streaming afterwards is the network's time, not the process's).
 * - Past `maxAdmitted` requests admitted (worked on or waiting), or after waiting `maxWaitMs`, a
 *   request is answered 503 with Retry-After, so the process sheds load instead of queueing
 *   without bound.
 *
 * Why a queue rather than working on everything that arrives: libuv accepts one new connection per
 * event-loop turn, and a turn that works on every request read in it grows with the load (about
 * 100 ms at 100 connections). A burst of new connections then waits turn after turn to be
 * accepted: at 100 new connections the last one's first request waited 5 s. Bounded work per
 * turn keeps turns short, and the queue serves requests in the order they arrived.
 *
 * Live status streams (open for minutes) are not counted at all. Requests for which `takesNoSlot`
 * holds are counted but run at once: uploads (their time is spent receiving the body) and files
 * made on request (a batch's zip, an export), which may take a second and must not hold up pages.
 */
export function admissionControl(options: {
  maxAdmitted: number
  concurrency: number
  maxWaitMs: number
  isLongLived: (req: Request) => boolean
  takesNoSlot: (req: Request) => boolean
}) {
  let admitted = 0
  let running = 0
  const waiting: Waiting[] = []
  let pumpScheduled = false
  // Requests started since the last pump: a request answered without waiting for anything (a
  // cached page) frees its slot at once, so `running` alone would not bound a turn's work.
  let startedSincePump = 0

  // Queued requests start in a later turn of the event loop (setImmediate), never from inside the
  // turn that ended another one, so that a turn's work stays bounded by `concurrency`.
  const schedulePump = () => {
    if (pumpScheduled || waiting.length === 0) return
    pumpScheduled = true
    setImmediate(pump)
  }

  function pump() {
    pumpScheduled = false
    startedSincePump = 0
    const now = performance.now()
    while (running < options.concurrency && startedSincePump < options.concurrency && waiting.length > 0) {
      const next = waiting.shift() as Waiting
      if (next.res.destroyed || next.res.writableEnded) continue
      if (now - next.since > options.maxWaitMs) {
        shed(next.req, next.res)
        continue
      }
      start(next.res, next.next)
    }
    // Stopped by this turn's share rather than by busy slots: the rest start in the next turn.
    if (running < options.concurrency) schedulePump()
  }

  function start(res: Response, next: NextFunction) {
    running += 1
    startedSincePump += 1
    let released = false
    const release = () => {
      if (released) return
      released = true
      running -= 1
      schedulePump()
    }
    onHeaders(res, release)
    res.once('close', release)
    next()
  }

  return (req: Request, res: Response, next: NextFunction) => {
    if (options.isLongLived(req)) return next()
    if (admitted >= options.maxAdmitted) return shed(req, res)
    admitted += 1
    let counted = true
    const leave = () => {
      if (!counted) return
      counted = false
      admitted -= 1
    }
    res.once('finish', leave)
    res.once('close', leave)
    if (options.takesNoSlot(req)) return next()
    if (running < options.concurrency && startedSincePump < options.concurrency && waiting.length === 0) return start(res, next)
    waiting.push({ req, res, next, since: performance.now() })
    schedulePump()
  }
}
