CREATE TABLE "insight_daily_dimensions" (
	"seller_id" uuid NOT NULL,
	"dimension" text NOT NULL,
	"day" date NOT NULL,
	"key" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"carts" integer DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"revenue_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "insight_daily_dimensions_seller_id_dimension_day_key_pk" PRIMARY KEY("seller_id","dimension","day","key")
);
--> statement-breakpoint
CREATE TABLE "insight_monthly_dimensions" (
	"seller_id" uuid NOT NULL,
	"dimension" text NOT NULL,
	"month" date NOT NULL,
	"key" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"carts" integer DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"revenue_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "insight_monthly_dimensions_seller_id_dimension_month_key_pk" PRIMARY KEY("seller_id","dimension","month","key")
);
--> statement-breakpoint
ALTER TABLE "insight_daily_dimensions" ADD CONSTRAINT "insight_daily_dimensions_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_monthly_dimensions" ADD CONSTRAINT "insight_monthly_dimensions_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The days already folded, summed by each dimension as foldDay does (modules/insights/maintain.ts)…
INSERT INTO "insight_daily_dimensions" ("seller_id", "day", "dimension", "key", "views", "clicks", "carts", "orders", "revenue_minor")
SELECT "seller_id", "day",
	CASE WHEN grouping("source") = 0 THEN 'source' WHEN grouping("post_id") = 0 THEN 'post' ELSE 'link' END,
	coalesce("source", "post_id"::text, "link_id"::text),
	sum("views"), sum("clicks"), sum("carts"), sum("orders"), sum("revenue_minor")
FROM "insight_daily"
GROUP BY "seller_id", "day", GROUPING SETS (("source"), ("post_id"), ("link_id"))
HAVING (grouping("post_id") = 1 OR "post_id" <> '00000000-0000-0000-0000-000000000000')
	AND (grouping("link_id") = 1 OR "link_id" <> '00000000-0000-0000-0000-000000000000');
--> statement-breakpoint
-- …and the months whose last day is folded, summed as foldMonth does.
INSERT INTO "insight_monthly_dimensions" ("seller_id", "dimension", "month", "key", "views", "clicks", "carts", "orders", "revenue_minor")
SELECT "seller_id", "dimension", date_trunc('month', "day"::timestamp)::date, "key",
	sum("views"), sum("clicks"), sum("carts"), sum("orders"), sum("revenue_minor")
FROM "insight_daily_dimensions"
WHERE (date_trunc('month', "day"::timestamp) + interval '1 month' - interval '1 day')::date
	<= (SELECT "folded_through" FROM "insight_rollups" WHERE "id" = 1)
GROUP BY 1, 2, 3, 4;
