import {
  CommitteeOptionQuery,
  FieldLinksBody,
  FieldLinkVO,
  FieldTargetQuery,
  MEETING_TEXTS,
  MeetingAdminsBody,
  MeetingAdminVO,
  MeetingBody,
  MeetingExportQuery,
  MeetingForm,
  MeetingIdParams,
  MeetingPageQuery,
  MeetingPublicVO,
  MeetingStatusBody,
  MeetingStatusLogVO,
  MeetingTextBody,
  type MeetingTextKind,
  MeetingTextVO,
  MeetingUpdateBody,
  MeetingVO,
  Page,
} from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Db } from '../../db/client.js';
import { cachedAnswer } from '../../plugins/answer-cache.js';
import { currentUser } from '../../plugins/auth.js';
import { crudRoutes } from '../../plugins/crud-routes.js';
import { note } from '../../plugins/oplog.js';
import { noteWrite } from '../../plugins/route-kit.js';
import { officialRoutes } from './officials.js';
import { publicMeeting } from './public-meeting.js';
import { exportMeetings, getMeetingForm, pageMeetings } from './service.js';
import {
  committeeOptions,
  meetingAdmins,
  meetingFields,
  meetingText,
  setMeetingAdmins,
  setMeetingFields,
  setMeetingText,
} from './settings.js';
import { changeStatus, statusLog } from './status.js';
import { createMeeting, deleteMeetings, updateMeeting } from './write.js';

const tags = ['meeting: meetings'];
/** Area users reach the meetings they are assigned to through the area summary. */
const VIEW = { perm: ['meeting:trackmeet:query', 'meeting:area-summary:query'] };

/** Meetings (trackmeet): `meeting:trackmeet:*`, scoped per caller by `access.ts`. */
export async function meetingRoutes(app: FastifyInstance, deps: { db: Db }) {
  const { db } = deps;
  await officialRoutes(app, deps);

  const r = crudRoutes(app, { url: '/api/v1/meetings', tags, params: MeetingIdParams, VO: MeetingForm });
  r.list({
    perm: VIEW.perm,
    summary: 'Page of the meetings the caller reaches',
    query: MeetingPageQuery,
    answer: Page(MeetingVO),
    run: (q, req) => pageMeetings(db, currentUser(req), q),
  });
  r.export({
    perm: 'meeting:trackmeet:export',
    summary: 'Meetings of the current filter as .xlsx',
    query: MeetingExportQuery,
    file: 'meetings.xlsx',
    run: (q, req) => exportMeetings(db, currentUser(req), q, req.lang),
  });

  r.get('/api/v1/meetings/by-code/:code', {
    auth: 'public',
    hooks: cachedAnswer(),
    summary: 'Public information of a meeting past draft, by its code',
    params: Type.Object({ code: Type.String({ pattern: '^[A-Za-z][A-Za-z0-9-]{1,31}$' }) }),
    answer: MeetingPublicVO,
    run: (req) => publicMeeting(db, req.params.code),
  });

  r.get('/api/v1/meetings/admin-options', {
    auth: { perm: 'meeting:trackmeet:admin' },
    summary: 'Committee users that can administer a meeting',
    querystring: CommitteeOptionQuery,
    answer: Type.Array(MeetingAdminVO),
    run: (req) => committeeOptions(db, req.query.keywords),
  });

  r.form({
    perm: VIEW.perm,
    summary: 'One meeting',
    run: (id, req) => getMeetingForm(db, currentUser(req), id),
  });
  r.create({
    perm: 'meeting:trackmeet:add',
    summary: 'Create a meeting in draft (a committee creator becomes its admin)',
    body: MeetingBody,
    run: (body, req) => createMeeting(db, currentUser(req), body, app.baton.config.timeZone),
  });
  r.update({
    perm: 'meeting:trackmeet:edit',
    summary: 'Update a meeting (optimistic lock on version)',
    body: MeetingUpdateBody,
    run: (id, body, req) => updateMeeting(db, currentUser(req), id, body),
  });
  r.remove({
    perm: 'meeting:trackmeet:delete',
    summary: 'Delete meetings without delegations',
    run: (ids, req) => deleteMeetings(db, currentUser(req), ids),
  });

  r.post('/api/v1/meetings/:id/status', {
    auth: { perm: 'meeting:trackmeet:status' },
    summary: 'Move the status forward (one step; admin may skip ahead), logged',
    params: MeetingIdParams,
    body: MeetingStatusBody,
    answer: MeetingForm,
    run: async (req) => {
      const reason = req.body.reason?.trim() || null;
      const { before, after } = await changeStatus(db, currentUser(req), req.params.id, req.body.to, reason);
      note(req, { target: req.params.id, before: { status: before }, after: { status: after.status, reason } });
      return after;
    },
  });

  r.get('/api/v1/meetings/:id/status-log', {
    auth: VIEW,
    summary: 'Status changes of a meeting',
    params: MeetingIdParams,
    answer: Type.Array(MeetingStatusLogVO),
    run: (req) => statusLog(db, currentUser(req), req.params.id),
  });

  r.get('/api/v1/meetings/:id/admins', {
    auth: { perm: 'meeting:trackmeet:admin' },
    summary: "A meeting's admins",
    params: MeetingIdParams,
    answer: Type.Array(MeetingAdminVO),
    run: (req) => meetingAdmins(db, currentUser(req), req.params.id),
  });

  r.put('/api/v1/meetings/:id/admins', {
    auth: { perm: 'meeting:trackmeet:admin' },
    summary: "Replace a meeting's admins (committee users only)",
    params: MeetingIdParams,
    body: MeetingAdminsBody,
    answer: Type.Array(MeetingAdminVO),
    run: async (req) =>
      noteWrite(req, req.params.id, await setMeetingAdmins(db, currentUser(req), req.params.id, req.body.userIds)),
  });

  r.get('/api/v1/meetings/:id/fields', {
    auth: VIEW,
    summary: "A meeting's athlete, coach and delegation fields (optionally of one target)",
    params: MeetingIdParams,
    querystring: FieldTargetQuery,
    answer: Type.Array(FieldLinkVO),
    run: (req) => meetingFields(db, currentUser(req), req.params.id, req.query.target),
  });

  r.put('/api/v1/meetings/:id/fields', {
    auth: { perm: 'meeting:trackmeet:edit' },
    summary: "Replace a meeting's fields (with ?target=, only that target's)",
    params: MeetingIdParams,
    querystring: FieldTargetQuery,
    body: FieldLinksBody,
    answer: Type.Array(FieldLinkVO),
    run: async (req) =>
      noteWrite(
        req,
        req.params.id,
        await setMeetingFields(db, currentUser(req), req.params.id, req.body, req.query.target),
      ),
  });

  // The two rich texts of a meeting, each on its own address: the remarks and the 竞赛规程.
  const TEXT_NAMES: Record<MeetingTextKind, string> = {
    remark: 'remarks (shown to delegations and on the public page)',
    regulations: 'competition regulations (竞赛规程, printed in the programme book)',
  };
  for (const kind of MEETING_TEXTS) {
    r.get(`/api/v1/meetings/:id/${kind}`, {
      auth: VIEW,
      summary: `A meeting's ${TEXT_NAMES[kind]}: sanitised rich text`,
      params: MeetingIdParams,
      answer: MeetingTextVO,
      run: (req) => meetingText(db, currentUser(req), req.params.id, kind),
    });

    r.put(`/api/v1/meetings/:id/${kind}`, {
      auth: { perm: 'meeting:trackmeet:remark' },
      summary: `Replace a meeting's ${TEXT_NAMES[kind]} (rich text, sanitised on the server)`,
      params: MeetingIdParams,
      body: MeetingTextBody,
      answer: MeetingTextVO,
      run: async (req) => {
        const { before, after } = await setMeetingText(db, currentUser(req), req.params.id, kind, req.body.html);
        note(req, { target: req.params.id, before: { [kind]: before }, after: { [kind]: after.html } });
        return after;
      },
    });
  }
}
