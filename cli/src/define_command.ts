/*
 * Factories for the commands that only read or delete: a list (flags → one page → table and
 * "Showing 1-25 of 120 …"), a get (an id → details) and a delete (an id → "Deleted … #id.").
 * Each returns an oclif command class; a command file default-exports it, and oclif reads
 * its id from the file's path (package.json `oclif.commands`) and its help from the static
 * summary, description, examples, flags and args set here. Every command so made extends
 * AffixCommand: --json (the returned rows or record), the saved session, the API's messages.
 */
import { Args, type Interfaces } from '@oclif/core'
import type { Client, Page } from '@affix/sdk'
import { AffixCommand } from './affix_command.js'
import { pageSummary } from './list_flags.js'
import { renderTable, type Column } from './output.js'

interface Help {
  /** One line, shown in `affix <topic> --help` and above the usage. */
  summary: string
  description?: string
  /** Each with `<%= config.bin %> <%= command.id %>` in place of `affix <topic> <command>`. */
  examples: string[]
}

type Flags<F extends Interfaces.FlagInput> = Interfaces.InferredFlags<F>
type CommandArgs<A extends Interfaces.ArgInput> = Interfaces.InferredArgs<A>

/** The positional `id` of most get and delete commands: a record ID, a positive integer. */
export const idArg = (description: string) => Args.integer({ description, required: true, min: 1 })

/** The two examples of a command taking a record id: plain and --json. */
export const idExamples = (sampleId: number | string) => [
  `<%= config.bin %> <%= command.id %> ${sampleId}`,
  `<%= config.bin %> <%= command.id %> ${sampleId} --json`,
]

export interface ListSpec<F extends Interfaces.FlagInput, Item> extends Help {
  flags: F
  /** One page of rows (`paged(…)`), or every row (`unwrap(…)`) for a list the API does not page. */
  fetch: (client: Client, flags: Flags<F>) => Promise<Page<Item> | Item[]>
  columns: Column<Item>[]
  /**
   * What the rows are called in "Showing 1-25 of 120 brands." (also printed with no rows);
   * without it, `empty` is printed when there is no row and nothing after the table.
   */
  resource?: string
  empty?: string
}

/** `affix <topic> list`: prints a table of the rows; --json prints the rows. */
export function defineListCommand<F extends Interfaces.FlagInput, Item>(spec: ListSpec<F, Item>) {
  return class ListCommand extends AffixCommand {
    static summary = spec.summary
    static description = spec.description
    static examples = spec.examples
    static flags = spec.flags

    async run(): Promise<Item[]> {
      const { flags } = await this.parse(ListCommand)
      const { client } = await this.client()
      const result = await spec.fetch(client, flags as Flags<F>)
      const page = Array.isArray(result) ? { items: result, start: 0, total: result.length } : result
      if (spec.resource) {
        if (page.items.length) this.log(renderTable(page.items, spec.columns))
        this.log(pageSummary(spec.resource, page.start, page.items.length, page.total))
      } else {
        this.log(page.items.length ? renderTable(page.items, spec.columns) : (spec.empty ?? ''))
      }
      return page.items
    }
  }
}

export interface RecordSpec<A extends Interfaces.ArgInput, Item> extends Help {
  args: A
  fetch: (client: Client, args: CommandArgs<A>) => Promise<Item>
  /** What to print; each string is one `log` (several lines when it holds line breaks). */
  show: (item: Item, context: { bin: string }) => string | string[]
}

/** A command about one record: calls the API with the positional args, prints `show`, returns the record for --json. */
function defineRecordCommand<A extends Interfaces.ArgInput, Item>(spec: RecordSpec<A, Item>) {
  return class RecordCommand extends AffixCommand {
    static summary = spec.summary
    static description = spec.description
    static examples = spec.examples
    static args = spec.args

    async run(): Promise<Item> {
      const { args } = await this.parse(RecordCommand)
      const { client } = await this.client()
      const item = await spec.fetch(client, args as CommandArgs<A>)
      const shown = spec.show(item, { bin: this.config.bin })
      for (const text of Array.isArray(shown) ? shown : [shown]) this.log(text)
      return item
    }
  }
}

/** `affix <topic> get ID`: the record's details; --json prints the record. */
export const defineGetCommand = <A extends Interfaces.ArgInput, Item>(spec: RecordSpec<A, Item>) =>
  defineRecordCommand(spec)

/** `affix <topic> delete ID`: deletes, then says what was deleted ("Deleted brand #12."); --json prints it. */
export const defineDeleteCommand = <A extends Interfaces.ArgInput, Item>(
  spec: Help & {
    args: A
    remove: (client: Client, args: CommandArgs<A>) => Promise<Item>
    deleted: (item: Item) => string
  }
) =>
  defineRecordCommand({
    summary: spec.summary,
    description: spec.description,
    examples: spec.examples,
    args: spec.args,
    fetch: spec.remove,
    show: spec.deleted,
  })
