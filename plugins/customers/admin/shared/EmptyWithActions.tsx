/*
 * A list's empty page (as the shell's: "No customers yet. …") that keeps the ways to fill
 * it: react-admin hides the toolbar of an empty list, and the first import or rate would
 * otherwise be out of reach.
 */
import InboxIcon from '@mui/icons-material/Inbox'
import { Box, Stack, Typography } from '@mui/material'
import type { ReactNode } from 'react'
import { useResourceContext, useTranslate } from 'react-admin'

export const EmptyWithActions = ({ children }: { children?: ReactNode }) => {
  const resource = useResourceContext()
  const translate = useTranslate()
  return (
    <Box sx={{ flex: 1, textAlign: 'center', py: 6, px: 2 }} data-testid="empty-list">
      <InboxIcon sx={{ fontSize: 96, color: 'text.disabled' }} />
      <Typography variant="h6" component="p" sx={{ mt: 1 }}>
        {translate(`resources.${resource}.empty`)}
      </Typography>
      {children && (
        <Stack direction="row" spacing={2} sx={{ mt: 3, justifyContent: 'center' }}>
          {children}
        </Stack>
      )}
    </Box>
  )
}
