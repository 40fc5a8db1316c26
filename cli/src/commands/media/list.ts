import { Flags } from '@oclif/core'
import { mediaListMedia, paged } from '@affix/sdk'
import { defineListCommand } from '../../define_command.js'
import { listFlags, listQuery } from '../../list_flags.js'
import { MEDIA_TYPES, mediaColumns } from '../../media_fields.js'

export default defineListCommand({
  summary: 'List media (banners, HTML ads, e-mail creatives, links).',
  examples: [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --type banner --status active --sort -createdAt',
    '<%= config.bin %> <%= command.id %> --type text_link --type drive_link --q spring --json',
  ],
  flags: {
    ...listFlags,
    type: Flags.string({ summary: 'Only media of this type (repeatable).', options: [...MEDIA_TYPES], multiple: true }),
    'campaign-id': Flags.integer({ summary: 'Only media linked to this campaign.', min: 1 }),
  },
  fetch: (client, flags) =>
    paged(
      mediaListMedia({
        client,
        query: listQuery(flags, { status: flags.status, type: flags.type, campaignId: flags['campaign-id'] }),
      })
    ),
  columns: mediaColumns,
  resource: 'media',
})
