-- hand-written (#34): named test answer sets of a questionnaire sheet version, kept with the draft and carried into
-- its next version. json, like the documents beside it. Adding a column with a constant default is instant.
ALTER TABLE "questionnaire_sheets" ADD COLUMN IF NOT EXISTS "test_answers" json DEFAULT '[]'::json NOT NULL;
