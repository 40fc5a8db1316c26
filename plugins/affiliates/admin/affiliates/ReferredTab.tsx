import type { AffixDataProvider } from '@affix/admin-ui/plugin-api'
import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material'
import { useQuery } from '@tanstack/react-query'
import { Link, useDataProvider, useRecordContext, useTranslate } from 'react-admin'
import { AffiliateStatusTag } from '../shared/AffiliateStatusField'

export interface ReferredAffiliate {
  id: number
  name: string | null
  email?: string | null
  status: string
  createdAt?: string
}

/** A table of referred affiliates (an admin's view links each to its page). */
export const ReferredTable = ({ rows, linked }: { rows: ReferredAffiliate[]; linked: boolean }) => {
  const translate = useTranslate()
  if (!rows.length) return <Typography variant="body2">{translate('affiliates.referred.empty')}</Typography>
  return (
    <Table size="small" aria-label={translate('affiliates.tabs.referred')}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('affiliates.fields.name')}</TableCell>
          <TableCell>{translate('affiliates.fields.status')}</TableCell>
          <TableCell>{translate('affiliates.fields.createdAt')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            <TableCell>
              {linked ? (
                <Link to={`/manage/affiliate/${encodeURIComponent(row.id)}`}>
                  {row.name || row.email || `#${row.id}`}
                </Link>
              ) : (
                row.name || '—'
              )}
            </TableCell>
            <TableCell>
              <AffiliateStatusTag status={row.status} />
            </TableCell>
            <TableCell>{row.createdAt ? new Date(row.createdAt).toLocaleDateString() : '—'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}

/** Affiliates this one referred (GET /affiliates/:id/referred). */
export const ReferredTab = () => {
  const record = useRecordContext()
  const dataProvider = useDataProvider<AffixDataProvider>()
  const { data = [], isPending } = useQuery({
    queryKey: ['affiliates', 'referred', record?.id],
    enabled: record?.id != null,
    queryFn: async () =>
      (
        await dataProvider.request<ReferredAffiliate[]>(`/api/v1/affiliates/affiliates/${record?.id}/referred`, {
          query: { limit: 100 },
        })
      ).data ?? [],
  })
  if (isPending) return null
  return <ReferredTable rows={Array.isArray(data) ? data : []} linked />
}
