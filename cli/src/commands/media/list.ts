import { Flags } from '@oclif/core'
import { mediaListMedia, paged } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { listFlags, pageSummary } from '../../list_flags.js'
import { MEDIA_TYPES, mediaColumns } from '../../media_fields.js'
import { renderTable } from '../../output.js'

export default class MediaList extends AffixCommand {
  static summary = 'List media (banners, HTML ads, e-mail creatives, links).'

  static examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --type banner --status active --sort -createdAt',
    '<%= config.bin %> <%= command.id %> --type text_link --type drive_link --q spring --json',
  ]

  static flags = {
    ...listFlags,
    type: Flags.string({ summary: 'Only media of this type (repeatable).', options: [...MEDIA_TYPES], multiple: true }),
    'campaign-id': Flags.integer({ summary: 'Only media linked to this campaign.', min: 1 }),
  }

  async run() {
    const { flags } = await this.parse(MediaList)
    const { client } = await this.client()
    const filter: Record<string, unknown> = {}
    if (flags.status) filter.status = flags.status
    if (flags.type?.length) filter.type = flags.type
    if (flags['campaign-id']) filter.campaignId = flags['campaign-id']
    const query = {
      page: flags.page,
      limit: flags.limit,
      sort: flags.sort,
      q: flags.q,
      filter: Object.keys(filter).length ? JSON.stringify(filter) : undefined,
    }
    const page = await paged(mediaListMedia({ client, query }))
    if (page.items.length) this.log(renderTable(page.items, mediaColumns))
    this.log(pageSummary('media', page.start, page.items.length, page.total))
    return page.items
  }
}
