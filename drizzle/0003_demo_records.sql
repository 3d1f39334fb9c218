ALTER TABLE "seed_runs" ADD COLUMN "records" jsonb;--> statement-breakpoint
ALTER TABLE "seed_runs" ADD COLUMN "removed_at" timestamp with time zone;