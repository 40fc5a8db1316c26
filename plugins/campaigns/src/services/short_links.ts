/* Short links (`/s/{token}`), resolved for the click path (the tracking plugin answers them). */
import db from '@adonisjs/lucid/services/db'

export interface ShortLinkTarget {
  organizationId: number
  campaignId: number
  affiliateId: number
  /** The full tracking URL the token stands for. */
  url: string
  /** Its query parameters, without pub_id (the affiliate is `affiliateId`). */
  params: Record<string, string>
}

export async function resolveShortLink(token: string): Promise<ShortLinkTarget | null> {
  if (!/^[A-Za-z0-9]{1,16}$/.test(token)) return null
  const row = await db
    .from('short_links as link')
    .join('campaigns', 'campaigns.id', 'link.campaign_id')
    .where('link.token', token)
    .whereNull('campaigns.deleted_at')
    .select('link.organization_id', 'link.campaign_id', 'link.affiliate_id', 'link.url')
    .first()
  if (!row) return null
  const params: Record<string, string> = {}
  try {
    for (const [name, value] of new URL(row.url).searchParams) if (name !== 'pub_id') params[name] = value
  } catch {
    // Stored URLs are built by trackingLink(); an unparsable one just carries no parameters.
  }
  return {
    organizationId: Number(row.organization_id),
    campaignId: Number(row.campaign_id),
    affiliateId: Number(row.affiliate_id),
    url: row.url,
    params,
  }
}
