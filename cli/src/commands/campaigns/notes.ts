import { Args, Flags } from '@oclif/core'
import { campaignsAddCampaignNote, campaignsDeleteCampaignNote, campaignsListCampaignNotes, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { renderTable } from '../../output.js'

type Note = NonNullable<Awaited<ReturnType<typeof campaignsListCampaignNotes>>['data']>['data'][number]

function noteTable(notes: Note[]): string {
  if (!notes.length) return 'No notes.'
  return renderTable(notes, [
    { header: 'ID', value: (note) => note.id },
    { header: 'AUTHOR', value: (note) => note.authorName ?? '' },
    { header: 'WHEN', value: (note) => note.createdAt },
    { header: 'NOTE', value: (note) => note.body },
  ])
}

export default class CampaignsNotes extends AffixCommand {
  static summary = 'List, add or delete the internal notes of a campaign (newest first).'

  static examples = [
    '<%= config.bin %> <%= command.id %> 12',
    "<%= config.bin %> <%= command.id %> 12 --add 'Brand asked to pause on Sundays'",
    '<%= config.bin %> <%= command.id %> 12 --delete 7 --json',
  ]

  static args = {
    id: Args.integer({ description: 'Campaign ID', required: true, min: 1 }),
  }

  static flags = {
    add: Flags.string({ summary: 'Text of a note to add.', exclusive: ['delete'] }),
    delete: Flags.integer({ summary: 'ID of the note to delete.', min: 1, exclusive: ['add'] }),
  }

  async run() {
    const { args, flags } = await this.parse(CampaignsNotes)
    const { client } = await this.client()
    const path = { id: args.id }
    if (flags.add !== undefined) {
      const note = await unwrap(campaignsAddCampaignNote({ client, path, body: { body: flags.add } }))
      this.log(`Added note #${note.id}.`)
      return note
    }
    if (flags.delete !== undefined) {
      const deleted = await unwrap(campaignsDeleteCampaignNote({ client, path: { ...path, noteId: flags.delete } }))
      this.log(`Deleted note #${flags.delete}.`)
      return deleted
    }
    const notes = await unwrap(campaignsListCampaignNotes({ client, path }))
    this.log(noteTable(notes))
    return notes
  }
}
