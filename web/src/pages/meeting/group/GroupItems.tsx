import { DeleteOutlined, EditOutlined, MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { GroupItemVO, GroupVO, RoundPlanVO } from '@baton/contracts';
import {
  COMBINED_DISCIPLINES,
  combinedPreset,
  LANE_TABLES,
  ROUND_NAMES,
  START_MODES,
  timeZoneOffset,
} from '@baton/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  App,
  Button,
  Col,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Row,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { groupItemApi, groupItemQueries } from '../../../api/groups';
import { itemQueries } from '../../../api/items';
import { useTranslation } from '../../../app/i18n';
import { FormModal } from '../../../components/crud';
import { Perm } from '../../../components/Perm';
import { useBilingual } from '../../../hooks/language';
import { useSticky } from '../../../hooks/useSticky';
import { fromLocalInput, meetingStamp, toLocalInput } from '../../../utils/meeting-format';
import { DisciplineList, MAX_DISCIPLINES } from './DisciplineList';

interface Values {
  itemId: number;
  maxPerDelegation?: number | null;
  relayTeamSize?: number;
  relayAlternates?: number;
  rounds: RoundPlanVO[];
  /** A combined event: its disciplines in order (each a round). */
  disciplines?: string[];
  scoring?: string;
  scheduledAt?: string;
  sort?: number;
}

/** "9,7,6,5" (also with Chinese commas or spaces) as numbers; null when something is not a number. */
export function parseScoring(text: string | undefined): number[] | null {
  const parts = (text ?? '').split(/[,，\s]+/).filter(Boolean);
  const values = parts.map(Number);
  return values.every((n) => Number.isInteger(n) && n >= 1 && n <= 1000) ? values : null;
}

/** The items offered in one group (shown in its expanded row): add, edit (limits, rounds, scoring, slot), remove. */
/** A group's items; their times on the meeting's clock (`timeZone`). */
export function GroupItems({
  group,
  timeZone,
  onChanged,
}: {
  group: GroupVO;
  timeZone: string;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const pick = useBilingual();
  const [editing, setEditing] = useState<GroupItemVO | 0 | null>(null);
  const list = useQuery(groupItemQueries.ofGroup(group.id));
  const reload = () => {
    void list.refetch();
    onChanged();
  };

  const remove = async (id: number) => {
    await groupItemApi.remove(id);
    message.success(t('crud.deleted'));
    reload();
  };

  const columns: TableColumnsType<GroupItemVO> = [
    { title: t('meeting.groupItem.code'), dataIndex: 'itemCode' },
    { title: t('meeting.groupItem.item'), key: 'item', render: (_, r) => pick(r.itemName, r.itemNameEn) },
    { title: t('meeting.groupItem.maxPerDelegation'), dataIndex: 'maxPerDelegation', render: (v) => v ?? '—' },
    {
      title: t('meeting.groupItem.rounds'),
      key: 'rounds',
      render: (_, r) => (
        <Space size={2} wrap>
          {r.rounds.map((round, i) => {
            const d = round.discipline ? COMBINED_DISCIPLINES[round.discipline] : undefined;
            if (d) {
              return (
                <Tag key={round.discipline}>{t('comp.discipline', { index: i + 1, name: pick(d.name, d.nameEn) })}</Tag>
              );
            }
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: rounds are an ordered plan without ids
              <Tag key={i}>
                {t(`meeting.round.${round.name}`)}
                {round.qualifyByPlace || round.qualifyByTime
                  ? ` Q${round.qualifyByPlace ?? 0}+q${round.qualifyByTime ?? 0}`
                  : ''}
                {round.start && round.start !== 'lanes' ? ` · ${t(`meeting.groupItem.starts.${round.start}`)}` : ''}
                {round.laneTable === 'event' ? ` · ${t('meeting.groupItem.laneTables.event')}` : ''}
              </Tag>
            );
          })}
        </Space>
      ),
    },
    { title: t('meeting.groupItem.scoring'), key: 'scoring', render: (_, r) => r.scoringTable.join('-') || '—' },
    {
      title: t('meeting.groupItem.scheduledAt'),
      dataIndex: 'scheduledAt',
      render: (v) => meetingStamp(v, timeZone) || '—',
    },
    { title: t('meeting.groupItem.entries'), dataIndex: 'entryCount' },
    {
      title: t('crud.actions'),
      key: 'actions',
      render: (_, r) => (
        <Perm value="meeting:group:edit">
          <Space size={0}>
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(r)}>
              {t('crud.edit')}
            </Button>
            <Popconfirm title={t('crud.deleteConfirm')} onConfirm={() => remove(r.id)}>
              <Button type="link" size="small" danger icon={<DeleteOutlined />}>
                {t('crud.delete')}
              </Button>
            </Popconfirm>
          </Space>
        </Perm>
      ),
    },
  ];

  return (
    <div data-testid={`group-items-${group.id}`} style={{ maxWidth: 'calc(100vw - 64px)' }}>
      <Space style={{ marginBottom: 8 }} wrap>
        <Typography.Text strong>
          {t('meeting.groupItem.title', { name: pick(group.name, group.nameEn) })}
        </Typography.Text>
        <Perm value="meeting:group:edit">
          <Button size="small" icon={<PlusOutlined />} onClick={() => setEditing(0)} data-testid="group-item-add">
            {t('meeting.groupItem.add')}
          </Button>
        </Perm>
      </Space>
      <Table<GroupItemVO>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={list.data ?? []}
        loading={list.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
      <GroupItemForm
        groupId={group.id}
        gender={group.gender}
        timeZone={timeZone}
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={reload}
      />
    </div>
  );
}

function GroupItemForm({
  groupId,
  gender,
  timeZone,
  editing,
  onClose,
  onSaved,
}: {
  groupId: number;
  gender: GroupVO['gender'];
  timeZone: string;
  editing: GroupItemVO | 0 | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const pick = useBilingual();
  const [form] = Form.useForm<Values>();
  const open = editing !== null;
  const shown = useSticky(editing);
  const items = useQuery({ ...itemQueries.picker(), enabled: open });
  const itemId = Form.useWatch('itemId', form);
  const chosen = items.data?.list.find((i) => i.id === itemId);
  const relay = chosen?.kind === 'relay';
  // A combined event's rounds are its disciplines (issue 23): a list of them instead of heats / final.
  const combined = chosen?.kind === 'combined' ? chosen.code : null;

  // A new combined event starts from its preset for the group's sex.
  useEffect(() => {
    if (editing === 0 && combined) form.setFieldValue('disciplines', combinedPreset(combined, gender));
  }, [editing, combined, gender, form]);

  useEffect(() => {
    if (editing === null) return;
    form.resetFields();
    if (editing === 0) {
      form.setFieldsValue({
        rounds: [{ name: 'final' }],
        scoring: '9,7,6,5,4,3,2,1',
        relayTeamSize: 4,
        relayAlternates: 2,
      });
    } else {
      form.setFieldsValue({
        itemId: editing.itemId,
        maxPerDelegation: editing.maxPerDelegation,
        relayTeamSize: editing.relayTeamSize,
        relayAlternates: editing.relayAlternates,
        rounds: editing.rounds,
        disciplines: disciplinesOf(editing, gender),
        scoring: editing.scoringTable.join(','),
        scheduledAt: toLocalInput(editing.scheduledAt, timeZone),
        sort: editing.sort,
      });
    }
  }, [editing, form, gender, timeZone]);

  const submit = async (v: Values) => {
    const body = {
      itemId: v.itemId,
      maxPerDelegation: v.maxPerDelegation ?? null,
      relayTeamSize: v.relayTeamSize ?? 4,
      relayAlternates: v.relayAlternates ?? 0,
      rounds: combined
        ? (v.disciplines ?? []).map((discipline) => ({ name: 'final' as const, discipline }))
        : v.rounds.map((r) => ({
            name: r.name,
            ...(r.qualifyByPlace != null ? { qualifyByPlace: r.qualifyByPlace } : {}),
            ...(r.qualifyByTime != null ? { qualifyByTime: r.qualifyByTime } : {}),
            // Draw options: the table and start as chosen ('meeting' / 'lanes' are the defaults, left
            // out); the round's own lane groups (set through the API) are kept as they were.
            ...(r.laneTable && r.laneTable !== 'meeting' ? { laneTable: r.laneTable } : {}),
            ...(r.laneGroups?.length ? { laneGroups: r.laneGroups } : {}),
            ...(r.start && r.start !== 'lanes' ? { start: r.start } : {}),
          })),
      scoringTable: parseScoring(v.scoring) ?? [],
      scheduledAt: fromLocalInput(v.scheduledAt, timeZone),
      sort: v.sort ?? 0,
    };
    if (editing) await groupItemApi.update(editing.id, { ...body, version: editing.version });
    else await groupItemApi.create({ ...body, groupId });
    message.success(t('crud.saved'));
    onSaved();
  };

  return (
    <FormModal<Values>
      open={open}
      title={shown ? t('meeting.groupItem.editTitle') : t('meeting.groupItem.addTitle')}
      form={form}
      onSubmit={submit}
      onClose={onClose}
      width={720}
      data-testid="group-item-form"
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="itemId"
            label={t('meeting.groupItem.item')}
            rules={[{ required: true, message: t('meeting.groupItem.rules.item') }]}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              disabled={Boolean(shown)}
              loading={items.isLoading}
              options={(items.data?.list ?? []).map((i) => ({
                value: i.id,
                label: `${i.code} ${pick(i.name, i.nameEn)}`,
              }))}
              data-testid="group-item-select"
            />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item name="maxPerDelegation" label={t('meeting.groupItem.maxPerDelegation')}>
            <InputNumber min={0} max={100} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item name="sort" label={t('meeting.sort')}>
            <InputNumber precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        {relay && (
          <>
            <Col xs={12}>
              <Form.Item name="relayTeamSize" label={t('meeting.groupItem.relayTeamSize')}>
                <InputNumber min={1} max={8} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={12}>
              <Form.Item name="relayAlternates" label={t('meeting.groupItem.relayAlternates')}>
                <InputNumber min={0} max={4} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </>
        )}
        <Col xs={24} sm={12}>
          <Form.Item
            name="scoring"
            label={t('meeting.groupItem.scoring')}
            tooltip={t('meeting.groupItem.scoringHint')}
            rules={[
              {
                validator: (_, v?: string) =>
                  parseScoring(v) && (parseScoring(v)?.length ?? 0) <= 12
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('meeting.groupItem.rules.scoring'))),
              },
            ]}
          >
            <Input placeholder="9,7,6,5,4,3,2,1" data-testid="group-item-scoring" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="scheduledAt"
            label={t('meeting.groupItem.scheduledAt')}
            extra={t('common.meetingClock', { zone: timeZoneOffset(timeZone) })}
          >
            <Input type="datetime-local" data-testid="group-item-scheduled" />
          </Form.Item>
        </Col>
      </Row>
      {combined ? (
        <Form.Item
          name="disciplines"
          label={t('meeting.groupItem.disciplines')}
          extra={t('meeting.groupItem.disciplinesHint')}
          rules={[
            {
              validator: async (_, codes?: string[]) => {
                if (!codes?.length) throw new Error(t('meeting.groupItem.rules.disciplinesEmpty'));
                if (codes.length > MAX_DISCIPLINES)
                  throw new Error(t('meeting.groupItem.rules.disciplinesMax', { max: MAX_DISCIPLINES }));
              },
            },
          ]}
        >
          <DisciplineList itemCode={combined} gender={gender} />
        </Form.Item>
      ) : (
        <RoundsEditor />
      )}
    </FormModal>
  );
}

/** A combined event's disciplines as its plan names them (a plan naming none: the preset). */
function disciplinesOf(editing: GroupItemVO, gender: GroupVO['gender']): string[] {
  const named = editing.rounds.flatMap((r) => (r.discipline ? [r.discipline] : []));
  return named.length || editing.itemKind !== 'combined' ? named : combinedPreset(editing.itemCode, gender);
}

/** Heats, semi-finals and the final of any other event, with qualifiers and draw options. */
function RoundsEditor() {
  const { t } = useTranslation();
  return (
    <>
      <Typography.Text strong>{t('meeting.groupItem.rounds')}</Typography.Text>
      <Form.List
        name="rounds"
        rules={[
          {
            validator: async (_, rounds?: RoundPlanVO[]) => {
              if (!rounds || rounds.length === 0) throw new Error(t('meeting.groupItem.rules.roundsEmpty'));
              if (rounds[rounds.length - 1]?.name !== 'final') throw new Error(t('meeting.groupItem.rules.lastFinal'));
            },
          },
        ]}
      >
        {(fields, { add, remove }, { errors }) => (
          <div style={{ marginTop: 8 }} data-testid="rounds-editor">
            {fields.map(({ key, name }) => (
              <Space key={key} align="baseline" wrap style={{ display: 'flex', marginBottom: 4 }}>
                <Form.Item name={[name, 'name']} rules={[{ required: true }]} style={{ marginBottom: 4 }}>
                  <Select
                    style={{ width: 130 }}
                    options={ROUND_NAMES.map((r) => ({ value: r, label: t(`meeting.round.${r}`) }))}
                  />
                </Form.Item>
                <Form.Item name={[name, 'qualifyByPlace']} style={{ marginBottom: 4 }}>
                  <InputNumber
                    min={0}
                    max={100}
                    precision={0}
                    placeholder={t('meeting.groupItem.qualifyByPlace')}
                    style={{ width: 120 }}
                  />
                </Form.Item>
                <Form.Item name={[name, 'qualifyByTime']} style={{ marginBottom: 4 }}>
                  <InputNumber
                    min={0}
                    max={100}
                    precision={0}
                    placeholder={t('meeting.groupItem.qualifyByTime')}
                    style={{ width: 120 }}
                  />
                </Form.Item>
                <Form.Item name={[name, 'laneTable']} style={{ marginBottom: 4 }}>
                  <Select
                    style={{ width: 190 }}
                    placeholder={t('meeting.groupItem.laneTable')}
                    aria-label={t('meeting.groupItem.laneTable')}
                    options={LANE_TABLES.map((v) => ({ value: v, label: t(`meeting.groupItem.laneTables.${v}`) }))}
                    data-testid="round-lane-table"
                  />
                </Form.Item>
                <Form.Item name={[name, 'start']} style={{ marginBottom: 4 }}>
                  <Select
                    style={{ width: 160 }}
                    placeholder={t('meeting.groupItem.start')}
                    aria-label={t('meeting.groupItem.start')}
                    options={START_MODES.map((v) => ({ value: v, label: t(`meeting.groupItem.starts.${v}`) }))}
                    data-testid="round-start"
                  />
                </Form.Item>
                <MinusCircleOutlined onClick={() => remove(name)} aria-label={t('crud.delete')} />
              </Space>
            ))}
            {fields.length < 4 && (
              <Button type="dashed" size="small" icon={<PlusOutlined />} onClick={() => add({ name: 'final' })}>
                {t('meeting.groupItem.addRound')}
              </Button>
            )}
            <Form.ErrorList errors={errors} />
            <Typography.Paragraph type="secondary" style={{ marginTop: 4, marginBottom: 0 }}>
              {t('meeting.groupItem.roundsHint')}
            </Typography.Paragraph>
            <Typography.Paragraph type="secondary" style={{ marginTop: 4, marginBottom: 0 }}>
              {t('meeting.groupItem.startHint')}
            </Typography.Paragraph>
          </div>
        )}
      </Form.List>
    </>
  );
}
