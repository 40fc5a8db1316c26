import { Typography } from '@mui/material'
import { ReferenceField, useCanAccess, useRecordContext } from 'react-admin'

/** The brand's name when the caller may read brands (affiliates may not: no 403 detour), else its id. */
export const BrandField = ({ link = 'show' }: { label?: string; link?: 'show' | false }) => {
  const { canAccess } = useCanAccess({ resource: 'brands', action: 'read' })
  const record = useRecordContext()
  if (!canAccess) return <Typography variant="body2">#{record?.brandId}</Typography>
  return <ReferenceField source="brandId" reference="brands" link={link} emptyText="—" />
}
