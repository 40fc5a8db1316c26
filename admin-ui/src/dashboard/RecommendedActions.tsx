/*
 * Recommended actions (spec §1 dashboard widget; the onboarding landing's checklist): add a
 * brand, a product, affiliates and a campaign. Each points to the screen that does it when
 * the organisation has that screen and the account may use it, and is ticked once the
 * organisation has at least one such record.
 */
import CheckCircleIcon from '@mui/icons-material/CheckCircle'
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked'
import { Button, Card, CardContent, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material'
import { useEffect, useState } from 'react'
import { LinkBase, useDataProvider, useResourceDefinitions, useTranslate } from 'react-admin'
import { effectiveAbilities, hasAbility } from '../auth_provider'
import { subjectOfResource } from '../resource_registry'
import { useSession } from '../layout/useSession'
import type { Account } from '../session'

interface RecommendedAction {
  key: 'add_brand' | 'add_product' | 'add_affiliates' | 'add_campaign'
  /** react-admin resource that holds the records, when a plugin provides it (its name is its spec path). */
  resource: string
}

export const RECOMMENDED_ACTIONS: RecommendedAction[] = [
  { key: 'add_brand', resource: 'manage/brand' },
  { key: 'add_product', resource: 'manage/product' },
  { key: 'add_affiliates', resource: 'manage/affiliate' },
  { key: 'add_campaign', resource: 'manage/campaign' },
]

export const RecommendedActions = ({ account, compact = false }: { account: Account; compact?: boolean }) => {
  const translate = useTranslate()
  const dataProvider = useDataProvider()
  const resources = useResourceDefinitions()
  const { coid } = useSession()
  const abilities = effectiveAbilities(account, coid)
  const [counts, setCounts] = useState<Record<string, number>>({})

  const targets = RECOMMENDED_ACTIONS.map((action) => {
    const resource = resources[action.resource]
    if (resource && hasAbility(abilities, subjectOfResource(action.resource), 'manage')) {
      return { action, to: resource.hasCreate ? `/${action.resource}/create` : `/${action.resource}`, countable: true }
    }
    return { action, to: null, countable: false }
  })
  const countable = targets.filter((target) => target.countable).map((target) => target.action.resource)
  const countableKey = countable.join(',')

  useEffect(() => {
    let cancelled = false
    for (const resource of countableKey ? countableKey.split(',') : []) {
      dataProvider
        .getList(resource, { pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'ASC' }, filter: {} })
        .then(({ total }) => {
          if (!cancelled) setCounts((previous) => ({ ...previous, [resource]: total ?? 0 }))
        })
        .catch(() => undefined)
    }
    return () => {
      cancelled = true
    }
  }, [dataProvider, countableKey])

  const open = targets.filter(({ action }) => !counts[action.resource])
  if (compact && open.every(({ to }) => to === null)) return null

  return (
    <Card data-testid="recommended-actions">
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('affix.home.recommended')}
        </Typography>
        <List>
          {targets.map(({ action, to }) => {
            const done = (counts[action.resource] ?? 0) > 0
            return (
              <ListItem
                key={action.key}
                secondaryAction={
                  done ? (
                    <Typography color="success.main" variant="body2">
                      {translate('affix.home.onboarding.done')}
                    </Typography>
                  ) : to ? (
                    <Button component={LinkBase} to={to} variant="contained" size="small">
                      {translate('affix.home.onboarding.start')}
                    </Button>
                  ) : (
                    <Typography color="text.secondary" variant="body2">
                      {translate('affix.home.onboarding.unavailable')}
                    </Typography>
                  )
                }
              >
                <ListItemIcon>{done ? <CheckCircleIcon color="success" /> : <RadioButtonUncheckedIcon />}</ListItemIcon>
                <ListItemText
                  primary={translate(`affix.home.onboarding.${action.key}`)}
                  secondary={compact ? undefined : translate(`affix.home.onboarding.${action.key}_text`)}
                  sx={{ pr: 18 }}
                />
              </ListItem>
            )
          })}
        </List>
      </CardContent>
    </Card>
  )
}
