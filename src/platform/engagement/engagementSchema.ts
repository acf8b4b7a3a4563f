import type { Migration } from '../db/migrations.ts';

// The SlideView sums the console reads (engagementTally.ts), kept by the database itself: triggers
// on the entity store's table add each written record in the same transaction, so no write path
// can leave them behind. These steps belong to engagement; the store's own steps are in
// db/migrations.ts, and the platform applies both in version order (platformSchema.ts).

/** Engagement's steps of the platform's schema. */
export const ENGAGEMENT_MIGRATIONS: readonly Migration[] = [
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
];
