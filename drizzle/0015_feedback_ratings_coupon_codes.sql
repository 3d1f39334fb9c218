ALTER TABLE "feedback" ALTER COLUMN "food" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "feedback" ALTER COLUMN "service" DROP NOT NULL;--> statement-breakpoint
UPDATE "coupons" SET "code" = upper("code") WHERE "code" <> upper("code");