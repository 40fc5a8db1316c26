import englishMessages from 'ra-language-english'
import type { TranslationMessages } from 'react-admin'
import { mergeMessages } from './merge_messages'

/** The shell's own messages; react-admin's are ra-language-english. */
export const appMessagesEn = {
  affix: {
    export: { done: 'Exported. The file is also in Downloads.' },
    title: 'Affix',
    language: 'Language',
    menu: { Manage: 'Manage' },
    dashboard: {
      welcome: 'Welcome to %{organization}',
      signed_in_as: 'Signed in as %{name} (%{role})',
      intro: 'Use the menu to manage your catalogue.',
      plugins: 'Enabled modules',
      no_plugins: 'No module is enabled for this organisation.',
    },
  },
}

export const en: TranslationMessages = mergeMessages(englishMessages, appMessagesEn)
