import { StatusTag } from '@affix/admin-ui/plugin-api'
import StarIcon from '@mui/icons-material/Star'
import StarBorderIcon from '@mui/icons-material/StarBorder'
import { Typography } from '@mui/material'
import { useRecordContext, useTranslate } from 'react-admin'

/** A campaign (or access) status as the frame's colour tag, titled with this plugin's words. */
export const CampaignStatusTag = ({
  status,
  prefix = 'campaigns.status',
}: {
  status: string | null | undefined
  prefix?: string
}) => {
  const translate = useTranslate()
  if (!status) return null
  return <StatusTag status={status} label={translate(`${prefix}.${status}`, { _: status })} />
}

export const CampaignStatusField = ({ source = 'status' }: { source?: string; label?: string }) => {
  const record = useRecordContext()
  return <CampaignStatusTag status={record?.[source] as string | undefined} />
}

export const VisibilityField = ({ source = 'visibility' }: { source?: string; label?: string }) => {
  const record = useRecordContext()
  const translate = useTranslate()
  const value = record?.[source] as string | undefined
  return value ? (
    <Typography variant="body2">{translate(`campaigns.visibility.${value}`, { _: value })}</Typography>
  ) : null
}

export const FeaturedField = ({ source = 'featured' }: { source?: string; label?: string }) => {
  const record = useRecordContext()
  const translate = useTranslate()
  const featured = Boolean(record?.[source])
  const title = translate(featured ? 'campaigns.featured.yes' : 'campaigns.featured.no')
  return featured ? (
    <StarIcon fontSize="small" color="warning" titleAccess={title} data-testid="featured-star" />
  ) : (
    <StarBorderIcon fontSize="small" color="disabled" titleAccess={title} />
  )
}
