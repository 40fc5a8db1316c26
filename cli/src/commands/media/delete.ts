import { Args } from '@oclif/core'
import { mediaDeleteMedia, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'

export default class MediaDelete extends AffixCommand {
  static summary = 'Delete a media.'
  static description =
    'A soft delete: the media disappears from lists and from the affiliates, and can no longer be changed.'

  static examples = ['<%= config.bin %> <%= command.id %> 12', '<%= config.bin %> <%= command.id %> 12 --json']

  static args = {
    id: Args.integer({ description: 'Media ID', required: true, min: 1 }),
  }

  async run() {
    const { args } = await this.parse(MediaDelete)
    const { client } = await this.client()
    const deleted = await unwrap(mediaDeleteMedia({ client, path: { id: args.id } }))
    this.log(`Deleted media #${deleted.id}.`)
    return deleted
  }
}
