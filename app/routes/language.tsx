import { redirect } from 'react-router'
import { z } from 'zod'
import type { Route } from './+types/language'
import { languageCookie } from '#app/server/i18n.server.ts'
import { getLanguageState } from '#app/server/languages.server.ts'
import { getServices } from '#app/server/services.server.ts'
import { safeRedirectPath } from '#app/lib/safe-redirect.ts'

const LanguageChoice = z.object({ code: z.string().min(2).max(12), redirectTo: z.string().optional() })

export async function loader() {
  return redirect('/')
}

/** The language picker's plain form: remember the choice in a cookie and go back. */
export async function action({ request, context }: Route.ActionArgs) {
  const parsed = LanguageChoice.safeParse(Object.fromEntries(await request.formData()))
  const back = safeRedirectPath(parsed.data?.redirectTo, '/')
  if (!parsed.success) return redirect(back)
  const { languages } = await getLanguageState(getServices(context).db)
  if (!languages.some((l) => l.code === parsed.data.code)) return redirect(back)
  return redirect(back, { headers: { 'Set-Cookie': await languageCookie.serialize(parsed.data.code) } })
}
