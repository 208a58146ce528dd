import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { code, data, expectForbidden, expectVersionedUpdateAndExport, useClients } from '../meetings/testkit.js';

const t = useTestApp();
const { admin, committee } = useClients(t, 'admin', 'committee');

type Nature = { id: number; name: string; version: number; fieldCount: number; meetingCount: number };
type Link = { fieldId: number; key: string; target: string; required: boolean };

describe('natures', () => {
  it('ships the youth games with default fields, used by the demo meeting', async () => {
    const page = data<{ list: Nature[] }>(await committee.get('/api/v1/natures'));
    expect(page.list[0]).toMatchObject({ name: '青少年运动会', meetingCount: 1 });
    expect(page.list[0]!.fieldCount).toBeGreaterThan(0);
    const del = await admin.del(`/api/v1/natures/${page.list[0]!.id}`);
    expect(del.json().msg).toContain('used by 1 meeting');
  });

  it('sets fields per target and refuses bad ones', async () => {
    const n = data<Nature>(await admin.post('/api/v1/natures', { name: 'Masters', nameEn: 'Masters' }));
    const fields = data<{ list: { id: number; target: string }[] }>(
      await committee.get('/api/v1/fields?pageSize=100'),
    ).list;
    const athleteF = fields.filter((f) => f.target === 'athlete').slice(0, 2);
    const coachF = fields.find((f) => f.target === 'coach')!;
    const put = await admin.put(
      `/api/v1/natures/${n.id}/fields`,
      athleteF.map((f, i) => ({ fieldId: f.id, required: i === 0 })),
    );
    expect(data<Link[]>(put)).toHaveLength(2);
    const coach = await admin.put(`/api/v1/natures/${n.id}/fields?target=coach`, [{ fieldId: coachF.id }]);
    expect(data<Link[]>(coach).map((l) => l.target)).toEqual(['coach']);
    const all = data<Link[]>(await committee.get(`/api/v1/natures/${n.id}/fields`));
    expect(all).toHaveLength(3);
    const wrong = await admin.put(`/api/v1/natures/${n.id}/fields?target=coach`, [{ fieldId: athleteF[0]!.id }]);
    expect(wrong.json().msg).toContain('not a coach field');
    const dup = await admin.put(`/api/v1/natures/${n.id}/fields`, [{ fieldId: coachF.id }, { fieldId: coachF.id }]);
    expect(dup.statusCode).toBe(400);
    expect((await admin.put(`/api/v1/natures/${n.id}/fields`, [{ fieldId: 999999 }])).statusCode).toBe(400);
    expect(data<Link[]>(await committee.get(`/api/v1/natures/${n.id}/fields`))).toHaveLength(3);
    expect(code(await admin.del(`/api/v1/natures/${n.id}`))).toBe('00000');
  });

  it('updates with a version and exports', async () => {
    await expectVersionedUpdateAndExport(admin, committee, '/api/v1/natures', ['Open', 'Open 2', 'Open 3']);
  });

  it('are base data: the committee reads them but writes none (meetings/base-data.ts)', async () => {
    const n = data<Nature>(await admin.post('/api/v1/natures', { name: 'Read-only' }));
    expectForbidden(
      await committee.post('/api/v1/natures', { name: 'By the committee' }),
      await committee.put(`/api/v1/natures/${n.id}`, { name: 'Changed', version: n.version }),
      await committee.put(`/api/v1/natures/${n.id}/fields`, []),
      await committee.del(`/api/v1/natures/${n.id}`),
    );
    expect(data<Nature>(await committee.get(`/api/v1/natures/${n.id}/form`))).toMatchObject({
      name: 'Read-only',
      version: n.version,
    });
  });
});
