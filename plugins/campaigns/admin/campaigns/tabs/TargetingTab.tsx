import AddIcon from '@mui/icons-material/Add'
import EditIcon from '@mui/icons-material/EditOutlined'
import { Alert, Box, Typography } from '@mui/material'
import { useState } from 'react'
import {
  ArrayInput,
  Button,
  DataTable,
  DeleteButton,
  ReferenceManyField,
  RemoveItemButton,
  SelectField,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  useCanAccess,
  useRecordContext,
  useSimpleFormIterator,
  useTranslate,
  type Identifier,
} from 'react-admin'
import { useWatch } from 'react-hook-form'
import { choices, RULE_BLOCKS_RESOURCE } from '../model'
import {
  NEW_BLOCK,
  ruleBlockErrorInput,
  TARGETING_FIELDS,
  TARGETING_LOGICS,
  TARGETING_OPERATORS,
  toRuleBlockForm,
  toRuleBlockPayload,
  validateRuleBlock,
  type RuleBlock,
} from '../targeting'
import { GroupError, PartDialog } from './PartDialog'

const LOGICS = choices('campaigns.targeting.logics', TARGETING_LOGICS)
const FIELDS = choices('campaigns.targeting.fields', TARGETING_FIELDS)
const OPERATORS = choices('campaigns.targeting.operators', TARGETING_OPERATORS)

const AddConditionButton = () => {
  const { add } = useSimpleFormIterator()
  return <Button label="campaigns.targeting.add_condition" onClick={() => add()} startIcon={<AddIcon />} />
}

/** The conditions of a block: at least one (its remove button is off while it is alone). */
const Conditions = () => {
  const conditions = useWatch({ name: 'conditions' }) as unknown[] | undefined
  return (
    <ArrayInput source="conditions" label="campaigns.targeting.conditions">
      <SimpleFormIterator
        inline
        disableReordering
        disableClear
        disableRemove={(conditions?.length ?? 0) <= 1}
        addButton={<AddConditionButton />}
        removeButton={<RemoveItemButton label="campaigns.targeting.remove_condition" />}
      >
        <SelectInput source="field" label="campaigns.targeting.field" choices={FIELDS} defaultValue="country" />
        <SelectInput source="operator" label="campaigns.targeting.operator" choices={OPERATORS} defaultValue="in" />
        <TextInput source="values" label="campaigns.targeting.values" sx={{ minWidth: 280 }} />
      </SimpleFormIterator>
    </ArrayInput>
  )
}

/** A rule block's form: the client's checks (name, values), then the server's (countries, IP ranges) under the inputs. */
export const RuleBlockDialog = (props: { campaignId: Identifier; id?: Identifier; onClose: () => void }) => (
  <PartDialog
    {...props}
    resource={RULE_BLOCKS_RESOURCE}
    defaults={NEW_BLOCK as unknown as Record<string, unknown>}
    titles={{ add: 'campaigns.targeting.add', edit: 'campaigns.targeting.edit' }}
    notices={{ added: 'campaigns.targeting.added', updated: 'campaigns.targeting.updated' }}
    validate={validateRuleBlock}
    transform={toRuleBlockPayload}
    toForm={(record) => toRuleBlockForm(record as RuleBlock) as unknown as Record<string, unknown>}
    errorInput={ruleBlockErrorInput}
  >
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' }, columnGap: 2 }}>
      <TextInput source="name" label="campaigns.targeting.name" />
      <SelectInput source="logic" label="campaigns.targeting.logic" choices={LOGICS} emptyText="" />
    </Box>
    <Conditions />
    <GroupError name="conditions" />
  </PartDialog>
)

const EditBlockButton = ({ campaignId }: { campaignId: Identifier }) => {
  const block = useRecordContext()
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button label="campaigns.targeting.edit" onClick={() => setOpen(true)}>
        <EditIcon />
      </Button>
      {open && block && <RuleBlockDialog campaignId={campaignId} id={block.id} onClose={() => setOpen(false)} />}
    </>
  )
}

/** Targeting rule blocks of the campaign: list, add, edit, delete (campaign managers; affiliates never see this tab). */
export const TargetingTab = () => {
  const campaign = useRecordContext()
  const translate = useTranslate()
  const { canAccess: manage = false } = useCanAccess({ resource: RULE_BLOCKS_RESOURCE, action: 'edit' })
  const [adding, setAdding] = useState(false)
  if (!campaign) return null
  const describe = (block: RuleBlock) =>
    block.conditions
      .map(
        (condition) =>
          `${translate(`campaigns.targeting.fields.${condition.field}`, { _: condition.field })} ${translate(`campaigns.targeting.operators.${condition.operator}`, { _: condition.operator })} ${condition.values.join(', ')}`
      )
      .join(block.logic === 'or' ? ' | ' : ' & ')
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {translate('campaigns.targeting.help')}
      </Typography>
      {manage && <Button label="campaigns.targeting.add" onClick={() => setAdding(true)} startIcon={<AddIcon />} />}
      <ReferenceManyField
        reference={RULE_BLOCKS_RESOURCE}
        target="campaignId"
        perPage={100}
        error={<Alert severity="warning">{translate('campaigns.targeting.unavailable')}</Alert>}
      >
        <DataTable
          bulkActionButtons={false}
          rowClick={false}
          aria-label={translate('campaigns.tabs.targeting')}
          // Not ReferenceManyField's `empty`: react-admin ignores it when the field has an `error`.
          empty={<Typography variant="body2">{translate('campaigns.targeting.empty')}</Typography>}
        >
          <DataTable.Col source="name" label="campaigns.targeting.name" />
          <DataTable.Col source="logic" label="campaigns.targeting.logic">
            <SelectField source="logic" choices={LOGICS} />
          </DataTable.Col>
          <DataTable.Col label="campaigns.targeting.conditions" render={describe} />
          {manage && (
            <DataTable.Col align="right">
              <EditBlockButton campaignId={campaign.id} />
              <DeleteButton
                label="campaigns.targeting.delete"
                mutationMode="pessimistic"
                mutationOptions={{ meta: { campaignId: campaign.id } }}
                redirect={false}
                successMessage="campaigns.targeting.deleted"
                confirmTitle="campaigns.targeting.delete"
                confirmContent="ra.message.are_you_sure"
              />
            </DataTable.Col>
          )}
        </DataTable>
      </ReferenceManyField>
      {adding && <RuleBlockDialog campaignId={campaign.id} onClose={() => setAdding(false)} />}
    </Box>
  )
}
