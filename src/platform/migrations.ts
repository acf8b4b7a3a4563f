/** One schema step; `version` only grows, and an applied step is never edited (add a new one). */
export interface Migration {
  version: number;
  description: string;
  sql: string;
}

/** The versioned schema of the local platform, applied in order at start (see db.ts). */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description: 'apps, users, tokens, one-time codes, outbox, entities, conversations',
    sql: `
      CREATE TABLE apps (
        id text PRIMARY KEY,
        visibility text NOT NULL,
        created_date text NOT NULL
      );
      CREATE TABLE users (
        id text PRIMARY KEY,
        app_id text NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
        email text NOT NULL,
        full_name text,
        role text NOT NULL DEFAULT 'user',
        password_hash text,
        email_verified boolean NOT NULL DEFAULT false,
        invited boolean NOT NULL DEFAULT false,
        data jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_date text NOT NULL,
        updated_date text NOT NULL,
        UNIQUE (app_id, email)
      );
      CREATE TABLE access_tokens (
        token_hash text PRIMARY KEY,
        user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        app_id text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz
      );
      CREATE INDEX access_tokens_user ON access_tokens (user_id);
      CREATE TABLE one_time_codes (
        id bigserial PRIMARY KEY,
        user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        kind text NOT NULL,
        code_hash text NOT NULL,
        expires_at timestamptz NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        used_at timestamptz
      );
      CREATE INDEX one_time_codes_user ON one_time_codes (user_id, kind);
      CREATE TABLE outbox (
        id text PRIMARY KEY,
        app_id text NOT NULL,
        data jsonb NOT NULL
      );
      CREATE TABLE entities (
        app_id text NOT NULL,
        entity text NOT NULL,
        id text NOT NULL,
        data jsonb NOT NULL,
        PRIMARY KEY (app_id, entity, id)
      );
      CREATE TABLE conversations (
        id text PRIMARY KEY,
        app_id text NOT NULL,
        created_by_id text,
        data jsonb NOT NULL
      );
      CREATE INDEX conversations_app ON conversations (app_id);
    `,
  },
  {
    version: 2,
    description: 'insertion order: records created in the same millisecond list in a stable order',
    sql: `
      ALTER TABLE entities ADD COLUMN seq bigserial;
      ALTER TABLE outbox ADD COLUMN seq bigserial;
      ALTER TABLE conversations ADD COLUMN seq bigserial;
      CREATE INDEX entities_app_entity_seq ON entities (app_id, entity, seq);
    `,
  },
  {
    version: 3,
    description: 'registration codes carry their candidate password; pending accounts count registrations',
    sql: `
      ALTER TABLE one_time_codes ADD COLUMN password_hash text;
      ALTER TABLE users ADD COLUMN registrations integer NOT NULL DEFAULT 0;
      -- A pending account's password was whatever the latest registration chose, possibly a
      -- stranger's (issue 9, finding 3): none is trusted; the mailbox owner chooses one on verifying.
      UPDATE users SET password_hash = NULL WHERE NOT email_verified;
    `,
  },
  {
    version: 4,
    description: 'access of each person: invited, joined, last seen, expiry, revocation, prepared for',
    sql: `
      ALTER TABLE users ADD COLUMN invited_at timestamptz;
      ALTER TABLE users ADD COLUMN joined_at timestamptz;
      ALTER TABLE users ADD COLUMN last_seen_at timestamptz;
      ALTER TABLE users ADD COLUMN expires_at timestamptz;
      ALTER TABLE users ADD COLUMN revoked_at timestamptz;
      ALTER TABLE users ADD COLUMN prepared_for jsonb;
      -- The best record of the past there is: an invited row was invited when it was made, and a
      -- verified row with a password last changed (so at the latest joined) when it was updated.
      UPDATE users SET invited_at = created_date::timestamptz WHERE invited;
      UPDATE users SET joined_at = updated_date::timestamptz WHERE email_verified AND password_hash IS NOT NULL;
      CREATE INDEX one_time_codes_hash ON one_time_codes (code_hash);
    `,
  },
  {
    version: 5,
    description: 'lists sorted by created_date (newest or oldest first) page through an index, not a sort of every record',
    sql: `
      -- The exact expressions and orders listQuery.ts sorts by (the default sort is -created_date,
      -- ties by insertion order), so a console paging 34,000 SlideView records with skip reads
      -- each page from the index instead of sorting the whole entity for every page.
      CREATE INDEX entities_created_date_desc ON entities (app_id, entity, (data #> '{created_date}'::text[]) DESC NULLS LAST, seq DESC);
      CREATE INDEX entities_created_date_asc ON entities (app_id, entity, (data #> '{created_date}'::text[]) ASC NULLS LAST, seq ASC);
    `,
  },
  {
    version: 6,
    description: 'state several processes share: sign-in and mail limits, visits, follow-me, socket.io attachments',
    sql: `
      -- Attempts a limit counts (attemptLimiter.ts, clientThrottle.ts): one row per attempt, by key
      -- (account, account + address, address, mail recipient); old rows are pruned as keys are read.
      CREATE TABLE limit_events (
        id bigserial PRIMARY KEY,
        key text NOT NULL,
        at bigint NOT NULL
      );
      CREATE INDEX limit_events_key_at ON limit_events (key, at);
      -- Addresses an account signed in from (signInLimits.ts): they keep getting in during a spread guess.
      CREATE TABLE known_addresses (
        account text NOT NULL,
        address text NOT NULL,
        at bigint NOT NULL,
        PRIMARY KEY (account, address)
      );
      -- Each person's current visit (presence.ts): a reload or a second tab continues it.
      CREATE TABLE presence_visits (
        app_id text NOT NULL,
        user_id text NOT NULL,
        opened_at bigint NOT NULL,
        seen_at bigint NOT NULL,
        PRIMARY KEY (app_id, user_id)
      );
      -- Where each app's presenter is (follow.ts), and which socket drove last.
      CREATE TABLE follow_state (
        app_id text PRIMARY KEY,
        path text NOT NULL,
        presenter text NOT NULL,
        at text NOT NULL,
        driver_socket text
      );
      -- socket.io's Postgres adapter stores large broadcasts here (its documented table).
      CREATE TABLE socket_io_attachments (
        id bigserial UNIQUE,
        created_at timestamptz DEFAULT now(),
        payload bytea
      );
    `,
  },
];
