CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- The search trigger also records the words of the title and tags (for typo correction).
CREATE OR REPLACE FUNCTION products_search_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search :=
    setweight(to_tsvector('english', coalesce(NEW.title, '')), 'A') ||
    setweight(to_tsvector('english', coalesce(array_to_string(NEW.tags, ' '), '')), 'B') ||
    setweight(to_tsvector('english', coalesce(NEW.description, '')), 'C');
  INSERT INTO search_words (word)
    SELECT DISTINCT w
      FROM regexp_split_to_table(lower(coalesce(NEW.title, '') || ' ' || coalesce(array_to_string(NEW.tags, ' '), '')), '[^[:alnum:]]+') AS w
     WHERE length(w) BETWEEN 3 AND 40
    ON CONFLICT DO NOTHING;
  RETURN NEW;
END
$$;--> statement-breakpoint
INSERT INTO search_words (word)
  SELECT DISTINCT w
    FROM products, regexp_split_to_table(lower(title || ' ' || array_to_string(tags, ' ')), '[^[:alnum:]]+') AS w
   WHERE length(w) BETWEEN 3 AND 40
  ON CONFLICT DO NOTHING;
