import { Flags } from '@oclif/core'
import { mediaCreateMedia, unwrap, type MediaCreateMediaData } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { MEDIA_STATUSES, MEDIA_TYPES, mediaDetails, parseMacro } from '../../media_fields.js'
import { readMediaFile } from '../../media_file.js'

type CreateBody = MediaCreateMediaData['body']

export default class MediaCreate extends AffixCommand {
  static summary = 'Create a media: a banner, an HTML ad, an e-mail creative or a link.'
  static description = `What each type needs:
  banner                  --file with a PNG, JPEG, GIF or WebP image (at most 5 MB)
  htmlad, email_creative  --file with an .html or .htm file (at most 1 MB)
  text_link               --link
  drive_link              --link on drive.google.com or docs.google.com
  dropbox_link            --link on dropbox.com
  other                   --file or --link
  hidden                  nothing (kept internal: affiliates never see it)`

  static examples = [
    '<%= config.bin %> <%= command.id %> --title "Spring banner 300x250" --type banner --file ./banners/spring.png',
    '<%= config.bin %> <%= command.id %> --title "Welcome offer" --type text_link --link "https://casino.example/welcome?src={source}" --macro "{source}=newsletter"',
    '<%= config.bin %> <%= command.id %> --title "Brand kit" --type drive_link --link https://drive.google.com/drive/folders/abc --status inactive --json',
  ]

  static flags = {
    title: Flags.string({ summary: 'Title (at most 350 characters).', required: true }),
    type: Flags.string({ summary: 'Media type.', options: [...MEDIA_TYPES], required: true }),
    file: Flags.string({ summary: 'Path of the file to upload (banner, htmlad, email_creative, other).' }),
    link: Flags.string({ summary: 'Link (http or https).' }),
    description: Flags.string({ summary: 'Description.' }),
    status: Flags.string({ summary: 'Status (default active).', options: [...MEDIA_STATUSES] }),
    'campaign-id': Flags.integer({ summary: 'A campaign to link the media to (repeatable).', min: 1, multiple: true }),
    macro: Flags.string({ summary: 'A link replacement macro, as "{name}=value" (repeatable).', multiple: true }),
  }

  async run() {
    const { flags } = await this.parse(MediaCreate)
    const macros = (flags.macro ?? []).map((raw) => {
      const parsed = parseMacro(raw)
      if (!parsed)
        this.error(`"${raw}" is not a macro: use "{name}=value" with a name of lowercase letters, digits or _.`, {
          exit: 2,
        })
      return parsed
    })
    const file = flags.file ? await readMediaFile(flags.file, (message) => this.error(message, { exit: 2 })) : undefined
    const body: CreateBody = {
      title: flags.title,
      type: flags.type as CreateBody['type'],
      ...(file ? { file } : {}),
      ...(flags.link !== undefined ? { link: flags.link } : {}),
      ...(flags.description !== undefined ? { description: flags.description } : {}),
      ...(flags.status ? { status: flags.status as CreateBody['status'] } : {}),
      ...(flags['campaign-id']?.length ? { campaignIds: flags['campaign-id'] } : {}),
      ...(macros.length ? { macros } : {}),
    }
    const { client } = await this.client()
    const media = await unwrap(mediaCreateMedia({ client, body }))
    this.log(`Created media #${media.id} "${media.title}".`)
    this.log(mediaDetails(media))
    return media
  }
}
