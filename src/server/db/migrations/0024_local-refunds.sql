CREATE TABLE "local_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_intent_id" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_refunds_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "local_refunds_amount_check" CHECK ("local_refunds"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "local_refunds" ADD CONSTRAINT "local_refunds_payment_intent_id_payment_intents_id_fk" FOREIGN KEY ("payment_intent_id") REFERENCES "public"."payment_intents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "local_refunds_intent_idx" ON "local_refunds" USING btree ("payment_intent_id");