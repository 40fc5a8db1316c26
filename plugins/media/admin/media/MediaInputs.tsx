import { Box, Typography } from '@mui/material'
import { useWatch } from 'react-hook-form'
import { ArrayInput, SelectInput, SimpleFormIterator, TextInput, required, useTranslate } from 'react-admin'
import { CampaignIdsInput } from '@affix/admin-ui/plugin-api'
import { MediaFileInput } from './MediaFileInput'
import { statusChoices, takesFile, takesLink, typeChoices, validateMedia } from './model'

/** The media form body of create and edit: the type decides between a file and a link. */
export const MediaInputs = () => {
  const translate = useTranslate()
  const type = useWatch({ name: 'type' }) as string | undefined
  return (
    <Box sx={{ width: '100%', maxWidth: 760 }}>
      <TextInput source="title" validate={[required(), ...validateMedia.title]} fullWidth />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
        <SelectInput source="type" choices={typeChoices} validate={required()} fullWidth />
        <SelectInput source="status" choices={statusChoices} defaultValue="active" fullWidth />
      </Box>
      {takesFile(type) && <MediaFileInput type={type} />}
      {takesLink(type) && (
        <TextInput
          source="link"
          type="url"
          validate={validateMedia.link}
          helperText={`media.help.link_${type === 'drive_link' || type === 'dropbox_link' ? type : 'generic'}`}
          fullWidth
        />
      )}
      <TextInput source="description" validate={validateMedia.description} multiline minRows={2} fullWidth />
      <CampaignIdsInput />
      <Typography variant="subtitle2" sx={{ mt: 2 }}>
        {translate('resources.manage/media.fields.macros')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('media.help.macros')}
      </Typography>
      <ArrayInput source="macros" label={false}>
        <SimpleFormIterator inline disableReordering>
          <TextInput
            source="macro"
            label="resources.manage/media.fields.macro"
            validate={[required(), ...validateMedia.macro]}
            helperText={false}
          />
          <TextInput
            source="value"
            label="resources.manage/media.fields.value"
            validate={validateMedia.macroValue}
            helperText={false}
          />
        </SimpleFormIterator>
      </ArrayInput>
    </Box>
  )
}
