import type { NextFunction, Request, Response } from 'express'

const BUSY = 'Marginalia is busy right now. Please try again in a moment.'

/**
 * Sheds load instead of queueing without bound: past `maxInFlight` requests in progress, a new one
 * is answered 503 with Retry-After at once, so the ones admitted finish in time. Live status
 * streams stay open for minutes and are not counted.
 */
export function admissionControl(options: { maxInFlight: number; isLongLived: (req: Request) => boolean }) {
  let inFlight = 0
  return (req: Request, res: Response, next: NextFunction) => {
    if (options.isLongLived(req)) return next()
    if (inFlight >= options.maxInFlight) {
      res.setHeader('Retry-After', '1')
      res.status(503)
      if (req.path.startsWith('/api/')) res.json({ message: BUSY })
      else res.type('text/plain').send(BUSY)
      return
    }
    inFlight += 1
    let released = false
    const release = () => {
      if (released) return
      released = true
      inFlight -= 1
    }
    res.once('finish', release)
    res.once('close', release)
    next()
  }
}
