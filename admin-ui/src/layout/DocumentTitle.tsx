/*
 * Page titles from route metadata (spec §2): the registered title of the route (or the
 * resource's name for plugin resources), then the organisation, as document.title. The
 * organisation's icon (white label) becomes the favicon.
 */
import { useEffect } from 'react'
import { useGetResourceLabel, useLocation, useResourceDefinitions, useTranslate } from 'react-admin'
import { routeMetaFor } from './menu_registry'
import { useSession } from './useSession'

/** The resource whose pages show `pathname` (/manage/campaign/12/edit → manage/campaign), if any. */
export function resourceOfPath(pathname: string, names: string[]): string | undefined {
  return names
    .filter((name) => pathname === `/${name}` || pathname.startsWith(`/${name}/`))
    .sort((a, b) => b.length - a.length)[0]
}

export const DocumentTitle = () => {
  const { pathname } = useLocation()
  const translate = useTranslate()
  const resources = useResourceDefinitions()
  const getResourceLabel = useGetResourceLabel()
  const { account } = useSession()
  // A resource's pages (its name is its path) take its label; other routes their metadata's title.
  const resource = resourceOfPath(pathname, Object.keys(resources))
  const meta = resource ? undefined : routeMetaFor(pathname)
  const page = resource ? getResourceLabel(resource, 2) : meta ? translate(meta.title, { _: meta.title }) : null
  const organisation = account?.org.name ?? translate('affix.title')

  useEffect(() => {
    document.title = page ? `${page} | ${organisation}` : organisation
  }, [page, organisation])

  const favicon = account?.org.favIconUrl ?? null
  useEffect(() => {
    if (!favicon) return
    const link =
      document.querySelector<HTMLLinkElement>('link[rel~="icon"]') ??
      document.head.appendChild(Object.assign(document.createElement('link'), { rel: 'icon' }))
    const before = link.href
    link.href = favicon
    return () => {
      link.href = before
    }
  }, [favicon])
  return null
}
