/*
 * Error pages (spec §2, §8): /400, /403 with Back to Home and Logout, /404 with Back to
 * Home. The components stand alone, so the frame can also use them inside its layout
 * (NotFoundPage as react-admin's catch-all).
 */
import { Box, Button, Stack, Typography } from '@mui/material'
import type { ReactNode } from 'react'
import { useLogout, useNavigate, useTranslate } from 'react-admin'

function ErrorPage({ code, text, actions }: { code: string; text: string; actions?: ReactNode }) {
  const translate = useTranslate()
  const navigate = useNavigate()
  return (
    <Box
      component="main"
      sx={{
        minHeight: '70vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        p: 3,
      }}
    >
      <Typography
        variant="h1"
        component="p"
        color="primary"
        sx={{ fontWeight: 700, fontSize: { xs: 72, sm: 120 } }}
        aria-hidden
      >
        {code}
      </Typography>
      <Typography variant="h6" component="h1" sx={{ mb: 3 }}>
        {text}
      </Typography>
      <Stack direction="row" spacing={2}>
        <Button variant="contained" onClick={() => navigate('/')}>
          {translate('affix.public.actions.back_to_home')}
        </Button>
        {actions}
      </Stack>
    </Box>
  )
}

export function BadRequestPage() {
  const translate = useTranslate()
  return <ErrorPage code="400" text={translate('affix.public.error_pages.bad_request')} />
}

export function ForbiddenPage() {
  const translate = useTranslate()
  const logout = useLogout()
  return (
    <ErrorPage
      code="403"
      text={translate('affix.public.error_pages.forbidden')}
      actions={
        <Button variant="outlined" onClick={() => logout()}>
          {translate('affix.public.actions.logout')}
        </Button>
      }
    />
  )
}

export function NotFoundPage() {
  const translate = useTranslate()
  return <ErrorPage code="404" text={translate('affix.public.error_pages.not_found')} />
}
