import { Card, CardContent, Typography } from '@mui/material'
import type { ReactNode } from 'react'
import { useTranslate } from 'react-admin'

/** A titled card of a screen. */
export const Section = ({
  title,
  subtitle,
  children,
  action,
}: {
  title: string
  subtitle?: string
  children: ReactNode
  action?: ReactNode
}) => {
  const translate = useTranslate()
  return (
    <Card sx={{ mb: 2 }} component="section" aria-label={translate(title)}>
      <CardContent>
        <Typography
          variant="h6"
          component="h2"
          sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}
        >
          {translate(title)}
          {action}
        </Typography>
        {subtitle && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {translate(subtitle)}
          </Typography>
        )}
        {children}
      </CardContent>
    </Card>
  )
}
