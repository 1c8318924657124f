ALTER TABLE "return_requests" ADD COLUMN "return_carrier" text;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "return_tracking_number" text;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "return_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "item_received_at" timestamp with time zone;