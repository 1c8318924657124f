CREATE TABLE "site_link_clicks" (
	"link_id" uuid NOT NULL,
	"day" date NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "site_link_clicks_link_id_day_pk" PRIMARY KEY("link_id","day")
);
--> statement-breakpoint
CREATE TABLE "site_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"url" text,
	"post_id" uuid,
	"tag" text,
	"icon" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"social" boolean DEFAULT false NOT NULL,
	"show_from" timestamp with time zone,
	"show_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_links_one_target" CHECK (num_nonnulls("site_links"."url", "site_links"."post_id", "site_links"."tag") = 1)
);
--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_link_clicks" ADD CONSTRAINT "site_link_clicks_link_id_site_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."site_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_links" ADD CONSTRAINT "site_links_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_links" ADD CONSTRAINT "site_links_post_id_products_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_links_site_position_idx" ON "site_links" USING btree ("site_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "site_links_one_featured_idx" ON "site_links" USING btree ("site_id") WHERE "site_links"."featured";--> statement-breakpoint
CREATE INDEX "site_links_post_id_idx" ON "site_links" USING btree ("post_id") WHERE "site_links"."post_id" is not null;