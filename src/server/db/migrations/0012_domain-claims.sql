DROP INDEX "sites_domain_name_unique_idx";--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "domain_proof_missing_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "domain_lost_name" text;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "domain_lost_reason" text;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "domain_lost_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "sites_domain_name_idx" ON "sites" USING btree ("domain_name") WHERE "sites"."domain_name" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "sites_verified_domain_unique_idx" ON "sites" USING btree (lower("domain_name")) WHERE "sites"."domain_verified_at" is not null;