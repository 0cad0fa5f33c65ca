-- hand-written (#36): the indexes lists need at a manufacturer's scale (1,000,000 units). Each is named in
-- docs/architecture.md ("Lists at scale") beside the query it serves; tests/api/explain-guard.test.ts fails when a
-- list reads project_units, the journal or escalations sequentially.
-- Root projects by the time of their state (the current/closed project lists, newest first, and the dashboard's
-- project counter): a partial index over the ~5 % of units that are roots.
-- Cost on a live table: CREATE INDEX reads the table once and blocks writes to project_units while it builds
-- (about 1–3 s per million units; 50,000 roots make a small index). Where that pause is not acceptable, create it
-- beforehand with CREATE INDEX CONCURRENTLY under the same name: IF NOT EXISTS then makes this a no-op.
CREATE INDEX IF NOT EXISTS "project_units_roots_state_since_idx" ON "project_units" USING btree ("state_since","id") WHERE "id" = "root_id";
