import englishMessages from 'ra-language-english'
import type { TranslationMessages } from 'react-admin'
import { mergeMessages } from './merge_messages'

/** The shell's own messages; react-admin's are ra-language-english, with our wording where theirs is a placeholder. */
export const appMessagesEn = {
  ra: {
    page: { empty: 'No %{name} yet.', invite: 'Use the button below to add the first one.' },
    notification: {
      created: 'Record created',
      updated: 'Changes saved |||| %{smart_count} records updated',
      deleted: 'Record deleted |||| %{smart_count} records deleted',
    },
  },
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
      plugin_feature_missing: '%{name} (not enabled: needs a feature)',
      at_a_glance: 'At a glance',
    },
  },
}

export const en: TranslationMessages = mergeMessages(englishMessages, appMessagesEn)
