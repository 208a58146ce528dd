/**
 * Start lists (issue 6): choose a meeting, an event and a round; make its heats from the
 * approved entries (or the previous round's qualifiers) — or every event's first round at once
 * ("Generate all") — draw lanes again with a seed, move competitors by drag and drop (or the
 * keyboard "Move to…" menu), edit the round's settings, publish / unpublish, and read the
 * round's log. Refreshed live on `competition` frames.
 */
import { HistoryOutlined, ReloadOutlined, SettingOutlined, ThunderboltOutlined } from '@ant-design/icons';
import type { RoundVO, StartVO } from '@baton/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Empty,
  Input,
  InputNumber,
  Popconfirm,
  Row,
  Space,
  Spin,
  Tooltip,
  Typography,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { competitionQueries } from '../../../api/competition';
import { startListApi, startListQueries } from '../../../api/competition-startlists';
import { useTranslation } from '../../../app/i18n';
import { useNumberParams } from '../../../hooks/useNumberParams';
import { usePerm } from '../../../hooks/usePerm';
import {
  CompetitionPicker,
  NoCompetitionMeeting,
  useCompetitionLive,
  useCompetitionSelection,
  useRound,
} from '../shared';
import { GenerateAll } from './GenerateAll';
import { HeatCard, type MoveTarget } from './HeatCard';
import { LogDrawer } from './LogDrawer';
import { MissingBibs } from './MissingBibs';
import { SettingsModal, type SettingsValues } from './SettingsModal';

const SEED_PATTERN = /^[\w.:-]{1,64}$/;

export default function StartListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = usePerm();
  const qc = useQueryClient();
  const shared = useCompetitionSelection();
  const { get } = useNumberParams();
  // Without a round in the URL: the first round still to run (not official), not the last one.
  const chosen = get('roundId');
  const round0 =
    shared.event?.rounds.find((r) => r.id === chosen) ??
    shared.event?.rounds.find((r) => r.status !== 'official') ??
    shared.event?.rounds.at(-1);
  const selection = useMemo(() => ({ ...shared, round: round0, roundId: round0?.id }), [shared, round0]);
  const { meetingId, meeting, event, roundId, round: summary, setRoundId } = selection;
  useCompetitionLive(meetingId);
  const roundQ = useRound(roundId);
  const round = roundQ.data;
  const manage = meeting?.access === 'manage';
  const perms = {
    generate: manage && can('comp:startlist:generate'),
    edit: manage && can('comp:startlist:edit'),
    publish: manage && can('comp:startlist:publish'),
  };

  const [seed, setSeed] = useState('');
  const [heats, setHeats] = useState<number | null>(null);
  const [logOpen, setLogOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  useEffect(() => setSeed(round?.drawSeed ?? ''), [round?.drawSeed]);
  // A new round starts with the automatic number of heats.
  const [heatsFor, setHeatsFor] = useState(roundId);
  if (heatsFor !== roundId) {
    setHeatsFor(roundId);
    setHeats(null);
  }

  const seedValid = seed === '' || SEED_PATTERN.test(seed);
  const seedBody = seed && seedValid ? { seed } : {};

  /** A write answered with the round: show it, refresh the lists and the log. */
  const landed = (r: RoundVO, text: string) => {
    qc.setQueryData(competitionQueries.round(r.id).queryKey, r);
    void qc.invalidateQueries({ queryKey: competitionQueries.events(meetingId).queryKey });
    void qc.invalidateQueries({ queryKey: startListQueries.log(r.id).queryKey });
    if (r.id !== roundId) setRoundId(r.id);
    message.success(text);
  };
  const refetchOnError = () => void roundQ.refetch();

  const generate = useMutation({
    mutationFn: () =>
      startListApi.generate(event!.groupItemId, {
        ...(summary ? { roundIndex: summary.index } : {}),
        ...seedBody,
        ...(heats ? { heats } : {}),
      }),
    onSuccess: (r) =>
      landed(
        r,
        r.absentLeftOut
          ? t('startlist.generatedAbsent', { heats: r.heats.length, absent: r.absentLeftOut })
          : t('startlist.generated', { heats: r.heats.length }),
      ),
  });
  const draw = useMutation({
    mutationFn: () => startListApi.draw(round!.id, { ...seedBody, version: round!.version }),
    onSuccess: (r) => landed(r, t('startlist.drawn')),
    onError: refetchOnError,
  });
  const move = useMutation({
    mutationFn: ({ start, target }: { start: StartVO; target: MoveTarget }) =>
      startListApi.move(start.id, { ...target, version: start.version }),
    onSuccess: (r) => landed(r, t('startlist.moved')),
    onError: refetchOnError,
  });
  const publish = useMutation({
    mutationFn: () => startListApi.publish(round!.id, { version: round!.version }),
    onSuccess: (r) => landed(r, t('startlist.published')),
    onError: refetchOnError,
  });
  const unpublish = useMutation({
    mutationFn: () => startListApi.unpublish(round!.id, { version: round!.version }),
    onSuccess: (r) => landed(r, t('startlist.unpublished')),
    onError: refetchOnError,
  });
  const settings = useMutation({
    mutationFn: (v: SettingsValues) => startListApi.settings(round!.id, { ...v, version: round!.version }),
    onSuccess: (r) => {
      setSettingsOpen(false);
      landed(r, t('startlist.saved'));
    },
    onError: refetchOnError,
  });
  const busy = generate.isPending || draw.isPending || move.isPending || publish.isPending || unpublish.isPending;

  if (!selection.loading && !selection.meetings.length) return <NoCompetitionMeeting loading={false} />;

  // A combined event's round is run as its discipline (round.event: track, jump or throw).
  const kind = round?.event.kind ?? event?.kind;
  const field = kind === 'field-height' || kind === 'field-distance';
  // Lanes as the round starts: two per lane always draws lanes, a waterfall never (RoundVO.start).
  const start = round?.start ?? 'lanes';
  const lanes =
    !!round &&
    !field &&
    (kind === 'track' || kind === 'relay') &&
    (start === 'two-per-lane' || (start === 'lanes' && round.event.usesLanes));
  const laneCount = Math.max(8, ...(round?.heats.flatMap((h) => h.starts.map((s) => s.lane ?? 0)) ?? []));
  const hasHeats = !!round?.heats.length;
  const allDraft = !!round && round.heats.every((h) => h.status === 'draft');
  const anySet = !!round?.heats.some((h) => h.status === 'set');
  const anyDraft = !!round?.heats.some((h) => h.status === 'draft');

  const toolbar = event && (
    <Card variant="borderless" size="small" data-testid="sl-toolbar">
      <Space wrap>
        <Tooltip title={t('startlist.seedHint')}>
          <Input
            prefix={<Typography.Text type="secondary">{t('startlist.seed')}</Typography.Text>}
            value={seed}
            onChange={(e) => setSeed(e.target.value.trim())}
            status={seedValid ? undefined : 'error'}
            maxLength={64}
            allowClear
            style={{ width: 260, maxWidth: 'calc(100vw - 96px)' }}
            data-testid="sl-seed"
          />
        </Tooltip>
        {perms.generate && (allDraft || !summary) && (
          <Space.Compact>
            <InputNumber
              min={1}
              max={99}
              value={heats}
              onChange={(v) => setHeats(v)}
              placeholder={t('startlist.heatsAuto')}
              prefix={t('startlist.heats')}
              style={{ width: 130 }}
              data-testid="sl-heats"
            />
            {hasHeats ? (
              <Popconfirm title={t('startlist.regenerateConfirm')} onConfirm={() => generate.mutate()}>
                <Button
                  icon={<ThunderboltOutlined />}
                  loading={generate.isPending}
                  disabled={!seedValid}
                  data-testid="sl-generate"
                >
                  {t('startlist.regenerate')}
                </Button>
              </Popconfirm>
            ) : (
              <Button
                type="primary"
                icon={<ThunderboltOutlined />}
                loading={generate.isPending}
                disabled={!seedValid}
                onClick={() => generate.mutate()}
                data-testid="sl-generate"
              >
                {t('startlist.generate')}
              </Button>
            )}
          </Space.Compact>
        )}
        {perms.generate && hasHeats && allDraft && (
          <Popconfirm title={t('startlist.redrawConfirm')} onConfirm={() => draw.mutate()}>
            <Button icon={<ReloadOutlined />} loading={draw.isPending} disabled={!seedValid} data-testid="sl-redraw">
              {t('startlist.redraw')}
            </Button>
          </Popconfirm>
        )}
        {perms.publish && hasHeats && anyDraft && (
          <Popconfirm
            title={t('startlist.publishConfirm')}
            description={
              round && round.missingBibs > 0 ? (
                <Typography.Text type="warning" data-testid="sl-publish-bibs">
                  {t('startlist.bibs.publishWarning', { count: round.missingBibs })}
                </Typography.Text>
              ) : undefined
            }
            onConfirm={() => publish.mutate()}
          >
            <Button type="primary" loading={publish.isPending} data-testid="sl-publish">
              {t('startlist.publish')}
            </Button>
          </Popconfirm>
        )}
        {perms.publish && anySet && (
          <Popconfirm title={t('startlist.unpublishConfirm')} onConfirm={() => unpublish.mutate()}>
            <Button danger loading={unpublish.isPending} data-testid="sl-unpublish">
              {t('startlist.unpublish')}
            </Button>
          </Popconfirm>
        )}
        {perms.edit && round && round.status !== 'official' && (
          <Button icon={<SettingOutlined />} onClick={() => setSettingsOpen(true)} data-testid="sl-settings">
            {t('startlist.settings')}
          </Button>
        )}
        {round && (
          <Button icon={<HistoryOutlined />} onClick={() => setLogOpen(true)} data-testid="sl-log-open">
            {t('startlist.log')}
          </Button>
        )}
      </Space>
    </Card>
  );

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="startlist-page">
      <CompetitionPicker
        selection={selection}
        extra={perms.generate && meetingId !== undefined && <GenerateAll meetingId={meetingId} />}
      />
      {!event ? (
        <Card variant="borderless">
          <Empty description={t('startlist.chooseEvent')} />
        </Card>
      ) : (
        <>
          {toolbar}
          {round && meetingId !== undefined && (
            <MissingBibs meetingId={meetingId} count={round.missingBibs} manage={manage} />
          )}
          {roundQ.isLoading ? (
            <Spin />
          ) : hasHeats ? (
            <>
              {perms.edit && round!.heats.some((h) => h.status !== 'official') && (
                <Typography.Text type="secondary">{t('startlist.dragHint')}</Typography.Text>
              )}
              {!field && start !== 'lanes' && (
                <Alert
                  type="info"
                  showIcon
                  data-testid="sl-start-mode"
                  title={t('startlist.startMode', { mode: t(`meeting.groupItem.starts.${start}`) })}
                  description={t(`startlist.startHelp.${start}`)}
                />
              )}
              <Row gutter={[12, 12]}>
                {round!.heats.map((h) => (
                  <Col key={h.id} xs={24} lg={12} xxl={8}>
                    <HeatCard
                      heat={h}
                      heats={round!.heats}
                      lanes={lanes}
                      start={field ? 'lanes' : start}
                      laneCount={laneCount}
                      field={field}
                      editable={perms.edit}
                      busy={busy}
                      onMove={(start, target) => move.mutate({ start, target })}
                    />
                  </Col>
                ))}
              </Row>
            </>
          ) : (
            <Alert type="info" showIcon title={t('startlist.noStartList')} data-testid="sl-empty" />
          )}
        </>
      )}
      {round && (
        <SettingsModal
          round={round}
          open={settingsOpen}
          saving={settings.isPending}
          onClose={() => setSettingsOpen(false)}
          onSave={(v) => settings.mutate(v)}
        />
      )}
      <LogDrawer roundId={round?.id} open={logOpen} onClose={() => setLogOpen(false)} />
    </Space>
  );
}
