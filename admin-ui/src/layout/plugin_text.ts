/*
 * A plugin's name and description in the reader's language: each plugin's admin module
 * gives them (`plugins.<id>.name`, `plugins.<id>.description`, in en, pt and tr); the
 * server's English text stands in for a plugin that has no admin module yet.
 */
export interface PluginText {
  id: string
  name: string
  description?: string | null
}

type Translate = (key: string, options?: Record<string, unknown>) => string

export const pluginName = (translate: Translate, plugin: PluginText) =>
  translate(`plugins.${plugin.id}.name`, { _: plugin.name })

export const pluginDescription = (translate: Translate, plugin: PluginText) =>
  translate(`plugins.${plugin.id}.description`, { _: plugin.description ?? '' })
