DROP INDEX "sites_domain_name_idx";--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "domain_token" text;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "domain_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "domain_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "domain_last_error" text;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "image_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "sites_domain_name_unique_idx" ON "sites" USING btree ("domain_name") WHERE "sites"."domain_name" is not null;