/*
 * Every list's empty page (set as the theme's List default): "No campaigns yet." and, when
 * the account may create one, an invitation with the create button. react-admin's own asks
 * "Do you want to add one?" whenever the resource has a create view, even to an affiliate
 * whose create button is hidden.
 */
import InboxIcon from '@mui/icons-material/Inbox'
import { Box, Typography } from '@mui/material'
import {
  CreateButton,
  useCanAccess,
  useGetResourceLabel,
  useLocaleState,
  useResourceContext,
  useResourceDefinition,
  useTranslate,
} from 'react-admin'

export const EmptyList = () => {
  const resource = useResourceContext()
  const { hasCreate } = useResourceDefinition()
  const { canAccess: mayCreate = false } = useCanAccess({ resource, action: 'create' })
  const translate = useTranslate()
  const getResourceLabel = useGetResourceLabel()
  const [locale] = useLocaleState()
  const name = resource ? getResourceLabel(resource, 0).toLocaleLowerCase(locale) : ''
  const creates = Boolean(hasCreate && mayCreate)
  return (
    <Box sx={{ flex: 1, textAlign: 'center', py: 6, px: 2 }} data-testid="empty-list">
      <InboxIcon sx={{ fontSize: 96, color: 'text.disabled' }} />
      <Typography variant="h6" component="p" sx={{ mt: 1 }}>
        {translate(`resources.${resource}.empty`, { _: translate('ra.page.empty', { name }) })}
      </Typography>
      {creates && (
        <>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {translate(`resources.${resource}.invite`, { _: translate('ra.page.invite') })}
          </Typography>
          <Box sx={{ mt: 3 }}>
            <CreateButton variant="contained" />
          </Box>
        </>
      )}
    </Box>
  )
}
