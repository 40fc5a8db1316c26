/*
 * Help & Support: who to ask, the link to the API reference, and the details a support
 * request needs (version, organisation, user, browser) with a Copy button.
 */
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Link,
  Table,
  TableBody,
  TableCell,
  TableRow,
} from '@mui/material'
import { useNotify, useTranslate } from 'react-admin'
import type { Account } from '../session'
import { BUILD_VERSION } from './build_version'
import { apiDocsUrl } from './sidebar_items'

export const HelpDialog = ({ open, onClose, account }: { open: boolean; onClose: () => void; account: Account }) => {
  const translate = useTranslate()
  const notify = useNotify()
  const details: Array<[string, string]> = [
    ['affix.layout.help.version', BUILD_VERSION],
    ['affix.layout.help.organisation', `${account.org.name} (#${account.org.id})`],
    ['affix.layout.help.user', `${account.user.email} (#${account.user.id}, ${account.user.role})`],
    ['affix.layout.help.browser', navigator.userAgent],
  ]
  const copy = async () => {
    const text = details.map(([label, value]) => `${translate(label)}: ${value}`).join('\n')
    try {
      await navigator.clipboard.writeText(text)
      notify('affix.layout.help.copied', { type: 'success' })
    } catch {
      notify('affix.errors.fallback', { type: 'warning' })
    }
  }
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="help-dialog-title" maxWidth="sm" fullWidth>
      <DialogTitle id="help-dialog-title">{translate('affix.layout.help.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>
          {account.su
            ? translate('affix.layout.help.intro_superadmin')
            : translate('affix.layout.help.intro', { organization: account.org.name })}
        </DialogContentText>
        <DialogContentText sx={{ mb: 2 }}>
          <Link href={apiDocsUrl(account)} target="_blank" rel="noopener">
            {translate('affix.layout.footer.api_docs')}
          </Link>
          {' — '}
          {translate('affix.layout.help.api_docs')}
        </DialogContentText>
        <Table size="small">
          <TableBody>
            {details.map(([label, value]) => (
              <TableRow key={label}>
                <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                  {translate(label)}
                </TableCell>
                <TableCell sx={{ wordBreak: 'break-word' }}>{value}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={copy}>{translate('affix.layout.help.copy')}</Button>
        <Button onClick={onClose} variant="contained">
          {translate('affix.layout.help.close')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
