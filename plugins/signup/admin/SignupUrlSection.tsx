import { Box, Button, TextField, Typography } from '@mui/material'
import { useQuery } from '@tanstack/react-query'
import { useTranslate } from 'react-admin'
import { CopyButton, Section, useApi } from '@affix/admin-ui/plugin-api'

/** The organisation's affiliate signup link on /settings, to copy or open; nothing while core offers none. */
export const SignupUrlSection = () => {
  const translate = useTranslate()
  const api = useApi()
  const { data: organization } = useQuery({
    queryKey: ['affix', 'organization'],
    queryFn: () => api.get<{ id: number }>('/api/v1/organization'),
  })
  const { data: meta } = useQuery({
    queryKey: ['affix', 'branding-meta', organization?.id],
    queryFn: () =>
      api.get<{ affiliateSignupUrl: string | null }>('/api/v1/auth/meta', { query: { orgId: organization?.id } }),
    enabled: Boolean(organization?.id),
  })
  const url = meta?.affiliateSignupUrl
  if (!url) return null
  return (
    <Section title="signup.url.title" subtitle="signup.url.help">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <TextField
          value={url}
          label={translate('signup.url.label')}
          fullWidth
          size="small"
          slotProps={{ input: { readOnly: true } }}
          onFocus={(event) => event.target.select()}
        />
        <CopyButton value={url} />
      </Box>
      <Typography variant="body2" sx={{ mt: 1 }}>
        <Button href={url} target="_blank" rel="noopener">
          {translate('signup.url.open')}
        </Button>
      </Typography>
    </Section>
  )
}
