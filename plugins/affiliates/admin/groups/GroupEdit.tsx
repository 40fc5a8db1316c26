import { Edit, SaveButton, SimpleForm, Toolbar, DeleteButton, useRecordContext } from 'react-admin'
import { useNotifyServerError } from '@affix/admin-ui/plugin-api'
import { GroupInputs } from './GroupInputs'
import { toGroupPayload } from './payload'

const GroupToolbar = () => {
  const record = useRecordContext()
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton disabled={Boolean(record?.inUse)} />
      <DeleteButton mutationMode="pessimistic" disabled={Boolean(record?.inUse)} />
    </Toolbar>
  )
}

export const GroupEdit = () => {
  const onError = useNotifyServerError()
  return (
    <Edit mutationOptions={{ onError }} mutationMode="pessimistic" redirect="show" transform={toGroupPayload}>
      <SimpleForm toolbar={<GroupToolbar />}>
        <GroupInputs />
      </SimpleForm>
    </Edit>
  )
}
