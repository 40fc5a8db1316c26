import { Args } from '@oclif/core'
import { mediaGetMedia, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { mediaDetails } from '../../media_fields.js'

export default class MediaGet extends AffixCommand {
  static summary = 'Show one media.'

  static examples = ['<%= config.bin %> <%= command.id %> 12', '<%= config.bin %> <%= command.id %> 12 --json']

  static args = {
    id: Args.integer({ description: 'Media ID', required: true, min: 1 }),
  }

  async run() {
    const { args } = await this.parse(MediaGet)
    const { client } = await this.client()
    const media = await unwrap(mediaGetMedia({ client, path: { id: args.id } }))
    this.log(mediaDetails(media))
    return media
  }
}
