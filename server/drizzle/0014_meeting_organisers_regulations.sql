ALTER TABLE "meet_meeting" ADD COLUMN "organisers" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "meet_meeting" ADD COLUMN "regulations" text;