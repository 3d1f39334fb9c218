CREATE TABLE "backup_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"file_name" text NOT NULL,
	"size_bytes" bigint,
	"row_count" bigint,
	"started_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	"finished_at" timestamp (3) with time zone,
	"error" text,
	"host" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "backup_runs_kind_check" CHECK ("backup_runs"."kind" in ('automatic', 'safety')),
	CONSTRAINT "backup_runs_status_check" CHECK ("backup_runs"."status" in ('running', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "backup_schedule" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"time" text DEFAULT '03:00' NOT NULL,
	"keep" integer DEFAULT 7 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "backup_schedule_one_row_check" CHECK ("backup_schedule"."id" = 1),
	CONSTRAINT "backup_schedule_time_check" CHECK ("backup_schedule"."time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "backup_schedule_keep_check" CHECK ("backup_schedule"."keep" between 1 and 90)
);
--> statement-breakpoint
CREATE INDEX "backup_runs_started_idx" ON "backup_runs" USING btree ("started_at");--> statement-breakpoint
INSERT INTO "backup_schedule" ("id") VALUES (1) ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE TRIGGER "backup_runs_set_updated_at" BEFORE UPDATE ON "backup_runs" FOR EACH ROW EXECUTE FUNCTION "brigade_set_updated_at"();--> statement-breakpoint
CREATE TRIGGER "backup_schedule_set_updated_at" BEFORE UPDATE ON "backup_schedule" FOR EACH ROW EXECUTE FUNCTION "brigade_set_updated_at"();
