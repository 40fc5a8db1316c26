import AddIcon from '@mui/icons-material/Add'
import CodesIcon from '@mui/icons-material/ReceiptLong'
import {
  Box,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
  Button as MuiButton,
} from '@mui/material'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import {
  Button,
  DataTable,
  DateField,
  List,
  Loading,
  SaveButton,
  SimpleForm,
  TextArrayInput,
  TextInput,
  Toolbar,
  TopToolbar,
  useLocaleState,
  useRefresh,
  useTranslate,
} from 'react-admin'
import {
  cleanList,
  CopyButton,
  CredentialLimitsInputs,
  credentialStatus,
  describeScopes,
  formatDateTime,
  requiredText,
  RevokeCredentialButton,
  ScopesEditor,
  SecretDialog,
  StatusChip,
  toExpiry,
  toScopesPayload,
  useAbilities,
  useApi,
  useFormSubmit,
  type Scope,
  type Secret,
} from '@affix/admin-ui/plugin-api'
import { OAUTH_APPS_API, OAUTH_APPS_RESOURCE, type OAuthApp, type OAuthCode } from './types'

const validateRedirectUris = (values: string[] | undefined) => {
  const uris = cleanList(values)
  if (!uris.length) return 'oauth.redirect_required'
  if (uris.length > 10) return 'oauth.redirect_max'
  const bad = uris.find((uri) => {
    try {
      const url = new URL(uri)
      return url.protocol !== 'https:' && url.protocol !== 'http:'
    } catch {
      return true
    }
  })
  return bad ? { message: 'oauth.redirect_invalid', args: { uri: bad } } : undefined
}

/** OAuth apps: list, register (client id and secret shown once), revoke, auth codes per app. */
export const OAuthAppsTab = () => {
  const translate = useTranslate()
  const { can } = useAbilities()
  const manage = can('oauth_apps', 'manage')
  const [creating, setCreating] = useState(false)
  const [secrets, setSecrets] = useState<Secret[] | null>(null)
  const [codesOf, setCodesOf] = useState<OAuthApp | null>(null)
  return (
    <>
      <List
        resource={OAUTH_APPS_RESOURCE}
        title={false}
        sort={{ field: 'createdAt', order: 'DESC' }}
        exporter={false}
        empty={false}
        disableSyncWithLocation
        actions={
          <TopToolbar>
            {manage && <Button label="oauth.create" onClick={() => setCreating(true)} startIcon={<AddIcon />} />}
          </TopToolbar>
        }
      >
        <DataTable bulkActionButtons={false} rowClick={false}>
          <DataTable.Col source="name" label="affix.screens.api.fields.name" />
          <DataTable.Col
            source="clientId"
            label="oauth.clientId"
            disableSort
            render={(record: OAuthApp) => (
              <Box
                component="span"
                sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap' }}
              >
                <code>{record.clientId}</code>
                <CopyButton value={record.clientId} />
              </Box>
            )}
          />
          <DataTable.Col
            source="redirectUris"
            label="oauth.redirectUris"
            disableSort
            render={(record: OAuthApp) => record.redirectUris.join(', ')}
          />
          <DataTable.Col
            source="scopes"
            label="affix.screens.api.scopes.title"
            disableSort
            render={(record: OAuthApp) =>
              describeScopes(record.scopes, (resource) =>
                translate(`affix.screens.api.subjects.${resource.replace(/\./g, '_')}`, { _: resource })
              )
            }
          />
          <DataTable.Col source="expiresAt" label="affix.screens.api.fields.expiresAt" field={DateField} />
          <DataTable.Col
            source="revokedAt"
            label="affix.screens.api.fields.status"
            disableSort
            render={(record: OAuthApp) => <StatusChip status={credentialStatus(record)} />}
          />
          <DataTable.Col
            label=""
            disableSort
            render={(record: OAuthApp) => (
              <>
                <Button label="oauth.codes" onClick={() => setCodesOf(record)} startIcon={<CodesIcon />} />
                {manage && (
                  <RevokeCredentialButton record={record} path={`${OAUTH_APPS_API}/${record.id}`} messages="oauth" />
                )}
              </>
            )}
          />
        </DataTable>
      </List>
      {creating && (
        <CreateAppDialog
          onClose={() => setCreating(false)}
          onCreated={(app) => {
            setCreating(false)
            setSecrets([
              { label: 'oauth.clientId', value: app.clientId },
              { label: 'oauth.clientSecret', value: app.clientSecret },
            ])
          }}
        />
      )}
      <SecretDialog title="oauth.created_title" secrets={secrets} onClose={() => setSecrets(null)} />
      {codesOf && <AuthCodesDialog app={codesOf} onClose={() => setCodesOf(null)} />}
    </>
  )
}

interface NewApp {
  name: string
  redirectUris: string[]
  scopes: Scope[]
  expiresAt?: string | Date | null
  allowedIps?: string[]
}

const CreateAppDialog = ({
  onClose,
  onCreated,
}: {
  onClose: () => void
  onCreated: (app: OAuthApp & { clientSecret: string }) => void
}) => {
  const translate = useTranslate()
  const api = useApi()
  const refresh = useRefresh()
  const submit = useFormSubmit(
    (values: NewApp) =>
      api.post<OAuthApp & { clientSecret: string }>(OAUTH_APPS_API, {
        name: values.name?.trim(),
        redirectUris: cleanList(values.redirectUris),
        scopes: toScopesPayload(values.scopes),
        expiresAt: toExpiry(values.expiresAt),
        allowedIps: cleanList(values.allowedIps),
      }),
    {
      listInputs: ['allowedIps', 'redirectUris'],
      onSuccess: (created) => {
        refresh()
        onCreated(created)
      },
    }
  )
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="create-app-title">
      <DialogTitle id="create-app-title">{translate('oauth.create')}</DialogTitle>
      <DialogContent>
        <SimpleForm
          noValidate
          defaultValues={{ scopes: [{ resource: '', operations: ['read'] }], redirectUris: [], allowedIps: [] }}
          onSubmit={submit}
          toolbar={
            <Toolbar sx={{ gap: 1 }}>
              <SaveButton label="oauth.create_button" alwaysEnable />
              <Button label="ra.action.cancel" onClick={onClose} />
            </Toolbar>
          }
          sx={{ p: 0 }}
        >
          <TextInput source="name" label="affix.screens.api.fields.name" validate={requiredText} fullWidth />
          <TextArrayInput
            source="redirectUris"
            label="oauth.redirectUris"
            helperText="oauth.redirect_help"
            validate={validateRedirectUris}
            isRequired
            fullWidth
          />
          <ScopesEditor forOAuth />
          <CredentialLimitsInputs />
        </SimpleForm>
      </DialogContent>
    </Dialog>
  )
}

/** GET /api/v1/oauth/apps/:id/codes: when, for whom, used or not (never the codes). */
const AuthCodesDialog = ({ app, onClose }: { app: OAuthApp; onClose: () => void }) => {
  const translate = useTranslate()
  const api = useApi()
  const [locale] = useLocaleState()
  const [page, setPage] = useState(0)
  const [limit, setLimit] = useState(10)
  const { data, isPending } = useQuery({
    queryKey: ['affix', 'oauth-codes', app.id, page, limit],
    queryFn: () =>
      api.getPage<OAuthCode>(`${OAUTH_APPS_API}/${app.id}/codes`, {
        page: page + 1,
        limit,
        query: { sort: '-createdAt' },
      }),
    placeholderData: keepPreviousData,
  })
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="codes-title">
      <DialogTitle id="codes-title">{translate('oauth.codes_title', { name: app.name })}</DialogTitle>
      <DialogContent>
        {isPending ? (
          <Loading />
        ) : !data?.data.length ? (
          <Typography variant="body2" color="text.secondary">
            {translate('oauth.no_codes')}
          </Typography>
        ) : (
          <>
            <Table size="small" aria-label={translate('oauth.codes')}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('oauth.issued')}</TableCell>
                  <TableCell>{translate('oauth.user')}</TableCell>
                  <TableCell>{translate('oauth.redirectUri')}</TableCell>
                  <TableCell>{translate('oauth.pkce')}</TableCell>
                  <TableCell>{translate('affix.screens.api.fields.status')}</TableCell>
                  <TableCell>{translate('oauth.usedAt')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.data.map((code) => (
                  <TableRow key={code.id}>
                    <TableCell>{formatDateTime(code.createdAt, locale)}</TableCell>
                    <TableCell>{code.userName ?? code.userEmail ?? `#${code.userId}`}</TableCell>
                    <TableCell>{code.redirectUri ?? '—'}</TableCell>
                    <TableCell>{translate(code.pkce ? 'ra.boolean.true' : 'ra.boolean.false')}</TableCell>
                    <TableCell>
                      <StatusChip status={code.status} />
                    </TableCell>
                    <TableCell>{formatDateTime(code.usedAt, locale)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <TablePagination
              component="div"
              count={data.total}
              page={page}
              rowsPerPage={limit}
              rowsPerPageOptions={[10, 25, 50]}
              onPageChange={(_event, next) => setPage(next)}
              onRowsPerPageChange={(event) => {
                setLimit(Number(event.target.value))
                setPage(0)
              }}
              labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
            />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose}>{translate('ra.action.close')}</MuiButton>
      </DialogActions>
    </Dialog>
  )
}
