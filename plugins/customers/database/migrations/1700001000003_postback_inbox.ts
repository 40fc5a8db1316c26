import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The inbound postback inbox: an accepted postback is stored here (one multi-row INSERT per
 * group of requests, committed before the operator gets its 2xx), then taken out by the
 * processor in batches, in id order, through the ingest service; the same transaction writes
 * its log line and deletes it. A row here is an event acknowledged but not yet ingested. No
 * foreign keys and one index: it is written at the postback rate and stays small.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.raw(`
      CREATE TABLE customer_postback_inbox (
        id bigserial PRIMARY KEY,
        organization_id integer NOT NULL,
        received_at timestamptz NOT NULL,
        source_ip varchar(64) NOT NULL,
        method varchar(4) NOT NULL,
        event varchar(16),
        kind varchar(12) NOT NULL CHECK (kind IN ('registration', 'activity', 'refused')),
        row jsonb,
        refused jsonb,
        params jsonb NOT NULL,
        cuid varchar(100),
        txn_id varchar(100),
        attempts smallint NOT NULL DEFAULT 0
      )
    `)
  }

  async down() {
    this.schema.raw('DROP TABLE IF EXISTS customer_postback_inbox')
  }
}
