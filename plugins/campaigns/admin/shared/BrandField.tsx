import { Typography } from '@mui/material'
import { ReferenceField, useCanAccess, useRecordContext } from 'react-admin'

/**
 * The campaign's brand: a link to it for those who may read brands; its name as the
 * campaign carries it for the others (affiliates may not read brands: no 403 detour).
 */
export const BrandField = ({ link = 'show' }: { label?: string; link?: 'show' | false }) => {
  const { canAccess } = useCanAccess({ resource: 'manage/brand', action: 'read' })
  const record = useRecordContext()
  if (!canAccess)
    return <Typography variant="body2">{(record?.brandName as string | null | undefined) ?? '—'}</Typography>
  return <ReferenceField source="brandId" reference="manage/brand" link={link} emptyText="—" />
}
