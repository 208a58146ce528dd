import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  athlete,
  coach,
  delegation,
  delegationFile,
  file,
  meeting,
  notice,
  recordHistory,
  sysConfig,
  user,
} from '../../db/schema/index.js';
import { useTestApp } from '../../test/app.js';
import { PNG_1PX } from '../account/testkit.js';
import { demoDelegations, demoGroups } from '../apply/testkit.js';
import { demoMeetingId, insertAthlete } from '../meetings/testkit.js';
import { sweepOrphanFiles } from './orphans.js';
import { storeFile } from './service.js';

/**
 * The orphan sweep deletes uploads nothing refers to once they are older than the grace period,
 * and never a file that something still names: a registration document, a photo, a field value
 * of an athlete, coach or delegation, a record's history, an avatar, a notice or meeting text, a
 * setting.
 */
const t = useTestApp();

describe('orphan sweep', () => {
  it('removes old unreferenced uploads and keeps every referenced or recent one', async () => {
    const db = t.database.db;
    const [admin] = await db.select().from(user).where(eq(user.username, 'admin'));
    const store = async () => (await storeFile(db, admin!.id, PNG_1PX, 'x.png')).id;
    const ids = {
      document: await store(),
      photo: await store(),
      athleteField: await store(),
      coachField: await store(),
      delegationField: await store(),
      history: await store(),
      avatar: await store(),
      notice: await store(),
      meetingRemark: await store(),
      meetingRegulations: await store(),
      setting: await store(),
      orphan: await store(),
      otherOrphan: await store(),
      recentOrphan: await store(),
    };
    const meetingId = await demoMeetingId(t);
    const [d1] = await demoDelegations(t);
    const boys = (await demoGroups(t)).get('U16 Boys')!;
    await db.insert(delegationFile).values({
      meetingId,
      delegationId: d1!.id,
      fileId: ids.document,
      kind: 'other',
      name: 'doc.png',
    });
    const a = await insertAthlete(t, { meetingId, delegationId: d1!.id, groupId: boys.id });
    await db.update(athlete).set({ photoFileId: ids.photo }).where(eq(athlete.id, a));
    const b = await insertAthlete(t, { meetingId, delegationId: d1!.id, groupId: boys.id });
    await db
      .update(athlete)
      .set({ fields: { certificate: ids.athleteField } })
      .where(eq(athlete.id, b));
    await db
      .insert(coach)
      .values({ meetingId, delegationId: d1!.id, name: 'Coach', gender: 'M', fields: { licence: ids.coachField } });
    await db
      .update(delegation)
      .set({ fields: { badge: ids.delegationField } })
      .where(eq(delegation.id, d1!.id));
    await db.insert(recordHistory).values({
      meetingId,
      entity: 'athlete',
      entityId: a,
      before: { photoFileId: ids.history },
      after: { photoFileId: ids.photo },
    });
    await db
      .update(user)
      .set({ avatar: `/api/v1/files/${ids.avatar}` })
      .where(eq(user.id, admin!.id));
    await db.insert(notice).values({
      title: 'With an image',
      content: `<p><img src="/api/v1/files/${ids.notice}"></p>`,
      type: 1,
      level: 'L',
      targetType: 0,
      status: 1,
    });
    await db
      .update(meeting)
      .set({
        remark: `<p><img src="/api/v1/files/${ids.meetingRemark}"></p>`,
        regulations: `<p><img src="/api/v1/files/${ids.meetingRegulations}"></p>`,
      })
      .where(eq(meeting.id, meetingId));
    await db.insert(sysConfig).values({
      key: 'site-logo-test',
      value: `/api/v1/files/${ids.setting}`,
      type: 'string',
      name: 'logo',
    });
    // Everything but the recent orphan is two days old.
    const old = Object.entries(ids)
      .filter(([k]) => k !== 'recentOrphan')
      .map(([, v]) => v);
    await db.update(file).set({ createdAt: sql`now() - interval '2 days'` }).where(inArray(file.id, old));

    const removed = await sweepOrphanFiles(db, 24);
    expect(removed.files).toBe(2);
    const left = new Set(
      (
        await db
          .select({ id: file.id })
          .from(file)
          .where(inArray(file.id, Object.values(ids)))
      ).map((r) => r.id),
    );
    const missing = Object.entries(ids)
      .filter(([, v]) => !left.has(v))
      .map(([k]) => k);
    expect(missing.sort()).toEqual(['orphan', 'otherOrphan']);
    // A second sweep finds nothing more.
    expect((await sweepOrphanFiles(db, 24)).files).toBe(0);
  });
});
