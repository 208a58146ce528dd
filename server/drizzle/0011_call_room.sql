CREATE TABLE "comp_check_in" (
	"start_id" integer PRIMARY KEY NOT NULL,
	"meeting_id" integer NOT NULL,
	"state" text NOT NULL,
	"dns_version" integer,
	"user_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "comp_official" ADD COLUMN "duty" text DEFAULT 'referee' NOT NULL;--> statement-breakpoint
ALTER TABLE "comp_official" DROP CONSTRAINT "comp_official_meeting_id_user_id_pk";--> statement-breakpoint
ALTER TABLE "comp_official" ADD CONSTRAINT "comp_official_meeting_id_user_id_duty_pk" PRIMARY KEY("meeting_id","user_id","duty");--> statement-breakpoint
ALTER TABLE "meet_meeting" ADD COLUMN "call_room_lead" smallint DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "comp_check_in" ADD CONSTRAINT "comp_check_in_start_id_comp_start_id_fk" FOREIGN KEY ("start_id") REFERENCES "public"."comp_start"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comp_check_in_meeting_idx" ON "comp_check_in" USING btree ("meeting_id");--> statement-breakpoint
-- An install seeded before this migration (a fresh one is seeded after the migrations, from
-- src/db/seed, and has no rows here yet): the call-room role, the call-room page under the
-- Competition menu with its buttons, granted as the seed grants them (db/seed/menus.ts).
INSERT INTO "sys_role" ("code", "name", "name_en", "data_scope", "sort")
SELECT 'CALL_ROOM', '检录员', 'Call-room official', 4, (SELECT coalesce(max("sort"), 0) + 1 FROM "sys_role")
WHERE EXISTS (SELECT 1 FROM "sys_role") AND NOT EXISTS (SELECT 1 FROM "sys_role" WHERE "code" = 'CALL_ROOM');--> statement-breakpoint
INSERT INTO "sys_menu" ("parent_id", "type", "route_name", "title", "title_en", "path", "component", "icon", "sort", "keep_alive")
SELECT c."id", 'M', 'CompCallRoom', '检录', 'Call room', 'callroom', 'competition/callroom/index', 'ScanOutlined',
  (SELECT coalesce(max(s."sort"), 0) + 1 FROM "sys_menu" s WHERE s."parent_id" = c."id"), true
FROM "sys_menu" c
WHERE c."route_name" = 'Competition' AND c."type" = 'C'
  AND NOT EXISTS (SELECT 1 FROM "sys_menu" WHERE "route_name" = 'CompCallRoom');--> statement-breakpoint
INSERT INTO "sys_menu" ("parent_id", "type", "title", "title_en", "perm", "sort")
SELECT p."id", 'B', b."title", b."title_en", b."perm", b."sort"
FROM "sys_menu" p
CROSS JOIN (VALUES ('查询', 'Query', 'comp:callroom:query', 1), ('检录', 'Check in', 'comp:callroom:mark', 2),
  ('设置', 'Settings', 'comp:callroom:setup', 3)) AS b("title", "title_en", "perm", "sort")
WHERE p."route_name" = 'CompCallRoom'
  AND NOT EXISTS (SELECT 1 FROM "sys_menu" WHERE "perm" = b."perm");--> statement-breakpoint
INSERT INTO "sys_role_menu" ("role_id", "menu_id")
SELECT r."id", m."id"
FROM "sys_role" r
JOIN "sys_menu" m ON (
  (m."route_name" = 'Competition' AND m."type" = 'C' AND r."code" = 'CALL_ROOM')
  OR (m."route_name" = 'CompCallRoom' AND r."code" IN ('ADMIN', 'COMMITTEE', 'REFEREE', 'CALL_ROOM'))
  OR (m."perm" IN ('comp:callroom:query', 'comp:callroom:mark') AND r."code" IN ('ADMIN', 'COMMITTEE', 'REFEREE', 'CALL_ROOM'))
  OR (m."perm" = 'comp:callroom:setup' AND r."code" IN ('ADMIN', 'COMMITTEE'))
)
ON CONFLICT DO NOTHING;
