import type { Migration } from '@team/projections';

/** Advisory lock key that serialises appends (see es_append_batch). */
export const APPEND_LOCK_KEY = 7_340_001;
export const APPENDED_CHANNEL = 'events_appended';

export const eventStoreMigrations: Migration[] = [
  {
    name: '001_events',
    async up(knex) {
      await knex.raw(`
        CREATE TABLE public.events (
          position       bigserial PRIMARY KEY,
          stream_id      text        NOT NULL,
          revision       integer     NOT NULL,
          event_id       uuid        NOT NULL UNIQUE,
          type           text        NOT NULL,
          schema_version integer     NOT NULL,
          data           jsonb       NOT NULL,
          metadata       jsonb       NOT NULL,
          recorded_at    timestamptz NOT NULL,
          UNIQUE (stream_id, revision)
        );
        CREATE INDEX events_type_idx ON public.events (type, position);
        CREATE INDEX events_recorded_at_idx ON public.events (recorded_at);
        CREATE TABLE public.streams (
          stream_id text PRIMARY KEY,
          revision  integer NOT NULL
        );
        -- Events are facts: no update, no delete, ever.
        CREATE FUNCTION public.events_are_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          RAISE EXCEPTION 'events are immutable: append a correction instead';
        END $$;
        CREATE TRIGGER events_no_update BEFORE UPDATE OR DELETE ON public.events
          FOR EACH ROW EXECUTE FUNCTION public.events_are_immutable();
      `);
      // One call appends a whole batch of requests in one statement, so one round trip and
      // one commit (one fsync) serve every request in it. The transaction-scoped advisory
      // lock serialises appenders across connections and processes: positions are drawn
      // from the sequence only while the lock is held and the lock is released only after
      // commit, so positions become visible in increasing order and a reader that has seen
      // position P can never later find a committed event below P.
      await knex.raw(`
        CREATE FUNCTION public.es_append_batch(p_requests jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
        DECLARE
          req jsonb;
          ev jsonb;
          results jsonb := '[]'::jsonb;
          existing bigint[];
          ids uuid[];
          positions bigint[];
          current_revision integer;
          expected text;
          pos bigint;
          wrote boolean := false;
        BEGIN
          PERFORM pg_advisory_xact_lock(${APPEND_LOCK_KEY});
          FOR req IN SELECT value FROM jsonb_array_elements(p_requests) LOOP
            -- An array (not a subquery) so the unique index on event_id serves the lookup.
            ids := ARRAY(SELECT (x->>'id')::uuid FROM jsonb_array_elements(req->'events') x);
            SELECT array_agg(e.position ORDER BY e.position) INTO existing
              FROM public.events e
             WHERE e.event_id = ANY(ids);
            SELECT s.revision INTO current_revision FROM public.streams s WHERE s.stream_id = req->>'stream';
            current_revision := coalesce(current_revision, -1);
            IF existing IS NOT NULL THEN
              IF cardinality(existing) = jsonb_array_length(req->'events') THEN
                results := results || jsonb_build_array(jsonb_build_object(
                  'status', 'duplicate', 'positions', to_jsonb(existing), 'revision', current_revision));
              ELSE
                results := results || jsonb_build_array(jsonb_build_object('status', 'partial'));
              END IF;
              CONTINUE;
            END IF;
            expected := req->>'expected';
            IF (expected = 'no_stream' AND current_revision <> -1)
               OR (expected NOT IN ('no_stream', 'any') AND expected::integer <> current_revision) THEN
              results := results || jsonb_build_array(jsonb_build_object(
                'status', 'conflict', 'revision', current_revision));
              CONTINUE;
            END IF;
            positions := '{}';
            FOR ev IN SELECT value FROM jsonb_array_elements(req->'events') LOOP
              current_revision := current_revision + 1;
              INSERT INTO public.events (stream_id, revision, event_id, type, schema_version, data, metadata, recorded_at)
              VALUES (req->>'stream', current_revision, (ev->>'id')::uuid, ev->>'type',
                      (ev->>'schemaVersion')::integer, ev->'data', ev->'metadata',
                      (ev->'metadata'->>'recordedAt')::timestamptz)
              RETURNING position INTO pos;
              positions := positions || pos;
            END LOOP;
            INSERT INTO public.streams (stream_id, revision) VALUES (req->>'stream', current_revision)
              ON CONFLICT (stream_id) DO UPDATE SET revision = excluded.revision;
            wrote := true;
            results := results || jsonb_build_array(jsonb_build_object(
              'status', 'ok', 'positions', to_jsonb(positions), 'revision', current_revision));
          END LOOP;
          IF wrote THEN
            PERFORM pg_notify('${APPENDED_CHANNEL}', '');
          END IF;
          RETURN results;
        END $$;
      `);
    },
  },
  {
    // TRUNCATE fires no row trigger, so 001's guard let it empty the log; and the streams
    // table, whose revisions the expected-revision checks trust, had no guard at all.
    name: '002_log_guards',
    async up(knex) {
      await knex.raw(`
        CREATE TRIGGER events_no_truncate BEFORE TRUNCATE ON public.events
          FOR EACH STATEMENT EXECUTE FUNCTION public.events_are_immutable();

        -- A stream's row only follows its events: it is written by the append, in the same
        -- statement as the events, and must then name the stream's newest event. So it can
        -- never be deleted, renamed, moved back, moved past its events or made up.
        CREATE FUNCTION public.streams_follow_events() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP = 'DELETE' OR TG_OP = 'TRUNCATE' THEN
            RAISE EXCEPTION 'streams are guarded: a stream''s revision is never removed';
          END IF;
          IF TG_OP = 'UPDATE' AND (NEW.stream_id <> OLD.stream_id OR NEW.revision <= OLD.revision) THEN
            RAISE EXCEPTION 'streams are guarded: stream % can only move forward', OLD.stream_id;
          END IF;
          IF NOT EXISTS (SELECT 1 FROM public.events e WHERE e.stream_id = NEW.stream_id AND e.revision = NEW.revision)
             OR EXISTS (SELECT 1 FROM public.events e WHERE e.stream_id = NEW.stream_id AND e.revision > NEW.revision) THEN
            RAISE EXCEPTION 'streams are guarded: stream % must stay at its newest event', NEW.stream_id;
          END IF;
          RETURN NEW;
        END $$;
        CREATE TRIGGER streams_follow_events BEFORE INSERT OR UPDATE OR DELETE ON public.streams
          FOR EACH ROW EXECUTE FUNCTION public.streams_follow_events();
        CREATE TRIGGER streams_no_truncate BEFORE TRUNCATE ON public.streams
          FOR EACH STATEMENT EXECUTE FUNCTION public.streams_follow_events();
      `);
    },
  },
  {
    // An event's data (a match: about 2.7 KB of JSON) is over TOAST's 2 KB threshold, so every
    // append compresses it. lz4 does that in about two thirds of pglz's time (30,000 match events
    // on PostgreSQL 15: 1.95 s against 2.9 s to insert, the same to read back; 13% larger).
    // Only new rows use it; a server built without lz4 (the embedded one) keeps pglz.
    name: '003_events_lz4',
    async up(knex) {
      await knex.raw(`
        DO $$
        BEGIN
          ALTER TABLE public.events ALTER COLUMN data SET COMPRESSION lz4, ALTER COLUMN metadata SET COMPRESSION lz4;
        EXCEPTION WHEN feature_not_supported OR invalid_parameter_value THEN
          RAISE NOTICE 'this PostgreSQL has no lz4: events stay compressed with pglz';
        END $$;
      `);
    },
  },
];
