/**
 * Team scoring as the meeting's 竞赛规程 writes it (issue 23): the rules in force for the table
 * shown (points lists, relays double, record bonus, 减一录取, ties by firsts), the committee's
 * options dialog (`PUT …/team-scoring`) and the 体育道德风尚奖 (sportsmanship award) list and its
 * editor (`PUT …/sportsmanship`).
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { SportsmanshipVO, TeamScoresVO, TeamScoringOptions } from '@baton/contracts';
import {
  App,
  Button,
  Descriptions,
  Empty,
  Form,
  Input,
  InputNumber,
  List,
  Select,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { useEffect } from 'react';
import { scoresApi } from '../../../api/competition-scores';
import { useTranslation } from '../../../app/i18n';
import { FormModal } from '../../../components/crud';

/** 6.5, 20, 7.33: no trailing zeros. */
export const formatPoints = (p: number) => String(Math.round(p * 100) / 100);

/** The rules in force for the table shown. */
export function ScoringRules({ scores }: { scores: TeamScoresVO }) {
  const { t } = useTranslation();
  const o = scores.options;
  const yesNo = (on: boolean) =>
    on ? <Tag color="blue">{t('scores.team.on')}</Tag> : <Tag>{t('scores.team.off')}</Tag>;
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2, lg: 3 }}
      title={t('scores.team.rulesTitle')}
      data-testid="scores-rules"
      items={[
        {
          key: 'tables',
          label: t('scores.team.tables'),
          children: scores.tables.length ? (
            <Space size={4} wrap>
              {scores.tables.map((row) => (
                <Tag key={row.join('-')}>{row.map(formatPoints).join('-')}</Tag>
              ))}
            </Space>
          ) : (
            <Typography.Text type="secondary">{t('scores.team.noTables')}</Typography.Text>
          ),
        },
        { key: 'relayDouble', label: t('scores.team.relayDouble'), children: yesNo(o.relayDouble) },
        {
          key: 'recordBonus',
          label: t('scores.team.recordBonus'),
          children:
            o.recordBonus > 0 ? (
              <Tag color="blue">{t('scores.team.bonusPoints', { points: formatPoints(o.recordBonus) })}</Tag>
            ) : (
              <Tag>{t('scores.team.off')}</Tag>
            ),
        },
        { key: 'minusOne', label: t('scores.team.minusOne'), children: yesNo(o.minusOne) },
        {
          key: 'tie',
          label: t('scores.team.tie'),
          children: o.tieByPlaces ? (
            <Tag color="blue">{t('scores.team.tieByPlaces')}</Tag>
          ) : (
            <Tag>{t('scores.team.tieShared')}</Tag>
          ),
        },
      ]}
    />
  );
}

/** The awarded delegations, with the committee's note. */
export function SportsmanshipList({ awards }: { awards: SportsmanshipVO[] }) {
  const { t } = useTranslation();
  return (
    <List<SportsmanshipVO>
      size="small"
      header={<Typography.Text strong>{t('scores.team.awardTitle')}</Typography.Text>}
      dataSource={awards}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('scores.team.noAwards')} /> }}
      renderItem={(a) => (
        <List.Item key={a.delegationId} data-testid={`award-${a.delegationId}`}>
          <Space size={8} wrap>
            <Typography.Text strong>{a.delegationName}</Typography.Text>
            {a.delegationShort && a.delegationShort !== a.delegationName && (
              <Typography.Text type="secondary">({a.delegationShort})</Typography.Text>
            )}
            {a.note && <Typography.Text type="secondary">{a.note}</Typography.Text>}
          </Space>
        </List.Item>
      )}
      data-testid="scores-awards"
    />
  );
}

interface OptionValues extends TeamScoringOptions {
  /** A group's table: follow the meeting's options (saved as null). */
  follow: boolean;
}

/** The options dialog: the meeting's, or the group's when one is chosen. */
export function TeamOptionsModal({
  open,
  meetingId,
  groupId,
  groupLabel,
  options,
  onClose,
  onSaved,
}: {
  open: boolean;
  meetingId: number;
  groupId: number | undefined;
  groupLabel: string | undefined;
  options: TeamScoringOptions;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<OptionValues>();
  const follow = Form.useWatch('follow', form);
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ ...options, follow: false });
  }, [open, options, form]);

  const submit = async (v: OptionValues) => {
    const chosen: TeamScoringOptions = {
      relayDouble: Boolean(v.relayDouble),
      recordBonus: v.recordBonus ?? 0,
      minusOne: Boolean(v.minusOne),
      tieByPlaces: Boolean(v.tieByPlaces),
    };
    await scoresApi.setTeamScoring(meetingId, {
      groupId: groupId ?? null,
      options: groupId !== undefined && v.follow ? null : chosen,
    });
    message.success(t('crud.saved'));
    onSaved();
  };

  return (
    <FormModal<OptionValues>
      open={open}
      title={groupLabel ? t('scores.team.optionsGroupTitle', { group: groupLabel }) : t('scores.team.optionsTitle')}
      form={form}
      onSubmit={submit}
      onClose={onClose}
      width={520}
      formProps={{ layout: 'horizontal', labelCol: { span: 10 }, wrapperCol: { span: 14 } }}
      data-testid="team-options-form"
    >
      {groupId !== undefined && (
        <Form.Item name="follow" label={t('scores.team.follow')} valuePropName="checked">
          <Switch data-testid="team-options-follow" />
        </Form.Item>
      )}
      <Form.Item name="relayDouble" label={t('scores.team.relayDouble')} valuePropName="checked">
        <Switch disabled={follow} data-testid="team-options-relay" />
      </Form.Item>
      <Form.Item
        name="recordBonus"
        label={t('scores.team.recordBonus')}
        tooltip={t('scores.team.recordBonusHint')}
        rules={[{ type: 'number', min: 0, max: 100, message: t('scores.team.bonusRange') }]}
      >
        <InputNumber
          min={0}
          max={100}
          step={0.5}
          precision={1}
          disabled={follow}
          style={{ width: 120 }}
          data-testid="team-options-bonus"
        />
      </Form.Item>
      <Form.Item
        name="minusOne"
        label={t('scores.team.minusOne')}
        tooltip={t('scores.team.minusOneHint')}
        valuePropName="checked"
      >
        <Switch disabled={follow} data-testid="team-options-minus-one" />
      </Form.Item>
      <Form.Item name="tieByPlaces" label={t('scores.team.tieByPlaces')} valuePropName="checked">
        <Switch disabled={follow} data-testid="team-options-tie" />
      </Form.Item>
    </FormModal>
  );
}

interface AwardValues {
  awards: { delegationId?: number; note?: string }[];
}

/** The 体育道德风尚奖 editor: the whole list, a delegation of the meeting and a note a row. */
export function AwardModal({
  open,
  meetingId,
  awards,
  delegations,
  onClose,
  onSaved,
}: {
  open: boolean;
  meetingId: number;
  awards: SportsmanshipVO[];
  delegations: { value: number; label: string }[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<AwardValues>();
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ awards: awards.map((a) => ({ delegationId: a.delegationId, note: a.note })) });
  }, [open, awards, form]);

  const submit = async (v: AwardValues) => {
    await scoresApi.setSportsmanship(meetingId, {
      awards: (v.awards ?? []).map((a) => ({ delegationId: a.delegationId!, note: (a.note ?? '').trim() })),
    });
    message.success(t('crud.saved'));
    onSaved();
  };

  return (
    <FormModal<AwardValues>
      open={open}
      title={t('scores.team.awardTitle')}
      form={form}
      onSubmit={submit}
      onClose={onClose}
      width={600}
      data-testid="award-form"
    >
      <Form.List name="awards">
        {(fields, { add, remove }) => (
          <Space orientation="vertical" size={0} style={{ width: '100%' }}>
            {fields.map((field, i) => (
              <Space key={field.key} align="start" wrap style={{ width: '100%' }}>
                <Form.Item
                  name={[field.name, 'delegationId']}
                  rules={[
                    { required: true, message: t('scores.team.chooseDelegation') },
                    ({ getFieldValue }) => ({
                      validator: (_, value?: number) => {
                        const rows = (getFieldValue('awards') ?? []) as AwardValues['awards'];
                        return value !== undefined && rows.some((r, j) => j !== i && r?.delegationId === value)
                          ? Promise.reject(new Error(t('scores.team.repeated')))
                          : Promise.resolve();
                      },
                    }),
                  ]}
                >
                  <Select
                    showSearch={{ optionFilterProp: 'label' }}
                    placeholder={t('scores.delegation')}
                    options={delegations}
                    style={{ width: 240, maxWidth: 'calc(100vw - 96px)' }}
                    data-testid={`award-delegation-${i}`}
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'note']}>
                  <Input
                    maxLength={200}
                    placeholder={t('scores.team.note')}
                    style={{ width: 240, maxWidth: 'calc(100vw - 96px)' }}
                    data-testid={`award-note-${i}`}
                  />
                </Form.Item>
                <Button
                  icon={<DeleteOutlined />}
                  aria-label={t('crud.delete')}
                  onClick={() => remove(field.name)}
                  data-testid={`award-remove-${i}`}
                />
              </Space>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => add({ note: '' })}
              disabled={fields.length >= 200}
              data-testid="award-add"
            >
              {t('scores.team.addAward')}
            </Button>
          </Space>
        )}
      </Form.List>
    </FormModal>
  );
}
