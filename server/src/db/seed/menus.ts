/**
 * The menu tree: every screen of spec §2, with the permission strings its buttons use.
 * `roles` lists the role codes (besides ROOT, which passes everything) granted the node.
 */
export interface MenuSeed {
  type: 'C' | 'M' | 'B';
  title: string;
  titleEn: string;
  path?: string;
  name?: string;
  component?: string;
  icon?: string;
  perm?: string;
  hidden?: boolean;
  keepAlive?: boolean;
  alwaysShow?: boolean;
  roles?: string[];
  children?: MenuSeed[];
}

const ADMIN = ['ADMIN'];
const MEETING = ['ADMIN', 'COMMITTEE'];
const AREA = ['ADMIN', 'COMMITTEE', 'COUNTY', 'COUNTY_SUB'];
const APPLY = ['DELEGATION'];
/** Competition work: the managers, and referees for results entry and reading start lists. */
const OFFICIALS = ['ADMIN', 'COMMITTEE', 'REFEREE'];
/**
 * The call room (检录, issue 24): the managers, referees, and the call-room officials (what each
 * official may do in a meeting is its duty there: competition/access.ts).
 */
const CALL_ROOM = [...OFFICIALS, 'CALL_ROOM'];

/** Buttons for the usual actions of a screen: `${prefix}:query`, `:add`, ... */
function buttons(prefix: string, actions: [string, string, string][], roles: string[]): MenuSeed[] {
  return actions.map(([action, zh, en]) => ({ type: 'B', title: zh, titleEn: en, perm: `${prefix}:${action}`, roles }));
}

const CRUD: [string, string, string][] = [
  ['query', '查询', 'Query'],
  ['add', '新增', 'Add'],
  ['edit', '编辑', 'Edit'],
  ['delete', '删除', 'Delete'],
];
const EXPORT: [string, string, string] = ['export', '导出', 'Export'];
const IMPORT: [string, string, string] = ['import', '导入', 'Import'];

function page(
  path: string,
  name: string,
  component: string,
  title: string,
  titleEn: string,
  icon: string,
  roles: string[],
  perms: MenuSeed[] = [],
  extra: Partial<MenuSeed> = {},
): MenuSeed {
  return { type: 'M', path, name, component, title, titleEn, icon, roles, children: perms, ...extra };
}

export const MENU_TREE: MenuSeed[] = [
  {
    type: 'C',
    title: '赛事管理',
    titleEn: 'Meetings',
    path: '/meeting',
    name: 'Meeting',
    icon: 'TrophyOutlined',
    roles: AREA,
    children: [
      page('trackmeet', 'Trackmeet', 'meeting/trackmeet/index', '赛事', 'Meetings', 'FlagOutlined', MEETING, [
        ...buttons('meeting:trackmeet', [...CRUD, EXPORT], MEETING),
        ...buttons(
          'meeting:trackmeet',
          [
            ['status', '状态变更', 'Change status'],
            ['admin', '赛事管理员', 'Meeting admins'],
            ['remark', '备注', 'Remarks'],
          ],
          MEETING,
        ),
      ]),
      page('nature', 'Nature', 'meeting/nature/index', '赛事性质', 'Natures', 'TagsOutlined', MEETING, [
        // Base data shared by every meeting: the committee reads it (and picks a nature for its
        // meetings), the administrators write it (modules/meetings/base-data.ts).
        ...buttons('meeting:nature', [CRUD[0]!, EXPORT], MEETING),
        ...buttons('meeting:nature', CRUD.slice(1), ADMIN),
      ]),
      page(
        'group',
        'MeetingGroup',
        'meeting/group/index',
        '组别',
        'Groups',
        'ClusterOutlined',
        MEETING,
        buttons('meeting:group', [...CRUD, EXPORT, ['copy', '复制', 'Copy']], MEETING),
      ),
      page(
        'delegation',
        'MeetingDelegation',
        'meeting/delegation/index',
        '代表队',
        'Delegations',
        'TeamOutlined',
        MEETING,
        buttons('meeting:delegation', [...CRUD, IMPORT, EXPORT, ['review', '审核', 'Review']], MEETING),
      ),
      page(
        'track-area-user',
        'TrackAreaUser',
        'meeting/track-area-user/index',
        '赛区用户',
        'Area users',
        'EnvironmentOutlined',
        MEETING,
        buttons(
          'meeting:area-user',
          [
            ['query', '查询', 'Query'],
            ['add', '分配', 'Assign'],
            ['delete', '移除', 'Remove'],
          ],
          MEETING,
        ),
      ),
      page(
        'area-apply-summary',
        'AreaApplySummary',
        'meeting/area-apply-summary/index',
        '赛区报名汇总',
        'Area summary',
        'BarChartOutlined',
        AREA,
        buttons('meeting:area-summary', [['query', '查询', 'Query'], EXPORT], AREA),
      ),
    ],
  },
  {
    type: 'C',
    title: '报名',
    titleEn: 'Sports apply',
    path: '/apply',
    name: 'Apply',
    icon: 'FormOutlined',
    roles: APPLY,
    children: [
      page('athlete', 'ApplyAthlete', 'apply/athlete/index', '运动员', 'Athletes', 'UserOutlined', APPLY, [
        ...buttons('apply:athlete', [...CRUD, IMPORT], APPLY),
        ...buttons('apply', [['submit', '提交审核', 'Submit for audit']], APPLY),
      ]),
      page(
        'coach',
        'ApplyCoach',
        'apply/coach/index',
        '教练员',
        'Coaches',
        'IdcardOutlined',
        APPLY,
        buttons('apply:coach', CRUD, APPLY),
      ),
      page(
        'item',
        'ApplyItem',
        'apply/item/index',
        '报项',
        'Applied items',
        'OrderedListOutlined',
        APPLY,
        buttons('apply:entry', CRUD, APPLY),
      ),
      page(
        'file',
        'ApplyFile',
        'apply/file/index',
        '附件上传',
        'File upload',
        'PaperClipOutlined',
        APPLY,
        buttons(
          'apply:file',
          [
            ['query', '查询', 'Query'],
            ['add', '上传', 'Upload'],
            ['delete', '删除', 'Delete'],
          ],
          APPLY,
        ),
      ),
    ],
  },
  {
    type: 'C',
    title: '审核',
    titleEn: 'Sports audit',
    path: '/audit',
    name: 'Audit',
    icon: 'AuditOutlined',
    roles: AREA,
    children: [
      page(
        'index',
        'AuditIndex',
        'audit/index/index',
        '审核概览',
        'Audit overview',
        'DashboardOutlined',
        AREA,
        buttons(
          'audit:record',
          [
            ['query', '查询', 'Query'],
            ['approve', '通过', 'Approve'],
            ['return', '退回', 'Return'],
          ],
          AREA,
        ),
      ),
      page('athlete', 'AuditAthlete', 'audit/athlete/index', '运动员审核', 'Athlete audit', 'UserOutlined', AREA),
      page('coach', 'AuditCoach', 'audit/coach/index', '教练员审核', 'Coach audit', 'IdcardOutlined', AREA),
      page('detail', 'AuditDetail', 'audit/detail/index', '审核详情', 'Audit detail', 'FileSearchOutlined', AREA, [], {
        hidden: true,
      }),
    ],
  },
  {
    type: 'C',
    title: '竞赛',
    titleEn: 'Competition',
    path: '/competition',
    name: 'Competition',
    icon: 'FieldTimeOutlined',
    roles: CALL_ROOM,
    children: [
      page(
        'startlist',
        'CompStartList',
        'competition/startlist/index',
        '分组编排',
        'Start lists',
        'OrderedListOutlined',
        OFFICIALS,
        [
          ...buttons('comp:startlist', [['query', '查询', 'Query']], OFFICIALS),
          ...buttons(
            'comp:startlist',
            [
              ['generate', '生成', 'Generate'],
              ['edit', '调整', 'Adjust'],
              ['publish', '发布', 'Publish'],
            ],
            MEETING,
          ),
        ],
      ),
      page(
        'results',
        'CompResults',
        'competition/results/index',
        '成绩录入',
        'Results entry',
        'EditOutlined',
        OFFICIALS,
        [
          ...buttons('comp:result', [['entry', '录入', 'Enter']], OFFICIALS),
          ...buttons('comp:result', [['official', '成绩生效', 'Make official']], MEETING),
        ],
      ),
      page('callroom', 'CompCallRoom', 'competition/callroom/index', '检录', 'Call room', 'ScanOutlined', CALL_ROOM, [
        ...buttons(
          'comp:callroom',
          [
            ['query', '查询', 'Query'],
            ['mark', '检录', 'Check in'],
          ],
          CALL_ROOM,
        ),
        ...buttons('comp:callroom', [['setup', '设置', 'Settings']], MEETING),
      ]),
      page(
        'scores',
        'CompScores',
        'competition/scores/index',
        '团体总分与纪录',
        'Scores and records',
        'TrophyOutlined',
        MEETING,
        buttons(
          'comp:score',
          [
            ['query', '查询', 'Query'],
            ['record', '维护纪录', 'Edit records'],
          ],
          MEETING,
        ),
      ),
      page(
        'bibs',
        'CompBibs',
        'competition/bibs/index',
        '号码布',
        'Bibs',
        'NumberOutlined',
        MEETING,
        buttons(
          'comp:bib',
          [
            ['query', '查询', 'Query'],
            ['assign', '编号', 'Assign'],
          ],
          MEETING,
        ),
      ),
      page(
        'schedule',
        'CompSchedule',
        'competition/schedule/index',
        '竞赛日程',
        'Schedule',
        'ScheduleOutlined',
        MEETING,
        buttons(
          'comp:schedule',
          [
            ['query', '查询', 'Query'],
            ['edit', '编辑', 'Edit'],
          ],
          MEETING,
        ),
      ),
      page(
        'documents',
        'CompDocuments',
        'competition/documents/index',
        '打印中心',
        'Print centre',
        'PrinterOutlined',
        OFFICIALS,
        buttons('comp:doc', [['print', '打印', 'Print']], OFFICIALS),
      ),
      page(
        'exchange',
        'CompExchange',
        'competition/exchange/index',
        '计时与数据交换',
        'Timing and data exchange',
        'SwapOutlined',
        // Referees reach the page for the FinishLynx .lif imports (results entry, comp:result:entry);
        // the exports and Hy-Tek are the managers' buttons.
        OFFICIALS,
        buttons(
          'comp:exchange',
          [
            ['export', '导出', 'Export'],
            ['import', '导入', 'Import'],
          ],
          MEETING,
        ),
      ),
    ],
  },
  {
    type: 'C',
    title: '基础数据',
    titleEn: 'Base data',
    path: '/base',
    name: 'Base',
    icon: 'DatabaseOutlined',
    roles: MEETING,
    children: [
      page('item', 'BaseItem', 'base/item/index', '项目', 'Events', 'ThunderboltOutlined', MEETING, [
        // Base data shared by every meeting: the committee reads it, the administrators write it
        // (modules/meetings/base-data.ts).
        ...buttons('base:item', [CRUD[0]!, EXPORT], MEETING),
        ...buttons('base:item', CRUD.slice(1), ADMIN),
      ]),
      page('field', 'BaseField', 'base/field/index', '字段', 'Fields', 'ProfileOutlined', MEETING, [
        // Base data shared by every meeting: the committee reads it, the administrators write it
        // (modules/meetings/base-data.ts).
        ...buttons('base:field', [CRUD[0]!, EXPORT], MEETING),
        ...buttons('base:field', CRUD.slice(1), ADMIN),
      ]),
      page('codes', 'BaseCodes', 'base/codes/index', '编码', 'Codes', 'NumberOutlined', MEETING, [
        ...buttons('base:code', [CRUD[0]!, EXPORT], MEETING),
        ...buttons('base:code', [...CRUD.slice(1), IMPORT], ADMIN),
      ]),
      page('customer', 'BaseCustomer', 'base/customer/index', '单位', 'Customers', 'BankOutlined', MEETING, [
        ...buttons('base:customer', [CRUD[0]!, EXPORT], MEETING),
        ...buttons('base:customer', CRUD.slice(1), ADMIN),
      ]),
    ],
  },
  {
    type: 'C',
    title: '系统管理',
    titleEn: 'System',
    path: '/system',
    name: 'System',
    icon: 'SettingOutlined',
    roles: ADMIN,
    children: [
      page(
        'user',
        'User',
        'system/user/index',
        '用户管理',
        'Users',
        'UserOutlined',
        ADMIN,
        buttons('sys:user', [...CRUD, ['reset-password', '重置密码', 'Reset password'], IMPORT, EXPORT], ADMIN),
      ),
      page(
        'role',
        'Role',
        'system/role/index',
        '角色管理',
        'Roles',
        'SafetyOutlined',
        ADMIN,
        buttons('sys:role', [...CRUD, ['assign', '分配权限', 'Assign permissions']], ADMIN),
      ),
      page(
        'menu',
        'SysMenu',
        'system/menu/index',
        '菜单管理',
        'Menus',
        'MenuOutlined',
        ADMIN,
        buttons('sys:menu', CRUD, ADMIN),
      ),
      page(
        'dept',
        'Dept',
        'system/dept/index',
        '部门管理',
        'Departments',
        'ApartmentOutlined',
        ADMIN,
        buttons('sys:dept', CRUD, ADMIN),
      ),
      page(
        'dict',
        'Dict',
        'system/dict/index',
        '字典管理',
        'Dictionaries',
        'BookOutlined',
        ADMIN,
        buttons('sys:dict', CRUD, ADMIN),
      ),
      page(
        'dict-data',
        'DictData',
        'system/dict/data/index',
        '字典数据',
        'Dictionary data',
        'BookOutlined',
        ADMIN,
        buttons('sys:dict-data', CRUD, ADMIN),
        { hidden: true },
      ),
      page(
        'config',
        'Config',
        'system/config/index',
        '系统配置',
        'Configuration',
        'ControlOutlined',
        ADMIN,
        buttons('sys:config', [...CRUD, ['refresh', '刷新缓存', 'Refresh cache']], ADMIN),
      ),
      page(
        'log',
        'Log',
        'system/log/index',
        '系统日志',
        'Logs',
        'FileTextOutlined',
        ADMIN,
        buttons('sys:log', [['query', '查询', 'Query'], EXPORT], ADMIN),
      ),
      page(
        'notice',
        'Notice',
        'system/notice/index',
        '通知公告',
        'Notices',
        'NotificationOutlined',
        ADMIN,
        buttons('sys:notice', [...CRUD, ['publish', '发布', 'Publish'], ['revoke', '撤回', 'Revoke']], ADMIN),
      ),
    ],
  },
  {
    type: 'C',
    title: '功能演示',
    titleEn: 'Demo',
    path: '/demo',
    name: 'Demo',
    icon: 'ExperimentOutlined',
    roles: ADMIN,
    children: [
      page('codegen', 'Codegen', 'demo/codegen/index', '代码生成', 'Code generator', 'CodeOutlined', ADMIN),
      page('api-doc', 'ApiDoc', 'demo/api-doc/index', '接口文档', 'API docs', 'ApiOutlined', ADMIN),
      page('crud', 'Crud', 'demo/crud/index', '增删改查', 'CRUD', 'TableOutlined', ADMIN),
      page('icons', 'Icons', 'demo/icons/index', '图标', 'Icons', 'SmileOutlined', ADMIN),
      page('websocket', 'Websocket', 'demo/websocket/index', 'WebSocket', 'WebSocket', 'WifiOutlined', ADMIN),
      page('upload', 'Upload', 'demo/upload/index', '上传', 'Upload', 'UploadOutlined', ADMIN),
      page('editor', 'Editor', 'demo/editor/index', '编辑器', 'Editor', 'EditOutlined', ADMIN),
      {
        type: 'C',
        title: '多级菜单',
        titleEn: 'Multi-level menu',
        path: 'multi-level',
        name: 'MultiLevel',
        icon: 'PartitionOutlined',
        alwaysShow: true,
        roles: ADMIN,
        children: [
          {
            type: 'C',
            title: '二级菜单',
            titleEn: 'Level 2',
            path: 'level2',
            name: 'MultiLevel2',
            alwaysShow: true,
            roles: ADMIN,
            children: [
              page('level3', 'MultiLevel3', 'demo/multi-level/index', '三级菜单', 'Level 3', 'BranchesOutlined', ADMIN),
            ],
          },
        ],
      },
    ],
  },
];
