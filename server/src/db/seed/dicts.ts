import { USER_TYPE } from '@baton/contracts';

/** Dictionaries the product needs, labels in zh-cn and en: [value, zh, en, tagType]. */
export type DictEntry = [string, string, string, string | null];

export const DICTS: { code: string; name: string; nameEn: string; entries: DictEntry[] }[] = [
  {
    code: 'gender',
    name: '性别',
    nameEn: 'Gender',
    entries: [
      ['1', '男', 'Male', 'primary'],
      ['2', '女', 'Female', 'danger'],
      ['0', '未知', 'Unknown', 'info'],
    ],
  },
  {
    code: 'user_type',
    name: '用户类型',
    nameEn: 'User type',
    entries: [
      ['99', '超级管理员', 'Root', 'danger'],
      ['10', '系统管理员', 'Administrator', 'warning'],
      ['20', '组委会', 'Committee', 'primary'],
      ['30', '代表队', 'Delegation', 'success'],
      ['40', '裁判', 'Referee', 'info'],
      ['50', '单位', 'Customer', 'info'],
      ['60', '区县', 'County', 'info'],
      ['70', '区县下级单位', 'County sub-unit', 'info'],
    ],
  },
  {
    code: 'status',
    name: '状态',
    nameEn: 'Status',
    entries: [
      ['1', '正常', 'Enabled', 'success'],
      ['0', '停用', 'Disabled', 'danger'],
    ],
  },
  {
    code: 'meeting_status',
    name: '赛事状态',
    nameEn: 'Meeting status',
    entries: [
      ['draft', '草稿', 'Draft', 'info'],
      ['registration_open', '报名中', 'Registration open', 'success'],
      ['registration_closed', '报名截止', 'Registration closed', 'warning'],
      ['in_competition', '比赛中', 'In competition', 'primary'],
      ['finished', '已结束', 'Finished', 'info'],
      ['archived', '已归档', 'Archived', 'info'],
    ],
  },
  {
    code: 'audit_status',
    name: '审核状态',
    nameEn: 'Audit status',
    entries: [
      ['draft', '草稿', 'Draft', 'info'],
      ['submitted', '待审核', 'Submitted', 'warning'],
      ['approved', '已通过', 'Approved', 'success'],
      ['returned', '已退回', 'Returned', 'danger'],
    ],
  },
  {
    code: 'delegation_status',
    name: '代表队状态',
    nameEn: 'Delegation status',
    entries: [
      ['invited', '已邀请', 'Invited', 'info'],
      ['registering', '报名中', 'Registering', 'primary'],
      ['submitted', '已提交', 'Submitted', 'warning'],
      ['approved', '已通过', 'Approved', 'success'],
      ['returned', '已退回', 'Returned', 'danger'],
    ],
  },
  {
    code: 'notice_type',
    name: '通知类型',
    nameEn: 'Notice type',
    entries: [
      ['1', '系统通知', 'System notice', 'primary'],
      ['2', '赛事公告', 'Meeting announcement', 'success'],
      ['3', '审核结果', 'Audit result', 'warning'],
    ],
  },
  {
    code: 'notice_level',
    name: '通知级别',
    nameEn: 'Notice level',
    entries: [
      ['L', '低', 'Low', 'info'],
      ['M', '中', 'Medium', 'warning'],
      ['H', '高', 'High', 'danger'],
    ],
  },
  {
    code: 'data_scope',
    name: '数据权限',
    nameEn: 'Data scope',
    entries: [
      ['1', '全部数据', 'All data', null],
      ['2', '本部门及以下', 'Department and below', null],
      ['3', '本部门', 'Own department', null],
      ['4', '本人', 'Self', null],
    ],
  },
  {
    code: 'item_kind',
    name: '项目类型',
    nameEn: 'Event kind',
    entries: [
      ['track', '径赛', 'Track', 'primary'],
      ['field-height', '田赛（高度）', 'Field (height)', 'success'],
      ['field-distance', '田赛（远度）', 'Field (distance)', 'success'],
      ['relay', '接力', 'Relay', 'warning'],
      ['combined', '全能', 'Combined', 'danger'],
      ['road', '公路', 'Road', 'info'],
      ['other', '其他', 'Other', 'info'],
    ],
  },
  {
    code: 'coach_role',
    name: '随队人员角色',
    nameEn: 'Staff role',
    entries: [
      ['leader', '领队', 'Team leader', 'primary'],
      ['head_coach', '主教练', 'Head coach', 'success'],
      ['coach', '教练', 'Coach', 'success'],
      ['doctor', '队医', 'Doctor', 'warning'],
      ['other', '其他', 'Other', 'info'],
    ],
  },
  {
    code: 'id_type',
    name: '证件类型',
    nameEn: 'ID type',
    entries: [
      ['1', '居民身份证', 'Resident ID card', null],
      ['2', '护照', 'Passport', null],
      ['3', '港澳台居民证件', 'HK/Macao/Taiwan permit', null],
    ],
  },
];

export const ROLES: { code: string; name: string; nameEn: string; dataScope: number }[] = [
  { code: 'ROOT', name: '超级管理员', nameEn: 'Root', dataScope: 1 },
  { code: 'ADMIN', name: '系统管理员', nameEn: 'Administrator', dataScope: 1 },
  { code: 'COMMITTEE', name: '组委会', nameEn: 'Committee', dataScope: 2 },
  { code: 'DELEGATION', name: '代表队', nameEn: 'Delegation', dataScope: 4 },
  { code: 'REFEREE', name: '裁判', nameEn: 'Referee', dataScope: 4 },
  { code: 'CUSTOMER', name: '单位', nameEn: 'Customer', dataScope: 4 },
  { code: 'COUNTY', name: '区县', nameEn: 'County', dataScope: 2 },
  { code: 'COUNTY_SUB', name: '区县下级单位', nameEn: 'County sub-unit', dataScope: 3 },
  { code: 'CALL_ROOM', name: '检录员', nameEn: 'Call-room official', dataScope: 4 },
];

export const DEPTS: {
  name: string;
  nameEn: string;
  code: string;
  children?: { name: string; nameEn: string; code: string }[];
}[] = [
  {
    name: '百腾赛事',
    nameEn: 'Baton',
    code: 'BATON',
    children: [
      { name: '组委会', nameEn: 'Organising committee', code: 'COMMITTEE' },
      { name: '竞赛部', nameEn: 'Competition office', code: 'COMPETITION' },
      { name: '裁判组', nameEn: 'Technical officials', code: 'REFEREES' },
      { name: '信息技术部', nameEn: 'IT', code: 'IT' },
    ],
  },
];

/** Accounts seeded on an empty database (production: admin and root only); their passwords are printed once (or BATON_ADMIN_PASSWORD). */
export const DEMO_ACCOUNTS = [
  { username: 'admin', nickname: '系统管理员', userType: USER_TYPE.ADMIN, role: 'ADMIN', dept: 'BATON' },
  { username: 'root', nickname: '超级管理员', userType: USER_TYPE.ROOT, role: 'ROOT', dept: 'BATON' },
  {
    username: 'committee',
    nickname: '组委会演示账号',
    userType: USER_TYPE.COMMITTEE,
    role: 'COMMITTEE',
    dept: 'COMMITTEE',
  },
  { username: 'county', nickname: '区县演示账号', userType: USER_TYPE.COUNTY, role: 'COUNTY', dept: 'BATON' },
  { username: 'referee', nickname: '裁判演示账号', userType: USER_TYPE.REFEREE, role: 'REFEREE', dept: 'REFEREES' },
] as const;
