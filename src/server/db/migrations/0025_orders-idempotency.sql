ALTER TABLE "orders" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_buyer_idempotency_key_idx" ON "orders" USING btree ("buyer_id","idempotency_key");