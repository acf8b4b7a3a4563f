import type { Migration } from '../db/migrations.ts';

// What the owners' news keeps in the database, so a restart (or another process) carries on where
// the last sweep stopped: each admin's mail choice, what each partner's reading has told so far, the
// news waiting for an owner's next mail, and when each owner was last mailed about each partner.

/** The owners' news steps of the platform's schema. */
export const NEWS_MIGRATIONS: readonly Migration[] = [
  {
    version: 13,
    description: "owners' news of their partners: mail choices, first opens and visits told, news waiting, mail sent",
    sql: `
      -- Each admin's own choice; no row: mailed.
      CREATE TABLE news_prefs (
        app_id text NOT NULL,
        user_id text NOT NULL,
        mail boolean NOT NULL,
        PRIMARY KEY (app_id, user_id)
      );
      -- One row per partner once their first open was told; told_opened_at: the visit (by its
      -- presence_visits.opened_at) whose end was last told.
      CREATE TABLE news_partners (
        app_id text NOT NULL,
        user_id text NOT NULL,
        first_opened_at bigint NOT NULL,
        told_opened_at bigint,
        PRIMARY KEY (app_id, user_id)
      );
      -- News for one owner about one partner, until their next mail takes it.
      CREATE TABLE news_waiting (
        id bigserial PRIMARY KEY,
        app_id text NOT NULL,
        owner_id text NOT NULL,
        partner_id text NOT NULL,
        kind text NOT NULL,
        detail jsonb NOT NULL,
        at bigint NOT NULL
      );
      CREATE INDEX news_waiting_pair ON news_waiting (app_id, owner_id, partner_id, id);
      -- When an owner was last mailed about a partner: the next mail waits an hour from then.
      CREATE TABLE news_mailed (
        app_id text NOT NULL,
        owner_id text NOT NULL,
        partner_id text NOT NULL,
        at bigint NOT NULL,
        PRIMARY KEY (app_id, owner_id, partner_id)
      );
      -- Whoever opened the deck before this step is no news, nor is the visit they were last in.
      INSERT INTO news_partners (app_id, user_id, first_opened_at, told_opened_at)
        SELECT app_id, user_id, opened_at, opened_at FROM presence_visits;
    `,
  },
  {
    version: 14,
    description: "owners' news as webhooks: each deck's address and signing secret, and every delivery with its attempts",
    sql: `
      -- One webhook per deck; the secret signs each delivery and never leaves the server but once, when made.
      CREATE TABLE news_webhooks (
        app_id text PRIMARY KEY,
        url text NOT NULL,
        secret text NOT NULL,
        set_at timestamptz NOT NULL DEFAULT now(),
        set_by text
      );
      -- Each piece of news for the deck's webhook; next_at: when the next attempt is due (a sweep
      -- taking one moves it on first, so of several processes one sends it).
      CREATE TABLE news_deliveries (
        id text PRIMARY KEY,
        seq bigserial,
        app_id text NOT NULL,
        event text NOT NULL,
        body text NOT NULL,
        at bigint NOT NULL,
        status text NOT NULL DEFAULT 'pending',
        next_at bigint,
        attempts integer NOT NULL DEFAULT 0,
        last_status integer,
        last_error text
      );
      CREATE INDEX news_deliveries_due ON news_deliveries (next_at) WHERE status = 'pending';
      CREATE INDEX news_deliveries_app ON news_deliveries (app_id, seq DESC);
    `,
  },
];
