/*
 * A compact strip of figures above the dashboard's welcome (dashboard/glance.ts): the
 * enabled plugins' figures the reader may read, each counted through its list and opening
 * that list with the same filter. A figure whose count fails shows a dash, never an error.
 */
import { Box, Card, CardActionArea, CardContent, Skeleton, Typography } from '@mui/material'
import { useMemo } from 'react'
import { LinkBase, useGetList, useLocale, useTranslate } from 'react-admin'
import { effectiveAbilities, hasAbility } from '../auth_provider'
import { useSession } from '../layout/useSession'
import type { AdminPlugin } from '../plugin_api'
import { subjectOfResource } from '../resource_registry'
import type { Account } from '../session'
import type { GlanceFigure } from './glance'

/** The figures `account` sees: of its enabled plugins, on lists it may read, in order. */
export function glanceFigures(plugins: AdminPlugin[], account: Account, coid: number | null): GlanceFigure[] {
  const enabled = new Set(account.plugins.filter((plugin) => plugin.enabled).map((plugin) => plugin.id))
  const abilities = effectiveAbilities(account, coid)
  return plugins
    .filter((plugin) => enabled.has(plugin.id))
    .flatMap((plugin) => plugin.glance ?? [])
    .filter((figure) => hasAbility(abilities, subjectOfResource(figure.resource), 'read'))
    .sort((a, b) => (a.order ?? 100) - (b.order ?? 100))
}

const Figure = ({ figure, now }: { figure: GlanceFigure; now: Date }) => {
  const translate = useTranslate()
  const locale = useLocale()
  const filter = useMemo(() => figure.filter?.(now) ?? {}, [figure, now])
  const { total, isPending, error } = useGetList(figure.resource, {
    pagination: { page: 1, perPage: 1 },
    sort: figure.sort,
    filter,
  })
  const label = translate(figure.label)
  const value = error || total === undefined ? '—' : new Intl.NumberFormat(locale).format(total)
  return (
    <Card variant="outlined" data-testid="glance-figure">
      <CardActionArea
        component={LinkBase}
        to={`/${figure.resource}?filter=${encodeURIComponent(JSON.stringify(filter))}`}
        sx={{ height: '100%' }}
      >
        <CardContent sx={{ py: 1.5 }}>
          <Typography variant="h5" component="p" sx={{ fontWeight: 600 }} aria-label={`${label}: ${value}`}>
            {isPending ? <Skeleton width={64} /> : value}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {label}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  )
}

export const AtAGlance = ({ plugins }: { plugins: AdminPlugin[] }) => {
  const translate = useTranslate()
  const { account, coid } = useSession()
  // One "now" per visit: the figures and the lists they open agree.
  const now = useMemo(() => new Date(), [])
  const figures = account ? glanceFigures(plugins, account, coid) : []
  if (!figures.length) return null
  return (
    <Box
      component="section"
      aria-label={translate('affix.dashboard.at_a_glance')}
      data-testid="at-a-glance"
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))', gap: 2 }}
    >
      {figures.map((figure) => (
        <Figure key={`${figure.resource}:${figure.label}`} figure={figure} now={now} />
      ))}
    </Box>
  )
}
