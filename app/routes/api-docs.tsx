import { use } from 'react'
import { useTranslation } from '#app/lib/use-translation.ts'
import { data, Link } from 'react-router'
import type { Route } from './+types/api-docs'
import { isApiArea, loadApiArea, loadedApiArea } from '#app/features/api-docs/areas.ts'
import { finishBeforeHydration } from '#app/lib/before-hydration.ts'
import { callsTagged, type DocumentedCall } from '#app/features/api-docs/calls.ts'
import { apiContents } from '#app/features/api-docs/contents.server.ts'
import {
  curlExample,
  errorResponses,
  exampleOf,
  flattenFields,
  isAuthenticated,
  requestContentType,
  requestSchema,
  successResponse,
  type FieldRow,
} from '#app/features/api-docs/render.ts'
import { getInstance } from '#app/server/i18n.server.ts'
import { getServices } from '#app/server/services.server.ts'
import publicStyles from '#app/styles/public.css?url'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: publicStyles }]

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: 'description', content: loaderData?.description }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const i18n = getInstance(context)
  const { t } = i18n
  const { config } = getServices(context)
  const area = new URL(request.url).searchParams.get('area')
  if (area !== null && !isApiArea(area)) throw data(null, { status: 404 })
  // The page reads the area's module synchronously: behind a Suspense boundary React could send
  // the calls later, in markup that stays hidden without JavaScript.
  if (area) await loadApiArea(area)
  return {
    title: area ? t('apiDocs.area.meta.title', { area: t(`apiDocs.tag.${area}`) }) : t('apiDocs.meta.title'),
    description: t('apiDocs.meta.description'),
    area,
    contents: apiContents(i18n, config.appUrl, area),
    serverUrl: config.appUrl,
    sessionDays: config.sessionTtlDays,
    enterpriseEmail: config.enterpriseEmail,
  }
}

// A page opened at an area: its module loads beside the client entry and is there when React hydrates.
if (typeof document !== 'undefined') {
  const area = new URLSearchParams(location.search).get('area')
  if (area && isApiArea(area)) finishBeforeHydration(loadApiArea(area))
}

/** A navigation in the browser fetches the area's module beside the loader data: both are there when the page renders. */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const area = new URL(request.url).searchParams.get('area')
  const [loaderData] = await Promise.all([serverLoader(), area && isApiArea(area) ? loadApiArea(area) : undefined])
  return loaderData
}

const anchorOf = (operationId: string) => `call-${operationId}`
const areaUrl = (tag: string) => `/api?area=${tag}`

/**
 * Rendered from the same OpenAPI description that /api/openapi.json serves. The shown area's calls
 * are built here from the translations rather than sent as loader data, which keeps the page's
 * HTML small; the other areas' descriptions never reach the browser (the contents come as loader
 * data). /api is the overview (conventions and every call listed); each area's calls are
 * documented in full on /api?area=<tag>, so each page stays light as areas are added.
 */
export default function ApiDocs({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { area, contents: groups, serverUrl, sessionDays } = loaderData
  const shown = groups.find((group) => group.tag === area)
  return (
    <main id="main" className="page public-page api-docs">
      {shown ? (
        <>
          <p className="eyebrow">
            <Link to="/api">{t('apiDocs.title')}</Link>
          </p>
          <h1>{shown.description}</h1>
          <p className="lead">{t('apiDocs.area.intro')}</p>
        </>
      ) : (
        <>
          <h1>{t('apiDocs.title')}</h1>
          <p className="lead">{t('apiDocs.intro')}</p>
          <p>
            {t('apiDocs.openapiLink.before')} <a href="/api/openapi.json">/api/openapi.json</a>
          </p>
        </>
      )}

      <nav aria-labelledby="api-toc-title" className="toc card">
        <h2 id="api-toc-title">{t('apiDocs.toc.title')}</h2>
        <ul>
          <li>
            <Link to="/api#conventions">{t('apiDocs.conventions.title')}</Link>
          </li>
          {groups.map((group) => (
            <li key={group.tag}>
              <Link to={areaUrl(group.tag)} aria-current={group.tag === area ? 'page' : undefined}>
                {group.description}
              </Link>
              {group.calls.length > 0 ? (
                <ul>
                  {group.calls.map(([method, path, operationId, summary]) => (
                    <li key={operationId}>
                      <Link to={`${areaUrl(group.tag)}#${anchorOf(operationId)}`}>
                        <code>
                          {method.toUpperCase()} {path}
                        </code>{' '}
                        {summary}
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
          <li>
            <a href="#enterprise">{t('apiDocs.enterprise.title')}</a>
          </li>
        </ul>
      </nav>

      {shown ? (
        <AreaCalls tag={shown.tag} serverUrl={serverUrl} />
      ) : (
        <Conventions serverUrl={serverUrl} sessionDays={sessionDays} />
      )}

      <section id="enterprise" className="band" aria-labelledby="enterprise-title">
        <h2 id="enterprise-title">{t('apiDocs.enterprise.title')}</h2>
        <p>{t('apiDocs.enterprise.body')}</p>
        <p>
          <a className="button" href={`mailto:${loaderData.enterpriseEmail}`}>
            {t('apiDocs.enterprise.button', { email: loaderData.enterpriseEmail })}
          </a>
        </p>
      </section>
    </main>
  )
}

function AreaCalls({ tag, serverUrl }: { tag: string; serverUrl: string }) {
  const { t } = useTranslation()
  // Loaded by now (the loader, the client loader or before hydration); `use` only as a last resort.
  const area = loadedApiArea(tag) ?? use(loadApiArea(tag))
  return callsTagged(area.paths(t), tag).map((call) => (
    <ApiCall key={call.operation.operationId} call={call} serverUrl={serverUrl} />
  ))
}

function Conventions({ serverUrl, sessionDays }: { serverUrl: string; sessionDays: number }) {
  const { t } = useTranslation()
  return (
    <section id="conventions" aria-labelledby="conventions-title">
      <h2 id="conventions-title">{t('apiDocs.conventions.title')}</h2>
      <h3>{t('apiDocs.conventions.auth.title')}</h3>
      <p>{t('apiDocs.conventions.auth.body', { sessionDays })}</p>
      <pre>
        <code>{`curl -X POST '${serverUrl}/api/login' \\\n  -H 'Content-Type: application/json' \\\n  -d '{"email":"ada@example.org","password":"…"}'\nTOKEN=…  # ${t('apiDocs.conventions.auth.tokenComment')}`}</code>
      </pre>
      <h3>{t('apiDocs.conventions.requests.title')}</h3>
      <p>{t('apiDocs.conventions.requests.body')}</p>
      <h3>{t('apiDocs.conventions.errors.title')}</h3>
      <p>{t('apiDocs.conventions.errors.body')}</p>
      <pre>
        <code>{'{ "message": "Email is required.", "errors": { "email": ["Email is required."] } }'}</code>
      </pre>
      <table>
        <caption className="visually-hidden">{t('apiDocs.conventions.errors.tableCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('apiDocs.column.status')}</th>
            <th scope="col">{t('apiDocs.column.meaning')}</th>
          </tr>
        </thead>
        <tbody>
          {['400', '401', '403', '404', '409', '413', '429'].map((status) => (
            <tr key={status}>
              <td>{status}</td>
              <td>{t(`apiDocs.status.${status}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

function ApiCall({ call, serverUrl }: { call: DocumentedCall; serverUrl: string }) {
  const { t } = useTranslation()
  const id = anchorOf(call.operation.operationId)
  const request = requestSchema(call)
  const success = successResponse(call)
  const errors = errorResponses(call)
  const parameters = (where: 'path' | 'query'): FieldRow[] =>
    (call.operation.parameters ?? [])
      .filter((p) => p.in === where)
      .map((p) => ({ name: p.name, type: p.schema.type ?? 'string', required: p.required, description: p.description, values: p.schema.enum }))
  const pathParameters = parameters('path')
  const queryParameters = parameters('query')
  return (
    <article id={id} className="api-call card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <span className={`method method-${call.method}`}>{call.method.toUpperCase()}</span> <code>{call.path}</code>
      </h2>
      <p className="api-summary">
        <strong>{call.operation.summary}</strong> {call.operation.description}
      </p>
      <p>
        <strong>{t('apiDocs.call.auth')}:</strong> {isAuthenticated(call) ? t('apiDocs.call.authBearer') : t('apiDocs.call.authNone')}
      </p>
      {pathParameters.length > 0 ? <FieldTable caption={t('apiDocs.call.parameters')} rows={pathParameters} /> : null}
      {queryParameters.length > 0 ? <FieldTable caption={t('apiDocs.call.queryParameters')} rows={queryParameters} /> : null}
      {request ? (
        <FieldTable
          caption={requestContentType(call) === 'multipart/form-data' ? t('apiDocs.call.requestMultipart') : t('apiDocs.call.request')}
          rows={flattenFields(request)}
        />
      ) : null}
      <h3>
        {t('apiDocs.call.response')} <code>{success.status}</code>
      </h3>
      <p>{success.description}</p>
      {success.schema && flattenFields(success.schema).length > 0 ? (
        <FieldTable caption={t('apiDocs.call.responseFields')} rows={flattenFields(success.schema)} />
      ) : null}
      {success.schema ? (
        <pre>
          <code>{JSON.stringify(exampleOf(success.schema), null, 2)}</code>
        </pre>
      ) : null}
      {errors.length > 0 ? (
        <>
          <h3>{t('apiDocs.call.errors')}</h3>
          <ul className="api-errors">
            {errors.map((error) => (
              <li key={error.status}>
                <code>{error.status}</code> {error.description}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h3>{t('apiDocs.call.example')}</h3>
      <pre>
        <code>{curlExample(call, serverUrl)}</code>
      </pre>
    </article>
  )
}

function FieldTable({ caption, rows }: { caption: string; rows: FieldRow[] }) {
  const { t } = useTranslation()
  return (
    <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('apiDocs.column.field')}</th>
            <th scope="col">{t('apiDocs.column.type')}</th>
            <th scope="col">{t('apiDocs.column.required')}</th>
            <th scope="col">{t('apiDocs.column.description')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name}>
              <td>
                <code>{row.name}</code>
              </td>
              <td>{row.type}</td>
              <td>{row.required ? t('apiDocs.column.yes') : t('apiDocs.column.no')}</td>
              <td>
                {row.description}
                {row.values ? (
                  <span className="field-values">
                    {row.values.map((value) => (
                      <code key={value}>{value}</code>
                    ))}
                  </span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
    </table>
  )
}
