/**
 * Contracts of registration (issue 5, DOMAIN.md "Registration" and "Audit"): the
 * delegation sign-in, the delegation's own area (`/api/v1/apply`), the committee's audit
 * (`/api/v1/audit`), the public pages (`/api/v1/public`) and the registration figures.
 *
 * Who is "the delegation" of an apply call: a delegation user (userType 30) is bound to one
 * delegation of one meeting by its token and never names it; a meeting manager (committee of
 * that meeting, admin, root) names it with `delegationId` and may write outside the window
 * (logged). Any id outside the caller's delegation answers 404.
 */
import { type Static, Type } from 'typebox';
import { FieldLinkVO } from './fields.js';
import { GENDER_LIST } from './groups.js';
import { Nullable } from './helpers.js';
import { ITEM_KIND_LIST, RESULT_FORMAT_LIST } from './items.js';
import { MEETING_STATUS_LIST, TimeZoneName } from './meetings.js';
import { DateText, Id, Keywords, Literals, Text, Timestamp, Version } from './scalars.js';
import { PageQuery, SortQuery } from './schemas.js';

const FieldValues = Type.Record(Type.String({ maxLength: 40 }), Type.Unknown(), { maxProperties: 100 });
/** The delegation a meeting manager acts on; ignored (must be absent or equal) for a delegation user. */
const DelegationRef = { delegationId: Type.Optional(Id) };

export const AUDIT_STATUS_LIST = ['draft', 'submitted', 'approved', 'returned'] as const;
export type AuditStatus = (typeof AUDIT_STATUS_LIST)[number];
export const COACH_ROLE_LIST = ['leader', 'head_coach', 'coach', 'doctor', 'other'] as const;
export type CoachRole = (typeof COACH_ROLE_LIST)[number];
/** ID document types: 1 mainland resident ID (GB 11643), 2 passport, 3 HK/Macao/Taiwan permit. */
export const ID_TYPE_LIST = ['1', '2', '3'] as const;
export type IdType = (typeof ID_TYPE_LIST)[number];
export const RELAY_LETTERS = ['A', 'B', 'C', 'D'] as const;
export const DELEGATION_FILE_KINDS = ['insurance', 'health', 'consent', 'other'] as const;
/** Photo upload limit (bytes); the web crops to a 3:4 passport ratio before upload. */
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const DELEGATION_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const AUDIT_REASON_MAX = 200;

// ─── Delegation sign-in (`/api/v2/dlg`) ─────────────────────────────────────────────────

/** `POST /api/v2/dlg/sms-code` (JSON): a code to the delegation's contact mobile. */
export const DlgCodeBody = Type.Object({
  mobile: Type.String({ minLength: 1, maxLength: 2048, description: 'SM2-encrypted mobile' }),
  tmid: Id,
  captchaKey: Type.String({ maxLength: 64 }),
  captchaCode: Type.String({ maxLength: 16 }),
});
export type DlgCodeBody = Static<typeof DlgCodeBody>;

/** `POST /api/v2/dlg/login` (multipart, spec §7) → LoginResult. */
export const DlgLoginBody = Type.Object({
  mobile: Type.String({ minLength: 1, maxLength: 2048, description: 'SM2-encrypted mobile' }),
  smcode: Type.String({ minLength: 4, maxLength: 8 }),
  tmid: Id,
  captchaKey: Type.String({ maxLength: 64 }),
  captchaCode: Type.String({ maxLength: 16 }),
});
export type DlgLoginBody = Static<typeof DlgLoginBody>;

// ─── The delegation's context (`GET /api/v1/apply/context`) ─────────────────────────────

export const ApplyGroupVO = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  nameEn: Type.String(),
  gender: Literals(GENDER_LIST),
  birthFrom: Type.String(),
  birthTo: Type.String(),
  /** The group's own per-athlete event limit, else the meeting's. */
  maxEventsPerAthlete: Type.Integer(),
  fields: Type.Array(FieldLinkVO),
});
export type ApplyGroupVO = Static<typeof ApplyGroupVO>;

export const ApplyContextVO = Type.Object({
  meeting: Type.Object({
    id: Type.Integer(),
    code: Type.String(),
    name: Type.String(),
    nameEn: Type.String(),
    status: Literals(MEETING_STATUS_LIST),
    regOpensAt: Timestamp,
    regClosesAt: Timestamp,
    timeZone: TimeZoneName,
    registrationOpen: Type.Boolean(),
    remark: Type.String({ description: 'Sanitised HTML' }),
    /** 竞赛规程: the competition regulations ('' when none), sanitised HTML. */
    regulations: Type.String({ description: 'Sanitised HTML' }),
    maxEventsPerAthlete: Type.Integer(),
    maxRelaysPerAthlete: Type.Integer(),
    maxEntriesPerItem: Type.Integer(),
    maxAthletes: Nullable(Type.Integer()),
    maxCoaches: Nullable(Type.Integer()),
  }),
  delegation: Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    shortName: Nullable(Type.String()),
    leaderName: Nullable(Type.String()),
    contactName: Nullable(Type.String()),
    contactMobile: Type.String(),
    status: Type.String(),
    reviewReason: Nullable(Type.String()),
    fields: FieldValues,
    version: Type.Integer(),
  }),
  /** Whether the delegation may change its records now (window open and not locked). */
  writable: Type.Boolean(),
  groups: Type.Array(ApplyGroupVO),
  athleteFields: Type.Array(FieldLinkVO),
  coachFields: Type.Array(FieldLinkVO),
  delegationFields: Type.Array(FieldLinkVO),
  counts: Type.Object({
    athletes: Type.Integer(),
    coaches: Type.Integer(),
    entries: Type.Integer(),
    relays: Type.Integer(),
    files: Type.Integer(),
  }),
});
export type ApplyContextVO = Static<typeof ApplyContextVO>;
export const ApplyContextQuery = Type.Object(DelegationRef);
export type ApplyContextQuery = Static<typeof ApplyContextQuery>;

/**
 * `GET /api/v1/apply/athletes/template`: `standard` (default) is Baton's own columns; `school`
 * the layout schools use — a title row, a unit/leader row, then 姓名, 性别, 身份证号, 出生日期,
 * 组别, 项目一, 项目二 … and the athlete fields (ID column formatted as text).
 */
export const ATHLETE_TEMPLATE_LAYOUTS = ['standard', 'school'] as const;
export const AthleteTemplateQuery = Type.Object({
  ...DelegationRef,
  layout: Type.Optional(Type.Union(ATHLETE_TEMPLATE_LAYOUTS.map((l) => Type.Literal(l)))),
});
export type AthleteTemplateQuery = Static<typeof AthleteTemplateQuery>;

/** `PUT /api/v1/apply/delegation` — remark fill: the delegation's own fields. */
export const ApplyDelegationBody = Type.Object({
  ...DelegationRef,
  leaderName: Type.Optional(Nullable(Text(50))),
  contactName: Type.Optional(Nullable(Text(50))),
  fields: Type.Optional(FieldValues),
  version: Version,
});
export type ApplyDelegationBody = Static<typeof ApplyDelegationBody>;

// ─── Athletes (`/api/v1/apply/athletes`) ────────────────────────────────────────────────

export const ATHLETE_SORT_KEYS = ['name', 'groupId', 'status', 'createdAt'] as const;
export const AthletePageQuery = Type.Object({
  ...PageQuery.properties,
  ...SortQuery(ATHLETE_SORT_KEYS).properties,
  ...DelegationRef,
  keywords: Keywords,
  groupId: Type.Optional(Id),
  status: Type.Optional(Literals(AUDIT_STATUS_LIST)),
});
export type AthletePageQuery = Static<typeof AthletePageQuery>;

export const AthleteVO = Type.Object({
  id: Type.Integer(),
  meetingId: Type.Integer(),
  delegationId: Type.Integer(),
  delegationName: Type.String(),
  groupId: Type.Integer(),
  groupName: Type.String(),
  groupNameEn: Type.String(),
  name: Type.String(),
  nameEn: Nullable(Type.String()),
  gender: Literals(['M', 'F'] as const),
  idType: Literals(ID_TYPE_LIST),
  /** Null when not given yet (athletes imported from a Hy-Tek file); submitting asks for it. */
  idNumber: Nullable(Type.String()),
  birthDate: Type.String(),
  photoFileId: Nullable(Type.String()),
  bib: Nullable(Type.String()),
  status: Literals(AUDIT_STATUS_LIST),
  auditReason: Nullable(Type.String()),
  fields: FieldValues,
  /** Group items entered (individual and relay), short codes for the list. */
  entries: Type.Array(
    Type.Object({
      groupItemId: Type.Integer(),
      itemCode: Type.String(),
      itemName: Type.String(),
      itemNameEn: Type.String(),
    }),
  ),
  version: Type.Integer(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type AthleteVO = Static<typeof AthleteVO>;

const AthleteFields = {
  groupId: Id,
  name: Text(50, 1),
  nameEn: Type.Optional(Nullable(Text(100))),
  idType: Type.Optional(Literals(ID_TYPE_LIST)),
  idNumber: Type.String({ minLength: 5, maxLength: 30, pattern: '^[0-9A-Za-z()-]+$' }),
  /** Required for other ID types; for a mainland ID the server takes them from the number. */
  gender: Type.Optional(Literals(['M', 'F'] as const)),
  birthDate: Type.Optional(DateText),
  photoFileId: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
  fields: Type.Optional(FieldValues),
};
export const AthleteBody = Type.Object({ ...DelegationRef, ...AthleteFields });
export type AthleteBody = Static<typeof AthleteBody>;
export const AthleteUpdateBody = Type.Object({ ...AthleteFields, version: Version });
export type AthleteUpdateBody = Static<typeof AthleteUpdateBody>;

// ─── Coaches (`/api/v1/apply/coaches`) ──────────────────────────────────────────────────

export const CoachPageQuery = Type.Object({
  ...PageQuery.properties,
  ...DelegationRef,
  keywords: Keywords,
  role: Type.Optional(Literals(COACH_ROLE_LIST)),
  status: Type.Optional(Literals(AUDIT_STATUS_LIST)),
});
export type CoachPageQuery = Static<typeof CoachPageQuery>;
export const CoachVO = Type.Object({
  id: Type.Integer(),
  meetingId: Type.Integer(),
  delegationId: Type.Integer(),
  delegationName: Type.String(),
  name: Type.String(),
  gender: Literals(['M', 'F'] as const),
  mobile: Nullable(Type.String()),
  idType: Literals(ID_TYPE_LIST),
  idNumber: Nullable(Type.String()),
  role: Literals(COACH_ROLE_LIST),
  status: Literals(AUDIT_STATUS_LIST),
  auditReason: Nullable(Type.String()),
  fields: FieldValues,
  version: Type.Integer(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type CoachVO = Static<typeof CoachVO>;
const CoachFields = {
  name: Text(50, 1),
  gender: Literals(['M', 'F'] as const),
  mobile: Type.Optional(Nullable(Type.String({ pattern: '^1\\d{10}$' }))),
  idType: Type.Optional(Literals(ID_TYPE_LIST)),
  idNumber: Type.Optional(Nullable(Type.String({ maxLength: 30, pattern: '^[0-9A-Za-z()-]*$' }))),
  role: Literals(COACH_ROLE_LIST),
  fields: Type.Optional(FieldValues),
};
export const CoachBody = Type.Object({ ...DelegationRef, ...CoachFields });
export type CoachBody = Static<typeof CoachBody>;
export const CoachUpdateBody = Type.Object({ ...CoachFields, version: Version });
export type CoachUpdateBody = Static<typeof CoachUpdateBody>;

// ─── Applied items: entries and relays (`/api/v1/apply/items`, `/entries`, `/relays`) ───

/** A group item the delegation can enter, with the live remaining quota. */
export const ApplyItemVO = Type.Object({
  groupItemId: Type.Integer(),
  groupId: Type.Integer(),
  itemCode: Type.String(),
  itemName: Type.String(),
  itemNameEn: Type.String(),
  kind: Literals(ITEM_KIND_LIST),
  resultFormat: Literals(RESULT_FORMAT_LIST),
  relayLegs: Nullable(Type.Integer()),
  relayTeamSize: Type.Integer(),
  relayAlternates: Type.Integer(),
  /** Entries (or relay teams) per delegation allowed here. */
  limit: Type.Integer(),
  used: Type.Integer(),
  remaining: Type.Integer(),
});
export type ApplyItemVO = Static<typeof ApplyItemVO>;

export const EntryVO = Type.Object({
  id: Type.Integer(),
  athleteId: Type.Integer(),
  athleteName: Type.String(),
  groupItemId: Type.Integer(),
  itemCode: Type.String(),
  itemName: Type.String(),
  itemNameEn: Type.String(),
  seedMark: Nullable(Type.String()),
  seedDate: Nullable(Type.String()),
  status: Literals(AUDIT_STATUS_LIST),
  version: Type.Integer(),
});
export type EntryVO = Static<typeof EntryVO>;

export const RelayVO = Type.Object({
  id: Type.Integer(),
  groupItemId: Type.Integer(),
  itemCode: Type.String(),
  itemName: Type.String(),
  itemNameEn: Type.String(),
  letter: Type.String(),
  seedMark: Nullable(Type.String()),
  members: Type.Array(
    Type.Object({ athleteId: Type.Integer(), athleteName: Type.String(), leg: Nullable(Type.Integer()) }),
  ),
  status: Literals(AUDIT_STATUS_LIST),
  version: Type.Integer(),
});
export type RelayVO = Static<typeof RelayVO>;

export const ApplyItemsVO = Type.Object({
  items: Type.Array(ApplyItemVO),
  entries: Type.Array(EntryVO),
  relays: Type.Array(RelayVO),
});
export type ApplyItemsVO = Static<typeof ApplyItemsVO>;
export const ApplyItemsQuery = Type.Object({ ...DelegationRef, groupId: Type.Optional(Id) });
export type ApplyItemsQuery = Static<typeof ApplyItemsQuery>;

/**
 * A seed mark in the item's format: time `10.85`, `1:58.30`, `1:02:03.4`; distance or height
 * `5.62`; points `5120`. The server parses it into seconds, metres or points.
 */
export const SEED_MARK_PATTERN = '^(\\d{1,2}:)?(\\d{1,2}:)?\\d{1,5}(\\.\\d{1,3})?$';
const SeedFields = {
  seedMark: Type.Optional(Nullable(Type.String({ maxLength: 12, pattern: `${SEED_MARK_PATTERN}|^$` }))),
  seedDate: Type.Optional(Nullable(DateText)),
};
export const EntryBody = Type.Object({ ...DelegationRef, athleteId: Id, groupItemId: Id, ...SeedFields });
export type EntryBody = Static<typeof EntryBody>;
export const EntryUpdateBody = Type.Object({ ...SeedFields, version: Version });
export type EntryUpdateBody = Static<typeof EntryUpdateBody>;

export const RelayMember = Type.Object({ athleteId: Id, leg: Nullable(Type.Integer({ minimum: 1, maximum: 8 })) });
const RelayFields = {
  members: Type.Array(RelayMember, { maxItems: 12 }),
  seedMark: Type.Optional(Nullable(Type.String({ maxLength: 12, pattern: `${SEED_MARK_PATTERN}|^$` }))),
};
export const RelayBody = Type.Object({
  ...DelegationRef,
  groupItemId: Id,
  letter: Literals(RELAY_LETTERS),
  ...RelayFields,
});
export type RelayBody = Static<typeof RelayBody>;
export const RelayUpdateBody = Type.Object({ ...RelayFields, version: Version });
export type RelayUpdateBody = Static<typeof RelayUpdateBody>;

// ─── Files (`/api/v1/apply/files`) ──────────────────────────────────────────────────────

export const DelegationFileVO = Type.Object({
  id: Type.Integer(),
  fileId: Type.String({ description: 'Opaque id: GET /api/v1/files/{fileId}' }),
  kind: Literals(DELEGATION_FILE_KINDS),
  name: Type.String(),
  size: Type.Integer(),
  contentType: Type.String(),
  createdAt: Timestamp,
});
export type DelegationFileVO = Static<typeof DelegationFileVO>;
/** `POST /api/v1/apply/files` multipart: `file`, `kind`, optional `delegationId` and `name` (the file's name). */
export const DelegationFileUpload = Type.Object({
  ...DelegationRef,
  kind: Type.Optional(Literals(DELEGATION_FILE_KINDS)),
  name: Type.Optional(Text(200)),
});
export type DelegationFileUpload = Static<typeof DelegationFileUpload>;

// ─── Submit (`GET /api/v1/apply/summary`, `POST /api/v1/apply/submit`) ───────────────────

export const APPLY_PROBLEM_KINDS = [
  'no_athletes',
  'athlete_without_entry',
  'missing_required_field',
  'missing_photo',
  'relay_incomplete',
  'required_file_missing',
  'returned_unchanged',
] as const;
export const ApplyProblem = Type.Object({
  kind: Literals(APPLY_PROBLEM_KINDS),
  /** Whether it blocks submission (otherwise a warning). */
  blocking: Type.Boolean(),
  entity: Nullable(Literals(['athlete', 'coach', 'relay', 'delegation'] as const)),
  entityId: Nullable(Type.Integer()),
  message: Type.String({ description: "In the caller's language" }),
});
export type ApplyProblem = Static<typeof ApplyProblem>;
export const ApplySummaryVO = Type.Object({
  counts: Type.Object({
    athletes: Type.Integer(),
    coaches: Type.Integer(),
    entries: Type.Integer(),
    relays: Type.Integer(),
    files: Type.Integer(),
    /** Records in draft or returned: what a submission sends to audit and locks. */
    toSubmit: Type.Integer(),
  }),
  byStatus: Type.Record(Type.String(), Type.Integer()),
  problems: Type.Array(ApplyProblem),
  canSubmit: Type.Boolean(),
});
export type ApplySummaryVO = Static<typeof ApplySummaryVO>;
export const ApplySubmitBody = Type.Object({ ...DelegationRef });
export type ApplySubmitBody = Static<typeof ApplySubmitBody>;
export const ApplySubmitResult = Type.Object({ submitted: Type.Integer() });

// ─── Audit (`/api/v1/audit`) ─────────────────────────────────────────────────────────────

export const AuditOverviewQuery = Type.Object({ meetingId: Id, keywords: Keywords });
export type AuditOverviewQuery = Static<typeof AuditOverviewQuery>;
const StatusCounts = Type.Object({
  total: Type.Integer(),
  draft: Type.Integer(),
  submitted: Type.Integer(),
  approved: Type.Integer(),
  returned: Type.Integer(),
});
export const AuditOverviewRow = Type.Object({
  delegationId: Type.Integer(),
  delegationName: Type.String(),
  areaName: Nullable(Type.String()),
  status: Type.String(),
  athletes: StatusCounts,
  coaches: StatusCounts,
  entries: Type.Integer(),
});
export type AuditOverviewRow = Static<typeof AuditOverviewRow>;
export const AuditOverviewVO = Type.Object({
  totals: Type.Object({ athletes: StatusCounts, coaches: StatusCounts, delegations: Type.Integer() }),
  delegations: Type.Array(AuditOverviewRow),
});
export type AuditOverviewVO = Static<typeof AuditOverviewVO>;

export const AUDIT_PROBLEM_FILTERS = ['missing_photo', 'missing_field', 'no_entry', 'changed'] as const;
const AuditFilters = {
  ...PageQuery.properties,
  meetingId: Id,
  delegationId: Type.Optional(Id),
  keywords: Keywords,
  status: Type.Optional(Literals(AUDIT_STATUS_LIST)),
  problem: Type.Optional(Literals(AUDIT_PROBLEM_FILTERS)),
};
export const AuditAthleteQuery = Type.Object({ ...AuditFilters, groupId: Type.Optional(Id) });
export type AuditAthleteQuery = Static<typeof AuditAthleteQuery>;
export const AuditCoachQuery = Type.Object({ ...AuditFilters, role: Type.Optional(Literals(COACH_ROLE_LIST)) });
export type AuditCoachQuery = Static<typeof AuditCoachQuery>;

export const RecordHistoryVO = Type.Object({
  id: Type.Integer(),
  before: Type.Unknown(),
  after: Type.Unknown(),
  userName: Nullable(Type.String()),
  createdAt: Timestamp,
});
export type RecordHistoryVO = Static<typeof RecordHistoryVO>;
export const AuditDecisionVO = Type.Object({
  id: Type.Integer(),
  level: Literals(['area', 'committee'] as const),
  decision: Literals(['approve', 'return'] as const),
  reason: Nullable(Type.String()),
  userName: Nullable(Type.String()),
  createdAt: Timestamp,
});
export type AuditDecisionVO = Static<typeof AuditDecisionVO>;
/** A group (by id) or an event (by item code) in both languages: the history names them so. */
export const AuditGroupNameVO = Type.Object({ id: Type.Integer(), name: Type.String(), nameEn: Type.String() });
export type AuditGroupNameVO = Static<typeof AuditGroupNameVO>;
export const AuditItemNameVO = Type.Object({ code: Type.String(), name: Type.String(), nameEn: Type.String() });
export type AuditItemNameVO = Static<typeof AuditItemNameVO>;
/** `GET /api/v1/audit/{athletes|coaches}/{id}`. */
export const AuditDetailVO = Type.Object({
  entity: Literals(['athlete', 'coach'] as const),
  athlete: Nullable(AthleteVO),
  coach: Nullable(CoachVO),
  entries: Type.Array(EntryVO),
  files: Type.Array(DelegationFileVO),
  history: Type.Array(RecordHistoryVO),
  decisions: Type.Array(AuditDecisionVO),
  /**
   * The labels and kinds of the record's field values, in both languages: the meeting's fields
   * of its kind (and the athlete's group's) in the form's order, then any other field its
   * values or its history hold (photo included).
   */
  formFields: Type.Array(FieldLinkVO),
  /** The groups the record and its history name by id (`groupId`), in both languages. */
  groups: Type.Array(AuditGroupNameVO),
  /** The events the record's history names by item code (entries, relays), in both languages. */
  items: Type.Array(AuditItemNameVO),
  /** Problems the committee should look at (missing photo, field, entry...). */
  problems: Type.Array(Type.String()),
});
export type AuditDetailVO = Static<typeof AuditDetailVO>;

/** `POST /api/v1/audit/decisions`: approve or return records, in batch. */
export const AuditDecisionBody = Type.Object({
  entity: Literals(['athlete', 'coach'] as const),
  ids: Type.Array(Id, { minItems: 1, maxItems: 500 }),
  decision: Literals(['approve', 'return'] as const),
  reason: Type.Optional(Nullable(Text(AUDIT_REASON_MAX))),
});
export type AuditDecisionBody = Static<typeof AuditDecisionBody>;
export const AuditDecisionResult = Type.Object({ decided: Type.Integer(), skipped: Type.Integer() });
export type AuditDecisionResult = Static<typeof AuditDecisionResult>;

// ─── Public pages (`/api/v1/public`) ────────────────────────────────────────────────────

export const PublicMeetingCard = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  nameEn: Type.String(),
  venue: Type.String(),
  startDate: Type.String(),
  endDate: Type.String(),
  regClosesAt: Timestamp,
  /** The meeting's clock, the deadline is shown on. */
  timeZone: TimeZoneName,
  status: Literals(MEETING_STATUS_LIST),
  registrationOpen: Type.Boolean(),
  allowSelfRegistration: Type.Boolean(),
});
export type PublicMeetingCard = Static<typeof PublicMeetingCard>;
/** Whether a delegation can register itself for the meeting now (the server checks it again). */
export const canSelfRegister = (m: Pick<PublicMeetingCard, 'allowSelfRegistration' | 'registrationOpen'>) =>
  m.allowSelfRegistration && m.registrationOpen;
/** `GET /api/v1/public/home`. */
export const PublicHomeVO = Type.Object({
  open: Type.Array(PublicMeetingCard),
  competing: Type.Array(PublicMeetingCard),
  finished: Type.Array(PublicMeetingCard),
  notices: Type.Array(Type.Object({ id: Type.Integer(), title: Type.String(), publishedAt: Timestamp })),
});
export type PublicHomeVO = Static<typeof PublicHomeVO>;

/** `GET /api/v1/public/meetings/{id}/delegations` (querytm). */
export const PublicDelegationVO = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  areaName: Nullable(Type.String()),
  athletes: Type.Integer(),
  coaches: Type.Integer(),
  entries: Type.Integer(),
});
export type PublicDelegationVO = Static<typeof PublicDelegationVO>;
/** `GET /api/v1/public/meetings/{id}/entries?groupItemId=` — an event's entry list. */
export const PublicEntriesQuery = Type.Object({ groupItemId: Type.Optional(Id), delegationId: Type.Optional(Id) });
export type PublicEntriesQuery = Static<typeof PublicEntriesQuery>;
export const PublicEntryVO = Type.Object({
  groupItemId: Type.Integer(),
  athleteName: Type.String(),
  gender: Type.String(),
  delegationName: Type.String(),
  bib: Nullable(Type.String()),
  seedMark: Nullable(Type.String()),
  /** For relays: the team letter, the athlete name is the delegation's. */
  relayLetter: Nullable(Type.String()),
});
export type PublicEntryVO = Static<typeof PublicEntryVO>;
/** `GET /api/v1/public/meetings/{id}/counts`. */
export const PublicCountsVO = Type.Object({
  delegations: Type.Integer(),
  athletes: Type.Integer(),
  coaches: Type.Integer(),
  entries: Type.Integer(),
  groupItems: Type.Array(Type.Object({ groupItemId: Type.Integer(), entries: Type.Integer() })),
});
export type PublicCountsVO = Static<typeof PublicCountsVO>;

/** `POST /api/v1/public/query`: an athlete or parent finds a registration. */
export const PublicQueryBody = Type.Object({
  meetingId: Type.Optional(Id),
  name: Text(50, 1),
  idNumber: Type.String({ minLength: 5, maxLength: 30, pattern: '^[0-9A-Za-z()-]+$' }),
});
export type PublicQueryBody = Static<typeof PublicQueryBody>;
/** `POST /api/v1/public/query/by-mobile`: the delegation's mobile + SMS code (sms-code of `/api/v2/dlg`). */
export const PublicQueryByMobileBody = Type.Object({
  tmid: Id,
  mobile: Type.String({ minLength: 1, maxLength: 2048, description: 'SM2-encrypted mobile' }),
  smcode: Type.String({ minLength: 4, maxLength: 8 }),
});
export type PublicQueryByMobileBody = Static<typeof PublicQueryByMobileBody>;
/** What the public query answers: ID and phone masked (first 3 + last 4). */
export const PublicRegistrationVO = Type.Object({
  meetingId: Type.Integer(),
  meetingName: Type.String(),
  meetingNameEn: Type.String(),
  delegationName: Type.String(),
  name: Type.String(),
  gender: Type.String(),
  idNumberMasked: Type.String(),
  contactMobileMasked: Type.String(),
  groupName: Type.String(),
  groupNameEn: Type.String(),
  status: Literals(AUDIT_STATUS_LIST),
  bib: Nullable(Type.String()),
  items: Type.Array(
    Type.Object({ itemName: Type.String(), itemNameEn: Type.String(), seedMark: Nullable(Type.String()) }),
  ),
});
export type PublicRegistrationVO = Static<typeof PublicRegistrationVO>;

/** `POST /api/v1/public/meetings/{id}/self-register`: a team registers itself (reviewed by the committee). */
export const SelfRegisterBody = Type.Object({
  name: Text(100, 1),
  shortName: Type.Optional(Nullable(Text(50))),
  contactName: Text(50, 1),
  mobile: Type.String({ minLength: 1, maxLength: 2048, description: 'SM2-encrypted mobile' }),
  smcode: Type.String({ minLength: 4, maxLength: 8 }),
  areaCodeId: Type.Optional(Nullable(Id)),
});
export type SelfRegisterBody = Static<typeof SelfRegisterBody>;

// ─── Registration figures (`GET /api/v1/stats/registration?meetingId=`) ─────────────────

export const RegistrationStatsVO = Type.Object({
  meetings: Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      nameEn: Type.String(),
      status: Type.String(),
      delegations: Type.Integer(),
      athletes: Type.Integer(),
      coaches: Type.Integer(),
      entries: Type.Integer(),
      backlog: Type.Integer({ description: 'Athletes and coaches waiting for audit' }),
    }),
  ),
  /** For the chosen meeting (or the first): registrations per day, by group, by item. */
  perDay: Type.Array(Type.Object({ date: Type.String(), athletes: Type.Integer(), entries: Type.Integer() })),
  byGroup: Type.Array(Type.Object({ name: Type.String(), nameEn: Type.String(), athletes: Type.Integer() })),
  byItem: Type.Array(Type.Object({ name: Type.String(), nameEn: Type.String(), entries: Type.Integer() })),
});
export type RegistrationStatsVO = Static<typeof RegistrationStatsVO>;
export const RegistrationStatsQuery = Type.Object({ meetingId: Type.Optional(Id) });
export type RegistrationStatsQuery = Static<typeof RegistrationStatsQuery>;
