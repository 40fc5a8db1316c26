/*
 * OpenAPI schemas of core's own routes, shared by the route files under start/routes/.
 */
import { defineSchema } from '#kernel/openapi'
import * as schemas from '#kernel/schemas'

export const PanelSummary = defineSchema('PanelSummary', {
  type: 'object',
  required: ['id', 'organizationId', 'organizationName', 'role', 'current'],
  properties: {
    id: { ...schemas.id, description: 'The user id of this panel' },
    organizationId: schemas.id,
    organizationName: { type: 'string' },
    role: { type: 'string' },
    current: { type: 'boolean', description: 'The panel of the token used for this call' },
  },
})
export const Message = defineSchema('Message', {
  type: 'object',
  required: ['message'],
  properties: { message: { type: 'string' } },
})

export const Health = defineSchema('Health', {
  type: 'object',
  required: ['status', 'version', 'database', 'redis', 'worker'],
  properties: {
    status: { type: 'string', enum: ['ok', 'degraded'] },
    version: { type: 'string' },
    database: { type: 'string', enum: ['up', 'down'] },
    redis: { type: 'string', enum: ['up', 'down', 'memory'] },
    worker: {
      type: 'string',
      enum: ['in-process', 'process', 'process-down', 'off'],
      description:
        'Where the job worker runs (AFFIX_WORKER): in this process, in its child process (process-down while it starts or restarts), or elsewhere',
    },
  },
})
export const PluginState = defineSchema('PluginState', {
  type: 'object',
  required: [
    'id',
    'name',
    'enabled',
    'platform',
    'dependsOn',
    'hasSettings',
    'requiresFeatures',
    'featureMissing',
    'wiring',
  ],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    description: schemas.nullableString,
    dependsOn: { type: 'array', items: { type: 'string' } },
    enabled: { type: 'boolean' },
    platform: {
      type: 'boolean',
      description: 'A platform feature: on for every organisation, not switched per organisation',
    },
    hasSettings: {
      type: 'boolean',
      description: 'Whether the plugin has a settings form (GET /plugins/{id}/settings)',
    },
    requiresFeatures: {
      type: 'array',
      items: { type: 'string' },
      description: 'Organisation feature flags the plugin needs, any one of them (e.g. edl for deep links)',
    },
    featureMissing: {
      type: 'boolean',
      description: 'The organisation has none of requiresFeatures: the plugin offers nothing here even when on',
    },
    wiring: {
      type: 'object',
      description:
        "The plugin's manifest wiring: lookups it answers, extension points it owns, hooks it contributes to, events it listens to, its import types, background jobs and their schedules",
      required: ['lookups', 'extensionPoints', 'hooks', 'listeners', 'imports', 'jobs', 'cron'],
      properties: {
        lookups: { type: 'array', items: { type: 'string' } },
        extensionPoints: { type: 'array', items: { type: 'string' } },
        hooks: { type: 'array', items: { type: 'string' } },
        listeners: { type: 'array', items: { type: 'string' } },
        imports: { type: 'array', items: { type: 'string' }, description: 'CSV import types (POST /imports)' },
        jobs: { type: 'array', items: { type: 'string' }, description: 'Job names, run as <pluginId>:<name>' },
        cron: {
          type: 'array',
          description: 'Jobs run on a schedule (crontab: minute hour day month weekday)',
          items: {
            type: 'object',
            required: ['job', 'schedule'],
            properties: { job: { type: 'string' }, schedule: { type: 'string' } },
          },
        },
      },
    },
  },
})
/** Branding image URLs (the branding plugin's, null while it is off), verification and report switches of an organisation. */
const BRANDING_AND_SWITCHES = {
  logoUrl: schemas.nullableString,
  loginLogoUrl: schemas.nullableString,
  favIconUrl: schemas.nullableString,
  verifiedAt: schemas.nullableString,
  disabledReports: { type: 'array', items: { type: 'string', enum: ['customer', 'activity', 'conversion'] } },
}
export const Account = defineSchema('Account', {
  type: 'object',
  required: ['user', 'org', 'su', 'billing', 'onboardingPending', 'preference', 'abilities', 'plugins'],
  properties: {
    user: {
      type: 'object',
      required: ['id', 'email', 'role', 'status'],
      properties: {
        id: schemas.id,
        email: { type: 'string' },
        name: schemas.nullableString,
        role: { type: 'string' },
        status: { type: 'string' },
        locale: schemas.nullableString,
      },
    },
    org: {
      type: 'object',
      required: ['id', 'name', 'type'],
      properties: {
        id: schemas.id,
        name: { type: 'string' },
        type: { type: 'string' },
        panelType: { type: 'string' },
        parentId: { type: ['integer', 'null'] },
        network: { type: 'boolean' },
        features: {
          type: 'object',
          additionalProperties: { type: 'boolean' },
          description: 'Feature flags: nd, ehi, an_cr, an_cl, edl, drr_admin, drr_aff, dra_aff, dir',
        },
        reportsInstall: { type: 'boolean' },
        createdAt: schemas.nullableString,
        ...BRANDING_AND_SWITCHES,
      },
    },
    su: { type: 'boolean' },
    idToken: { type: ['string', 'null'], description: 'Set only for OIDC sign-ins (reserved; null today)' },
    childOrgs: {
      type: 'array',
      description: 'Child organisations an admin or parent panel can act on with coid; [] otherwise',
      items: { type: 'object', required: ['id', 'name'], properties: { id: schemas.id, name: { type: 'string' } } },
    },
    impersonatedBy: {
      type: ['object', 'null'],
      description: 'Set in a login-as session: who is acting',
      properties: { id: schemas.id, email: { type: 'string' } },
    },
    billing: {
      type: 'object',
      required: ['state', 'panelLocked'],
      properties: {
        state: { type: 'string', enum: ['active', 'invoice_due', 'trial_end'] },
        panelLocked: { type: 'boolean' },
      },
    },
    onboardingPending: { type: 'boolean' },
    preference: { type: 'object', additionalProperties: true },
    abilities: {
      type: 'array',
      items: {
        type: 'object',
        required: ['subject', 'action'],
        properties: { subject: { type: 'string' }, action: { type: 'string' } },
      },
    },
    plugins: { type: 'array', items: PluginState },
  },
})
export const Organization = defineSchema('Organization', {
  type: 'object',
  required: ['id', 'name', 'type', 'preferences'],
  properties: {
    id: schemas.id,
    name: { type: 'string' },
    type: { type: 'string', enum: ['parent', 'child', 'brand-type'] },
    panelType: { type: 'string', enum: ['igaming', 'igaming_brand', 'network', 'parent'] },
    parentId: { type: ['integer', 'null'] },
    network: { type: 'boolean' },
    features: { type: 'object', additionalProperties: { type: 'boolean' } },
    reportsInstall: { type: 'boolean' },
    createdAt: schemas.nullableString,
    ...BRANDING_AND_SWITCHES,
    restrictions: {
      type: 'object',
      properties: {
        disableProductChanges: { type: 'boolean' },
        maxProductsPerBrand: { type: ['integer', 'null'] },
        disabledIntegrations: {
          type: 'array',
          items: { type: 'string', enum: ['icegaming', 'betconstruct', 'progressplay', 'apptrove'] },
        },
        disableAffiliateInvoices: { type: 'boolean' },
      },
    },
    preferences: {
      type: 'object',
      required: [
        'currency',
        'language',
        'timezone',
        'themeColor',
        'weekStartDay',
        'defaultReportDays',
        'maskCustomerId',
      ],
      properties: {
        currency: { type: 'string' },
        language: { type: 'string', enum: ['en', 'pt', 'tr'] },
        timezone: { type: 'string' },
        themeColor: { type: 'string' },
        weekStartDay: { type: 'string' },
        defaultReportDays: { type: 'integer' },
        maskCustomerId: { type: 'boolean' },
      },
    },
  },
})
export const TimelineEntry = defineSchema('TimelineEntry', {
  type: 'object',
  required: ['id', 'action', 'changes', 'createdAt'],
  properties: {
    id: schemas.id,
    organizationId: schemas.id,
    userId: { type: ['integer', 'null'] },
    action: { type: 'string' },
    changes: { type: 'object', additionalProperties: true },
    createdAt: schemas.timestamp,
  },
})
export const ApiKeySchema = defineSchema('ApiKey', {
  type: 'object',
  required: ['id', 'name', 'preview', 'scopes', 'allowedIps'],
  properties: {
    id: schemas.id,
    name: { type: 'string' },
    userId: schemas.id,
    preview: {
      type: 'string',
      description: 'afk_<id>.…<last 4 characters>; the secret is never returned after creation',
    },
    scopes: {
      type: 'array',
      items: {
        type: 'object',
        required: ['resource', 'operations'],
        properties: {
          resource: { type: 'string' },
          operations: { type: 'array', items: { type: 'string', enum: ['read', 'write'] } },
        },
      },
    },
    allowedIps: { type: 'array', items: { type: 'string' } },
    expiresAt: schemas.nullableString,
    lastUsedAt: schemas.nullableString,
    revokedAt: schemas.nullableString,
    createdAt: schemas.nullableString,
  },
})
export const CreatedApiKey = defineSchema('CreatedApiKey', {
  allOf: [
    ApiKeySchema,
    {
      type: 'object',
      required: ['key'],
      properties: { key: { type: 'string', description: 'The full key, shown once' } },
    },
  ],
})
export const ApiLogSchema = defineSchema('ApiLog', {
  type: 'object',
  required: ['id', 'apiKeyId', 'method', 'path', 'status', 'latencyMs', 'ip', 'createdAt'],
  properties: {
    id: schemas.id,
    organizationId: schemas.id,
    apiKeyId: schemas.id,
    method: { type: 'string' },
    path: { type: 'string' },
    status: { type: 'integer' },
    latencyMs: { type: 'integer' },
    ip: { type: 'string' },
    createdAt: schemas.timestamp,
  },
})
export const LoginAsEntry = defineSchema('LoginAsEntry', {
  type: 'object',
  required: ['id', 'actorId', 'targetId', 'createdAt'],
  properties: {
    id: schemas.id,
    organizationId: schemas.id,
    actorId: schemas.id,
    targetId: schemas.id,
    ip: { type: 'string' },
    createdAt: schemas.timestamp,
    endedAt: schemas.nullableString,
  },
})
export const Session = defineSchema('Session', {
  allOf: [
    Account,
    {
      type: 'object',
      required: ['token', 'type'],
      properties: {
        token: { type: 'string' },
        type: { type: 'string', const: 'bearer' },
        expiresAt: schemas.nullableString,
        panels: {
          type: 'array',
          items: PanelSummary,
          description:
            "The person's panels in every organisation that share this panel's credential (same e-mail address and password)",
        },
      },
    },
  ],
})
// Plugins answer it too (POST /<plugin>/…/import): it lives in the kernel.
export { ImportRecordSchema as ImportRecord } from '#kernel/background_imports'

export const PluginSettings = defineSchema('PluginSettings', {
  type: 'object',
  required: ['schema', 'values'],
  properties: {
    schema: {
      type: 'object',
      additionalProperties: true,
      description: 'JSON Schema of the settings object (drives the generated form)',
    },
    values: { type: 'object', additionalProperties: true },
  },
})

export const ExportRecord = defineSchema('ExportRecord', {
  type: 'object',
  required: ['id', 'pluginId', 'resource', 'status', 'fileName', 'rowCount', 'createdAt'],
  properties: {
    id: schemas.id,
    organizationId: schemas.id,
    userId: { type: ['integer', 'null'] },
    pluginId: { type: 'string' },
    resource: { type: 'string' },
    status: { type: 'string', enum: ['exporting', 'exported', 'failed'] },
    query: {
      type: 'object',
      additionalProperties: true,
      description: 'The filters, search and sort the export was made with',
    },
    fileName: { type: 'string' },
    rowCount: { type: 'integer' },
    sizeBytes: { type: 'integer' },
    createdAt: schemas.timestamp,
    finishedAt: schemas.nullableString,
    fileUrl: schemas.nullableString,
  },
})
