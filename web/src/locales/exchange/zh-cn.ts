/** 计时与数据交换（issue 6）。 */
export default {
  lynx: {
    title: 'FinishLynx 计时',
    hint: '已公布出发名单的计时项目组次。项目编号 = 项目 ID，轮次 = 1、2…，组次 = 组号；ID = 号码布。',
    evt: '项目与出发名单 (lynx.evt)',
    ppl: '人员 (lynx.ppl)',
    sch: '赛程 (lynx.sch)',
  },
  lif: {
    title: '导入成绩文件 (.lif)',
    hint: '先在上方选择项目和轮次，再选组次。按号码布匹配，其次按道次；导入后成绩为待确认。',
    heat: '组次',
    heatPlaceholder: '选择组次',
    heatOption: '第 {{number}} 组 · {{status}}',
    choose: '选择 .lif 文件',
    submit: '导入成绩',
    notSet: '只有已公布出发名单且成绩未确认的组次可以导入成绩。',
    done: '已写入第 {{number}} 组 {{count}} 条成绩',
    wind: '风速 {{wind}} 米/秒',
    line: '行',
    matchedBy: '匹配方式',
    matched: { bib: '号码布', lane: '道次' },
  },
  hytek: {
    title: 'Hy-Tek 报名数据',
    hint: '分号分隔文件：I 记录（运动员）与 D 记录（报项）。按代表队名称导入，并执行全部报名规则。',
    export: '导出报名 (hytek.txt)',
    import: '导入报名',
    choose: '选择文件 (.txt)',
  },
  json: {
    title: '赛事 JSON',
    hint: '代表队、参赛运动员（不含证件号）、项目、轮次与组次、成绩。',
    export: '导出 meet.json',
  },
  noManage: '数据交换仅限赛事组委会使用。',
};
