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
  {
    version: 7,
    description: 'SlideView sums kept by the database: per viewer and slide, per visit (the console reads thousands of rows, not every record)',
    sql: `
      -- The engagement tally (engagementTally.ts): 34,000 SlideView records of 200 viewers are
      -- 3,400 cells and 2,000 visits. Triggers keep them in the transaction of every write to
      -- entities (create, bulk, import, update, delete), so no write path can leave them behind.
      -- The rules are the console's own (src/admin/engagement/viewTally.ts): the viewer is created_by_id (else
      -- the email); a time that is not a positive number counts 0; a visit began at its earliest
      -- visit_started_at, ended at its newest record and is on that record's device (of records made
      -- in the same millisecond, the greatest name, so every way of summing agrees).
      CREATE TABLE view_cells (
        app_id text NOT NULL,
        viewer text NOT NULL,
        path text NOT NULL,
        ms double precision NOT NULL,
        PRIMARY KEY (app_id, viewer, path)
      );
      CREATE TABLE view_visits (
        app_id text NOT NULL,
        viewer text NOT NULL,
        visit text NOT NULL,
        email text NOT NULL,
        started text NOT NULL,
        last text NOT NULL,
        device text NOT NULL,
        ms double precision NOT NULL,
        records integer NOT NULL,
        PRIMARY KEY (app_id, viewer, visit)
      );
      -- One SlideView row's fields as the sums read them.
      CREATE FUNCTION view_fields(entities) RETURNS TABLE (viewer text, email text, path text, visit text, started text, created text, device text, ms double precision)
      LANGUAGE sql IMMUTABLE AS $fn$
        SELECT COALESCE(NULLIF($1.data->>'created_by_id', ''), $1.data->>'created_by', ''),
               COALESCE($1.data->>'created_by', ''),
               COALESCE($1.data->>'path', ''),
               COALESCE($1.data->>'visit_id', ''),
               COALESCE(NULLIF($1.data->>'visit_started_at', ''), $1.data->>'created_date', ''),
               COALESCE($1.data->>'created_date', ''),
               COALESCE($1.data->>'device', 'desktop'),
               CASE WHEN jsonb_typeof($1.data->'ms') = 'number' AND ($1.data->>'ms')::float8 > 0 THEN ($1.data->>'ms')::float8 ELSE 0 END
      $fn$;
      -- Adds the SlideView rows of \`rows\` (entities rows) to the sums, in key order (two writers lock alike).
      CREATE FUNCTION view_tally_add(rows entities[]) RETURNS void LANGUAGE sql AS $fn$
        INSERT INTO view_cells (app_id, viewer, path, ms)
          SELECT r.app_id, f.viewer, f.path, sum(f.ms)
            FROM unnest(rows) AS r, LATERAL view_fields(r) AS f
           WHERE r.entity = 'SlideView'
           GROUP BY r.app_id, f.viewer, f.path
           ORDER BY r.app_id, f.viewer, f.path
        ON CONFLICT (app_id, viewer, path) DO UPDATE SET ms = view_cells.ms + excluded.ms;
        INSERT INTO view_visits (app_id, viewer, visit, email, started, last, device, ms, records)
          SELECT r.app_id, f.viewer, f.visit, min(f.email), min(f.started), max(f.created),
                 (array_agg(f.device ORDER BY f.created DESC, f.device DESC))[1], sum(f.ms), count(*)
            FROM unnest(rows) AS r, LATERAL view_fields(r) AS f
           WHERE r.entity = 'SlideView'
           GROUP BY r.app_id, f.viewer, f.visit
           ORDER BY r.app_id, f.viewer, f.visit
        ON CONFLICT (app_id, viewer, visit) DO UPDATE SET
          email = LEAST(view_visits.email, excluded.email),
          started = LEAST(view_visits.started, excluded.started),
          device = CASE WHEN excluded.last > view_visits.last THEN excluded.device
                        WHEN excluded.last = view_visits.last THEN GREATEST(excluded.device, view_visits.device)
                        ELSE view_visits.device END,
          last = GREATEST(view_visits.last, excluded.last),
          ms = view_visits.ms + excluded.ms,
          records = view_visits.records + excluded.records;
      $fn$;
      -- Sums again, from the records left, every viewer whose SlideView rows are in \`rows\` (a sum cannot be taken apart).
      CREATE FUNCTION view_tally_redo(rows entities[]) RETURNS void LANGUAGE sql AS $fn$
        DELETE FROM view_cells AS c
         USING (SELECT DISTINCT r.app_id, f.viewer FROM unnest(rows) AS r, LATERAL view_fields(r) AS f) AS t
         WHERE c.app_id = t.app_id AND c.viewer = t.viewer;
        DELETE FROM view_visits AS v
         USING (SELECT DISTINCT r.app_id, f.viewer FROM unnest(rows) AS r, LATERAL view_fields(r) AS f) AS t
         WHERE v.app_id = t.app_id AND v.viewer = t.viewer;
        SELECT view_tally_add(ARRAY(
          SELECT e FROM entities AS e, LATERAL view_fields(e) AS f
           WHERE e.entity = 'SlideView'
             AND (e.app_id, f.viewer) IN (SELECT r.app_id, g.viewer FROM unnest(rows) AS r, LATERAL view_fields(r) AS g)));
      $fn$;
      CREATE FUNCTION view_tally_inserted() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        PERFORM view_tally_add(ARRAY(SELECT ROW(n.*)::entities FROM inserted AS n WHERE n.entity = 'SlideView'));
        RETURN NULL;
      END
      $fn$;
      CREATE FUNCTION view_tally_changed() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        PERFORM view_tally_redo(ARRAY(SELECT ROW(o.*)::entities FROM removed AS o WHERE o.entity = 'SlideView'));
        RETURN NULL;
      END
      $fn$;
      CREATE TRIGGER view_tally_insert AFTER INSERT ON entities REFERENCING NEW TABLE AS inserted
        FOR EACH STATEMENT EXECUTE FUNCTION view_tally_inserted();
      CREATE TRIGGER view_tally_update AFTER UPDATE ON entities REFERENCING OLD TABLE AS removed
        FOR EACH STATEMENT EXECUTE FUNCTION view_tally_changed();
      CREATE TRIGGER view_tally_delete AFTER DELETE ON entities REFERENCING OLD TABLE AS removed
        FOR EACH STATEMENT EXECUTE FUNCTION view_tally_changed();
      -- The records stored before this step.
      SELECT view_tally_add(ARRAY(SELECT e FROM entities AS e WHERE e.entity = 'SlideView'));
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
      -- "What changed since my last visit" reads one viewer's own SlideView records, newest first.
      CREATE INDEX entities_viewer_seq ON entities (app_id, entity, (data->>'created_by_id'), seq DESC);
    `,
  },
  {
    version: 11,
    description: 'the version each visit last saw, kept with the SlideView sums (the console shows which version each viewer last saw)',
    sql: `
      -- A visit's version is its newest record's version_id (null: a record without one, from the
      -- standalone build or before versions); a viewer's last version is their newest visit's. Of
      -- records made in the same millisecond the latest version counts (ids are growing integers:
      -- the longer, then the greater digits; no version is the lowest), the console's rule too
      -- (src/admin/engagement/viewTally.ts), so every way of summing agrees.
      ALTER TABLE view_visits ADD COLUMN version text;
      CREATE FUNCTION view_version(entities) RETURNS text LANGUAGE sql IMMUTABLE AS $fn$
        SELECT CASE WHEN jsonb_typeof($1.data->'version_id') = 'string' THEN NULLIF($1.data->>'version_id', '') END
      $fn$;
      -- Whether version a is later than version b.
      CREATE FUNCTION view_version_later(a text, b text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $fn$
        SELECT a IS NOT NULL AND (b IS NULL OR length(a) > length(b) OR (length(a) = length(b) AND a COLLATE "C" > b COLLATE "C"))
      $fn$;
      -- Migration 7's function, now keeping each visit's version too.
      CREATE OR REPLACE FUNCTION view_tally_add(rows entities[]) RETURNS void LANGUAGE sql AS $fn$
        INSERT INTO view_cells (app_id, viewer, path, ms)
          SELECT r.app_id, f.viewer, f.path, sum(f.ms)
            FROM unnest(rows) AS r, LATERAL view_fields(r) AS f
           WHERE r.entity = 'SlideView'
           GROUP BY r.app_id, f.viewer, f.path
           ORDER BY r.app_id, f.viewer, f.path
        ON CONFLICT (app_id, viewer, path) DO UPDATE SET ms = view_cells.ms + excluded.ms;
        INSERT INTO view_visits (app_id, viewer, visit, email, started, last, device, ms, records, version)
          SELECT r.app_id, f.viewer, f.visit, min(f.email), min(f.started), max(f.created),
                 (array_agg(f.device ORDER BY f.created DESC, f.device DESC))[1], sum(f.ms), count(*),
                 (array_agg(view_version(r) ORDER BY f.created DESC, length(view_version(r)) DESC NULLS LAST,
                                                     view_version(r) COLLATE "C" DESC NULLS LAST))[1]
            FROM unnest(rows) AS r, LATERAL view_fields(r) AS f
           WHERE r.entity = 'SlideView'
           GROUP BY r.app_id, f.viewer, f.visit
           ORDER BY r.app_id, f.viewer, f.visit
        ON CONFLICT (app_id, viewer, visit) DO UPDATE SET
          email = LEAST(view_visits.email, excluded.email),
          started = LEAST(view_visits.started, excluded.started),
          device = CASE WHEN excluded.last > view_visits.last THEN excluded.device
                        WHEN excluded.last = view_visits.last THEN GREATEST(excluded.device, view_visits.device)
                        ELSE view_visits.device END,
          version = CASE WHEN excluded.last > view_visits.last THEN excluded.version
                         WHEN excluded.last = view_visits.last AND view_version_later(excluded.version, view_visits.version) THEN excluded.version
                         ELSE view_visits.version END,
          last = GREATEST(view_visits.last, excluded.last),
          ms = view_visits.ms + excluded.ms,
          records = view_visits.records + excluded.records;
      $fn$;
      -- The sums again from the records stored before this step, so their visits have versions too.
      DELETE FROM view_cells;
      DELETE FROM view_visits;
      SELECT view_tally_add(ARRAY(SELECT e FROM entities AS e WHERE e.entity = 'SlideView'));
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
