-- hand-written (#36): a statement sent with the commit (server/db/transaction-round-trips.ts) cannot return a row count
-- to check before the commit; it checks it itself. px_expect_rows(expected, actual, key) raises SQLSTATE PX409 with the
-- message key when the counts differ, which the server answers as 409 with that key (server/lib/db-errors.ts) — the
-- whole transaction rolls back.
CREATE OR REPLACE FUNCTION px_expect_rows(expected bigint, actual bigint, message_key text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF actual IS DISTINCT FROM expected THEN
    RAISE EXCEPTION '%', message_key USING ERRCODE = 'PX409';
  END IF;
END
$$;
