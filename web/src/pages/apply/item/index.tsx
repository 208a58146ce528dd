import type { ApplyItemVO, AthleteVO, EntryVO } from '@baton/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Card,
  Checkbox,
  Col,
  Empty,
  Flex,
  Popover,
  Row,
  Segmented,
  Select,
  Space,
  Spin,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { applyApi, applyQueries } from '../../../api/apply';
import { useTranslation } from '../../../app/i18n';
import { DictTag } from '../../../components/crud';
import { useBilingual } from '../../../hooks/language';
import { useMobile } from '../../../hooks/useMobile';
import { ApplyHeader } from '../ApplyHeader';
import { type EntryBlock, entryBlock } from '../rules';
import { readOnlyReason, refreshApply, useApplyContext } from '../shared';
import { QuotaTag } from './QuotaTag';
import { RelayItem } from './RelayTeams';
import { SeedMarkEditor } from './SeedMarkEditor';
import '../apply.css';

const cellKey = (athleteId: number, groupItemId: number) => `${athleteId}:${groupItemId}`;

/**
 * Sports apply → Applied items: per group, each athlete's individual events (tick to enter,
 * untick to withdraw) with the live quota and seed marks, and the relay teams. The limits are
 * shown before they bite: the events an athlete may still enter, the delegation's places left
 * in each event, and a choice the rules would refuse is disabled with its reason (rules.ts
 * `entryBlock`). The server still decides every limit; a refused tick springs back and its
 * message is shown.
 */
export default function ApplyItemPage() {
  const { t } = useTranslation();
  const bi = useBilingual();
  const mobile = useMobile();
  const { ctx, delegationId } = useApplyContext();
  const [params, setParams] = useSearchParams();
  const [groupId, setGroupId] = useState<number | undefined>();
  const [view, setView] = useState<'athlete' | 'matrix'>('athlete');
  const [athleteId, setAthleteId] = useState<number | undefined>();
  const [highlight, setHighlight] = useState<number | undefined>();
  /** Ticks on their way to the server: the wanted state, shown until the answer. */
  const [pending, setPending] = useState<Record<string, boolean>>({});
  const writable = Boolean(ctx?.writable);
  const reason = readOnlyReason(ctx, t);

  const groups = ctx?.groups ?? [];
  const group = groups.find((g) => g.id === groupId) ?? groups[0];
  const gid = group?.id;
  useEffect(() => {
    if (gid && gid !== groupId) setGroupId(gid);
  }, [gid, groupId]);

  const items = useQuery({ ...applyQueries.groupItems(delegationId, gid), enabled: Boolean(gid) });
  const athletes = useQuery({ ...applyQueries.groupAthletes(delegationId, gid), enabled: Boolean(gid) });

  // `?relay=<id>` (from the submit summary): open that team's group and mark it.
  const relayParam = Number(params.get('relay'));
  useEffect(() => {
    if (!Number.isInteger(relayParam) || relayParam <= 0) return;
    let live = true;
    applyApi
      .items(undefined, delegationId)
      .then((all) => {
        const relay = all.relays.find((r) => r.id === relayParam);
        const item = relay && all.items.find((i) => i.groupItemId === relay.groupItemId);
        if (!live || !item) return;
        setGroupId(item.groupId);
        setHighlight(relay.id);
        setTimeout(() => document.getElementById(`relay-${relay.id}`)?.scrollIntoView({ block: 'center' }), 400);
      })
      .catch(() => undefined);
    setParams(
      (p) => {
        p.delete('relay');
        return p;
      },
      { replace: true },
    );
    return () => {
      live = false;
    };
  }, [relayParam, delegationId, setParams]);

  const groupItems = items.data?.items ?? [];
  const individual = groupItems.filter((i) => i.kind !== 'relay');
  const relayItems = groupItems.filter((i) => i.kind === 'relay');
  const itemIds = new Set(groupItems.map((i) => i.groupItemId));
  const entries = (items.data?.entries ?? []).filter((e) => itemIds.has(e.groupItemId));
  const relays = (items.data?.relays ?? []).filter((r) => itemIds.has(r.groupItemId));
  const roster = athletes.data?.list ?? [];
  const entryOf = useMemo(() => {
    const map = new Map<string, EntryVO>();
    for (const e of items.data?.entries ?? []) map.set(cellKey(e.athleteId, e.groupItemId), e);
    return map;
  }, [items.data]);
  const individualIds = new Set(individual.map((i) => i.groupItemId));
  const usedBy = (aid: number) => entries.filter((e) => e.athleteId === aid && individualIds.has(e.groupItemId)).length;
  const maxEvents = group?.maxEventsPerAthlete ?? ctx?.meeting.maxEventsPerAthlete ?? 0;
  const maxRelays = ctx?.meeting.maxRelaysPerAthlete ?? 0;

  const athlete = roster.find((a) => a.id === athleteId) ?? roster[0];
  const refetch = useCallback(() => {
    void items.refetch();
    refreshApply(applyQueries.athletes());
  }, [items]);

  const toggle = async (a: AthleteVO, item: ApplyItemVO, on: boolean) => {
    const key = cellKey(a.id, item.groupItemId);
    setPending((p) => ({ ...p, [key]: on }));
    try {
      if (on) await applyApi.entries.create({ delegationId, athleteId: a.id, groupItemId: item.groupItemId });
      else {
        const entry = entryOf.get(key);
        if (entry) await applyApi.entries.remove(entry.id, delegationId);
      }
      await items.refetch();
      refreshApply(applyQueries.athletes());
    } catch {
      // The request layer showed the reason (a limit, in the user's language); the tick springs back.
      void items.refetch();
    } finally {
      setPending(({ [key]: _, ...rest }) => rest);
    }
  };

  const isOn = (a: AthleteVO, item: ApplyItemVO) => {
    const key = cellKey(a.id, item.groupItemId);
    return key in pending ? pending[key]! : entryOf.has(key);
  };
  /** An athlete under audit, or an entry under audit, cannot change (the server answers A0461). */
  const cellLocked = (a: AthleteVO, item: ApplyItemVO) =>
    !writable || a.status === 'submitted' || entryOf.get(cellKey(a.id, item.groupItemId))?.status === 'submitted';
  /** Why ticking this event would be refused (the athlete's events, the delegation's places), or null. */
  const blockOf = (a: AthleteVO, item: ApplyItemVO) =>
    entryBlock({ entered: isOn(a, item), athleteEvents: usedBy(a.id), maxEvents, item });
  const blockText = (b: EntryBlock) =>
    b.kind === 'athleteFull'
      ? t('apply.item.athleteFull', { max: b.max })
      : t('apply.item.itemFull', { limit: b.limit });
  const itemName = (i: ApplyItemVO) => bi(i.itemName, i.itemNameEn);
  const usage = (a: AthleteVO) => {
    const used = usedBy(a.id);
    return (
      <Tag color={used >= maxEvents ? 'error' : 'default'} data-testid="athlete-usage">
        {used >= maxEvents
          ? t('apply.item.usageFull', { used, max: maxEvents })
          : t('apply.item.usage', { used, max: maxEvents, left: maxEvents - used })}
      </Tag>
    );
  };

  /** Per athlete: one row (card on a phone) per event of the group. */
  const perAthlete = athlete ? (
    <Row gutter={[8, 8]} data-testid="item-athlete-panel">
      {individual.map((item) => {
        const key = cellKey(athlete.id, item.groupItemId);
        const entry = entryOf.get(key);
        const on = isOn(athlete, item);
        const locked = cellLocked(athlete, item);
        const block = locked ? null : blockOf(athlete, item);
        return (
          <Col xs={24} xl={12} key={item.groupItemId}>
            <Card
              size="small"
              data-testid={`item-row-${item.itemCode}`}
              data-blocked={block?.kind}
              styles={{ body: { padding: mobile ? 12 : 16 } }}
              style={{ height: '100%' }}
            >
              <Flex justify="space-between" align="center" gap={8} wrap>
                <Checkbox
                  checked={on}
                  disabled={locked || block !== null || key in pending}
                  onChange={(e) => void toggle(athlete, item, e.target.checked)}
                  className="apply-item-toggle"
                  style={{ fontSize: mobile ? 16 : undefined }}
                  data-testid="item-toggle"
                >
                  <Typography.Text strong type={block ? 'secondary' : undefined}>
                    {itemName(item)}
                  </Typography.Text>
                </Checkbox>
                <Space size={4}>
                  {key in pending && <Spin size="small" />}
                  {entry && entry.status !== 'draft' && <DictTag dictCode="audit_status" value={entry.status} />}
                  <QuotaTag item={item} />
                </Space>
              </Flex>
              {block && (
                <Typography.Text type="warning" className="apply-block-reason" data-testid="item-block-reason">
                  {blockText(block)}
                </Typography.Text>
              )}
              {entry && on && (
                <div style={{ marginTop: 8 }}>
                  <SeedMarkEditor
                    entry={entry}
                    format={item.resultFormat}
                    disabled={cellLocked(athlete, item)}
                    delegationId={delegationId}
                    onSaved={refetch}
                  />
                </div>
              )}
            </Card>
          </Col>
        );
      })}
      {individual.length === 0 && (
        <Col span={24}>
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
        </Col>
      )}
    </Row>
  ) : (
    <Empty description={t('apply.item.noAthletes')} />
  );

  const matrixColumns: TableColumnsType<AthleteVO> = [
    {
      title: t('apply.athlete.name'),
      key: 'name',
      fixed: 'left',
      render: (_, a) => (
        <Space orientation="vertical" size={2}>
          <Typography.Text strong>{a.name}</Typography.Text>
          {usage(a)}
        </Space>
      ),
    },
    ...individual.map((item) => ({
      key: item.groupItemId,
      className: 'apply-matrix-cell',
      title: (
        <Flex vertical align="center" gap={4}>
          <span>{itemName(item)}</span>
          <QuotaTag item={item} />
        </Flex>
      ),
      render: (_: unknown, a: AthleteVO) => {
        const key = cellKey(a.id, item.groupItemId);
        const entry = entryOf.get(key);
        const on = isOn(a, item);
        const locked = cellLocked(a, item);
        const block = locked ? null : blockOf(a, item);
        const reason = block ? blockText(block) : undefined;
        return (
          <Flex vertical align="center" gap={2}>
            <Tooltip title={reason}>
              <Checkbox
                checked={on}
                disabled={locked || block !== null || key in pending}
                onChange={(e) => void toggle(a, item, e.target.checked)}
                aria-label={reason ? `${a.name} ${itemName(item)}: ${reason}` : `${a.name} ${itemName(item)}`}
                data-testid={`cell-${a.id}-${item.itemCode}`}
                data-blocked={block?.kind}
              />
            </Tooltip>
            {entry && on && (
              <Popover
                trigger="click"
                title={`${a.name} · ${itemName(item)}`}
                content={
                  <div style={{ width: 360 }}>
                    <SeedMarkEditor
                      entry={entry}
                      format={item.resultFormat}
                      disabled={cellLocked(a, item)}
                      delegationId={delegationId}
                      onSaved={refetch}
                    />
                  </div>
                }
              >
                <Typography.Link style={{ fontSize: 12 }}>{entry.seedMark ?? t('apply.item.addSeed')}</Typography.Link>
              </Popover>
            )}
          </Flex>
        );
      },
    })),
  ];

  const byAthlete = view === 'athlete' || mobile;

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} className="apply-page">
      <ApplyHeader />
      <Card variant="borderless" styles={{ body: { padding: mobile ? 12 : 20 } }}>
        <Flex vertical gap={12}>
          <Flex gap={12} wrap align="center" vertical={mobile}>
            {mobile ? (
              <Select<number>
                value={gid}
                onChange={(v) => {
                  setGroupId(v);
                  setAthleteId(undefined);
                }}
                options={groups.map((g) => ({ value: g.id, label: bi(g.name, g.nameEn) }))}
                size="large"
                style={{ width: '100%' }}
                aria-label={t('apply.athlete.group')}
                data-testid="item-group"
              />
            ) : (
              <Segmented<number>
                value={gid}
                onChange={(v) => {
                  setGroupId(v);
                  setAthleteId(undefined);
                }}
                options={groups.map((g) => ({ value: g.id, label: bi(g.name, g.nameEn) }))}
                data-testid="item-group"
              />
            )}
            {!mobile && (
              <Segmented<'athlete' | 'matrix'>
                value={view}
                onChange={setView}
                options={[
                  { value: 'athlete', label: t('apply.item.byAthlete') },
                  { value: 'matrix', label: t('apply.item.matrix') },
                ]}
                data-testid="item-view"
              />
            )}
          </Flex>
          {group && (
            <Typography.Text type="secondary">
              {t('apply.item.limits', { events: maxEvents, relays: maxRelays })}
            </Typography.Text>
          )}
          {reason && <Alert type="info" showIcon title={reason} />}
          {byAthlete && roster.length > 0 && (
            <Flex gap={8} align={mobile ? 'flex-start' : 'center'} wrap vertical={mobile}>
              <Select<number>
                showSearch={{ optionFilterProp: 'label' }}
                value={athlete?.id}
                onChange={setAthleteId}
                options={roster.map((a) => ({
                  value: a.id,
                  label: t('apply.item.athleteOption', { name: a.name, used: usedBy(a.id), max: maxEvents }),
                }))}
                style={{ minWidth: 240, width: mobile ? '100%' : undefined }}
                size={mobile ? 'large' : undefined}
                aria-label={t('apply.item.chooseAthlete')}
                data-testid="item-athlete"
              />
              {athlete && (
                <Space size={4}>
                  {usage(athlete)}
                  {athlete.status !== 'draft' && <DictTag dictCode="audit_status" value={athlete.status} />}
                </Space>
              )}
            </Flex>
          )}
        </Flex>
      </Card>

      <Card
        variant="borderless"
        title={t('apply.item.individual')}
        styles={{ body: { padding: mobile ? 12 : 20 } }}
        data-testid="item-individual"
      >
        <Spin spinning={items.isLoading || athletes.isLoading}>
          {roster.length === 0 && !athletes.isLoading ? (
            <Empty description={t('apply.item.noAthletes')} />
          ) : byAthlete ? (
            perAthlete
          ) : (
            <Table<AthleteVO>
              className="apply-matrix"
              rowKey="id"
              size="small"
              bordered
              columns={matrixColumns}
              dataSource={roster}
              pagination={false}
              scroll={{ x: 'max-content' }}
              data-testid="item-matrix"
            />
          )}
        </Spin>
      </Card>

      {relayItems.length > 0 && (
        <Card
          variant="borderless"
          title={t('apply.item.relays')}
          styles={{ body: { padding: mobile ? 12 : 20 } }}
          data-testid="item-relays"
        >
          <Flex vertical gap={12}>
            {relayItems.map((item) => (
              <RelayItem
                key={item.groupItemId}
                item={item}
                relays={relays}
                maxRelays={maxRelays}
                athletes={roster}
                writable={writable}
                highlight={highlight}
                delegationId={delegationId}
                onChanged={refetch}
              />
            ))}
          </Flex>
        </Card>
      )}
    </Space>
  );
}
