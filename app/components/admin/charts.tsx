import { useId } from 'react'
import { useTranslation } from '#app/lib/use-translation.ts'

/**
 * Charts drawn as SVG on the server, so they show without JavaScript. Each has a title and a
 * description (role="img" with aria-labelledby), and a <title> per bar or point for its value.
 */
const W = 720
const H = 220
const PAD = { left: 40, right: 12, top: 12, bottom: 28 }

export interface DailyPoint {
  date: string
  documents: number
  completed?: number
  failed?: number
  success_rate: number | null
}

/** More than 120 days are drawn per week (each point named by its first day), so a year stays readable and light. */
export function bucketed(daily: DailyPoint[]): DailyPoint[] {
  if (daily.length <= 120) return daily
  const weeks: DailyPoint[] = []
  for (let i = 0; i < daily.length; i += 7) {
    const days = daily.slice(i, i + 7)
    const completed = days.reduce((n, d) => n + (d.completed ?? 0), 0)
    const failed = days.reduce((n, d) => n + (d.failed ?? 0), 0)
    weeks.push({
      date: days[0].date,
      documents: days.reduce((n, d) => n + d.documents, 0),
      completed,
      failed,
      success_rate: completed + failed > 0 ? Math.round((completed / (completed + failed)) * 1000) / 10 : null,
    })
  }
  return weeks
}

export function DocumentsPerDayChart({ daily: days }: { daily: DailyPoint[] }) {
  const { t } = useTranslation()
  const id = useId()
  const daily = bucketed(days)
  const max = Math.max(1, ...daily.map((d) => d.documents))
  const total = daily.reduce((sum, d) => sum + d.documents, 0)
  const innerW = W - PAD.left - PAD.right
  const innerH = H - PAD.top - PAD.bottom
  const step = innerW / Math.max(1, daily.length)
  const barW = Math.max(1, step * 0.8)
  const from = daily[0]?.date ?? ''
  const to = daily.at(-1)?.date ?? ''
  return (
    <figure className="chart-figure">
      <figcaption id={`${id}-t`}>{t('admin.analytics.chart.documents')}</figcaption>
      <svg className="chart" viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${id}-t ${id}-d`}>
        <desc id={`${id}-d`}>{t('admin.analytics.chart.documentsDesc', { from, to, total: String(total), max: String(max) })}</desc>
        <line className="chart-axis" x1={PAD.left} y1={H - PAD.bottom} x2={W - PAD.right} y2={H - PAD.bottom} />
        <line className="chart-axis" x1={PAD.left} y1={PAD.top} x2={PAD.left} y2={H - PAD.bottom} />
        <text className="chart-label" x={PAD.left - 6} y={PAD.top + 4} textAnchor="end">{max}</text>
        <text className="chart-label" x={PAD.left - 6} y={H - PAD.bottom} textAnchor="end">0</text>
        {daily.map((d, i) => {
          const h = (d.documents / max) * innerH
          return (
            <rect key={d.date} className="chart-bar" x={PAD.left + i * step + (step - barW) / 2} y={H - PAD.bottom - h} width={barW} height={h}>
              <title>{t('admin.analytics.chart.dayValue', { date: d.date, value: String(d.documents) })}</title>
            </rect>
          )
        })}
        <text className="chart-label" x={PAD.left} y={H - 8}>{from}</text>
        <text className="chart-label" x={W - PAD.right} y={H - 8} textAnchor="end">{to}</text>
      </svg>
    </figure>
  )
}

export function SuccessRateChart({ daily: days }: { daily: DailyPoint[] }) {
  const { t } = useTranslation()
  const id = useId()
  const daily = bucketed(days)
  const innerW = W - PAD.left - PAD.right
  const innerH = H - PAD.top - PAD.bottom
  const step = innerW / Math.max(1, daily.length - 1)
  const points = daily
    .map((d, i) => ({ d, x: PAD.left + i * step, y: d.success_rate === null ? null : H - PAD.bottom - (d.success_rate / 100) * innerH }))
    .filter((p): p is { d: DailyPoint; x: number; y: number } => p.y !== null)
  const from = daily[0]?.date ?? ''
  const to = daily.at(-1)?.date ?? ''
  return (
    <figure className="chart-figure">
      <figcaption id={`${id}-t`}>{t('admin.analytics.chart.success')}</figcaption>
      <svg className="chart" viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${id}-t ${id}-d`}>
        <desc id={`${id}-d`}>{t('admin.analytics.chart.successDesc', { from, to })}</desc>
        <line className="chart-axis" x1={PAD.left} y1={H - PAD.bottom} x2={W - PAD.right} y2={H - PAD.bottom} />
        <line className="chart-axis" x1={PAD.left} y1={PAD.top} x2={PAD.left} y2={H - PAD.bottom} />
        <text className="chart-label" x={PAD.left - 6} y={PAD.top + 4} textAnchor="end">100%</text>
        <text className="chart-label" x={PAD.left - 6} y={H - PAD.bottom} textAnchor="end">0%</text>
        {points.length > 1 ? <polyline className="chart-line" points={points.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ')} /> : null}
        {points.map((p) => (
          <circle key={p.d.date} className="chart-dot" cx={p.x} cy={p.y} r={daily.length > 60 ? 1.5 : 3}>
            <title>{t('admin.analytics.chart.dayValue', { date: p.d.date, value: `${p.d.success_rate}%` })}</title>
          </circle>
        ))}
        <text className="chart-label" x={PAD.left} y={H - 8}>{from}</text>
        <text className="chart-label" x={W - PAD.right} y={H - 8} textAnchor="end">{to}</text>
      </svg>
    </figure>
  )
}

export function StyleBreakdownChart({ breakdown }: { breakdown: Record<string, number> }) {
  const { t } = useTranslation()
  const id = useId()
  const entries = Object.entries(breakdown)
  const max = Math.max(1, ...entries.map(([, n]) => n))
  const rowH = 26
  const height = entries.length * rowH + 16
  const labelW = 160
  const barMax = W - labelW - 70
  return (
    <figure className="chart-figure">
      <figcaption id={`${id}-t`}>{t('admin.analytics.chart.styles')}</figcaption>
      <svg className="chart" viewBox={`0 0 ${W} ${height}`} role="img" aria-labelledby={`${id}-t ${id}-d`}>
        <desc id={`${id}-d`}>{t('admin.analytics.chart.stylesDesc')} {entries.map(([name, n]) => `${name}: ${n}`).join(', ')}</desc>
        {entries.map(([name, n], i) => {
          const y = 8 + i * rowH
          const w = (n / max) * barMax
          return (
            <g key={name}>
              <text className="chart-label" x={labelW - 8} y={y + 15} textAnchor="end">{name}</text>
              <rect className="chart-bar" x={labelW} y={y + 3} width={Math.max(1, w)} height={rowH - 8} />
              <text className="chart-label" x={labelW + w + 6} y={y + 15}>{n}</text>
            </g>
          )
        })}
      </svg>
    </figure>
  )
}
