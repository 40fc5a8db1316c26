/*
 * Page titles from route metadata (spec §2): the registered title of the route (or the
 * resource's name for plugin resources), then the organisation, as document.title. The
 * organisation's icon (white label) becomes the favicon.
 */
import { useEffect } from 'react'
import { useGetResourceLabel, useLocation, useResourceDefinitions, useTranslate } from 'react-admin'
import { routeMetaFor } from './menu_registry'
import { useSession } from './useSession'

export const DocumentTitle = () => {
  const { pathname } = useLocation()
  const translate = useTranslate()
  const resources = useResourceDefinitions()
  const getResourceLabel = useGetResourceLabel()
  const { account } = useSession()
  const meta = routeMetaFor(pathname)
  const resource = pathname.split('/')[1]
  const page = meta ? translate(meta.title, { _: meta.title }) : resources[resource] ? getResourceLabel(resource, 2) : null
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
