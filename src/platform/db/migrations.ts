/** One schema step; `version` only grows, and an applied step is never edited (add a new one). */
export interface Migration {
  version: number;
  description: string;
  sql: string;
}

/**
 * The versioned schema of the platform's own tables (apps, people, sessions, mail, the entity store,
 * limits, the audit log). Features add steps of their own (engagement/engagementSchema.ts); the
 * platform applies them all in version order (platformSchema.ts), so a version is used once.
 */
export const STORE_MIGRATIONS: readonly Migration[] = [
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
      -- stranger's: none is trusted; the mailbox owner chooses one on verifying.
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
      -- ties by insertion order), so a console paging 34,000 records of one entity with skip reads
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
  {
    version: 8,
    description: 'admin notice digests, registrations without a user row, and the append-only audit log',
    sql: `
      -- Notices an admin gets beyond NOTICES_PER_ADMIN_PER_HOUR wait here for one digest mail (adminNotices.ts).
      CREATE TABLE notice_digest (
        id bigserial PRIMARY KEY,
        app_id text NOT NULL,
        admin_email text NOT NULL,
        subject text NOT NULL,
        lines jsonb NOT NULL,
        at bigint NOT NULL
      );
      CREATE INDEX notice_digest_admin ON notice_digest (app_id, admin_email, id);
      -- A registration of an address with no account keeps no user row until the code proves the
      -- mailbox: its codes name the app and the address instead.
      ALTER TABLE one_time_codes ALTER COLUMN user_id DROP NOT NULL;
      ALTER TABLE one_time_codes ADD COLUMN app_id text;
      ALTER TABLE one_time_codes ADD COLUMN email text;
      CREATE INDEX one_time_codes_pending ON one_time_codes (app_id, email, kind) WHERE user_id IS NULL;
      CREATE TABLE pending_signups (
        app_id text NOT NULL,
        email text NOT NULL,
        full_name text,
        registrations integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (app_id, email)
      );
      -- Who did what, when: rows are only ever added. Changing one is
      -- refused by the database itself; removing one only by the start-up pruning of entries older
      -- than the retention, which sets deck.audit_prune for its own transaction.
      CREATE TABLE audit_log (
        id bigserial PRIMARY KEY,
        app_id text NOT NULL,
        at timestamptz NOT NULL DEFAULT now(),
        actor text,
        action text NOT NULL,
        target text,
        address text,
        user_agent text,
        detail jsonb NOT NULL DEFAULT '{}'::jsonb
      );
      CREATE INDEX audit_log_app_at ON audit_log (app_id, at DESC, id DESC);
      CREATE INDEX audit_log_app_actor ON audit_log (app_id, lower(actor));
      CREATE INDEX audit_log_app_target ON audit_log (app_id, lower(target));
      CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        IF TG_OP = 'DELETE' AND current_setting('deck.audit_prune', true) = 'on' THEN
          RETURN OLD;
        END IF;
        RAISE EXCEPTION 'audit_log is append-only';
      END
      $fn$;
      CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
        FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
    `,
  },
  {
    version: 9,
    description: 'why a session, a reset link or an invitation link ended before its time',
    sql: `
      -- EndedBy in schemas/accessPaths.ts; null: ended by its own use or its time.
      ALTER TABLE access_tokens ADD COLUMN ended_by text;
      ALTER TABLE one_time_codes ADD COLUMN ended_by text;
    `,
  },
  {
    version: 10,
    description: 'deck versions: the content each build served, and view records by viewer',
    sql: `
      -- One row each time the platform starts serving content that differs from the row before
      -- (deckVersions.ts): the build's whole ledger (figures and page fingerprints) and its hash.
      CREATE TABLE deck_versions (
        id bigserial PRIMARY KEY,
        app_id text NOT NULL,
        at timestamptz NOT NULL DEFAULT now(),
        content_hash text NOT NULL,
        ledger jsonb NOT NULL,
        note text
      );
      CREATE INDEX deck_versions_app ON deck_versions (app_id, id DESC);
      -- "What changed since my last visit" reads one viewer's own records of an entity, newest first.
      CREATE INDEX entities_viewer_seq ON entities (app_id, entity, (data->>'created_by_id'), seq DESC);
    `,
  },
  {
    version: 12,
    description: "partners' acceptances of the confidentiality agreement",
    sql: `
      -- One row per person and version of the agreement they accepted (src/platform/agreement): the
      -- admission lets a partner see the deck only once they accepted the version it serves.
      CREATE TABLE agreement_acceptances (
        app_id text NOT NULL,
        user_id text NOT NULL,
        version text NOT NULL,
        title text NOT NULL,
        email text NOT NULL,
        accepted_at timestamptz NOT NULL DEFAULT now(),
        address text,
        user_agent text,
        PRIMARY KEY (app_id, user_id, version)
      );
    `,
  },
];
