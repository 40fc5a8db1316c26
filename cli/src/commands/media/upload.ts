import { Args } from '@oclif/core'
import { mediaUploadMediaFile, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { mediaDetails } from '../../media_fields.js'
import { readMediaFile } from '../../media_file.js'

export default class MediaUpload extends AffixCommand {
  static summary = "Replace a media's file."
  static description =
    'The file is checked as on creation (a banner takes an image, an HTML ad an .html file); the previous file is removed.'

  static examples = [
    '<%= config.bin %> <%= command.id %> 12 ./banners/spring-v2.png',
    '<%= config.bin %> <%= command.id %> 14 ./ads/welcome.html --json',
  ]

  static args = {
    id: Args.integer({ description: 'Media ID', required: true, min: 1 }),
    file: Args.string({ description: 'Path of the new file', required: true }),
  }

  async run() {
    const { args } = await this.parse(MediaUpload)
    const file = await readMediaFile(args.file, (message) => this.error(message, { exit: 2 }))
    const { client } = await this.client()
    const media = await unwrap(mediaUploadMediaFile({ client, path: { id: args.id }, body: { file } }))
    this.log(`Replaced the file of media #${media.id}.`)
    this.log(mediaDetails(media))
    return media
  }
}
