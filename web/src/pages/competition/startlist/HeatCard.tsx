import { DragOutlined, HolderOutlined } from '@ant-design/icons';
import { type HeatVO, type StartMode, type StartVO, startGroupOf } from '@baton/contracts';
import { Button, Card, Dropdown, type MenuProps, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { type DragEvent, useMemo, useState } from 'react';
import { useTranslation } from '../../../app/i18n';
import { StatusTag } from '../shared';

/** Where a competitor can be put: a lane (races in lanes) or a position (others) of a heat. */
export interface MoveTarget {
  heatId: number;
  lane?: number;
  position?: number;
}

export const canAdjust = (h: HeatVO) =>
  h.status === 'draft' ||
  (h.status === 'set' &&
    !h.starts.some(
      (s) =>
        s.mark !== null ||
        s.value !== null ||
        s.code !== null ||
        s.place !== null ||
        s.qualifier !== null ||
        s.trials.length,
    ));

const DRAG_TYPE = 'application/x-baton-start';

interface Props {
  heat: HeatVO;
  heats: HeatVO[];
  lanes: boolean;
  /** How the round starts (RoundVO.start): shared lanes, start positions, groups. */
  start: StartMode;
  laneCount: number;
  field: boolean;
  editable: boolean;
  busy: boolean;
  onMove: (start: StartVO, target: MoveTarget) => void;
}

/** One heat (or flight) as a card: its start list, rows draggable onto other rows to swap. */
export function HeatCard({ heat, heats, lanes, start, laneCount, field, editable, busy, onMove }: Props) {
  const { t } = useTranslation();
  const [over, setOver] = useState(false);
  const movable = editable && canAdjust(heat);
  const all = useMemo(() => new Map(heats.flatMap((h) => h.starts.map((s) => [s.id, s] as const))), [heats]);

  const dropOn = (e: DragEvent, target: MoveTarget) => {
    e.preventDefault();
    e.stopPropagation();
    setOver(false);
    const id = Number(e.dataTransfer.getData(DRAG_TYPE) || e.dataTransfer.getData('text/plain'));
    const mover = all.get(id);
    if (!mover || !movable) return;
    const own = heat.starts.some((s) => s.id === id);
    // Dropped on itself, or on the card of its own heat: nothing to do.
    if (own && (target.lane ?? target.position) === undefined) return;
    if (own && (lanes ? target.lane === mover.lane : target.position === mover.position)) return;
    onMove(mover, target);
  };

  const menuFor = (s: StartVO): MenuProps['items'] =>
    heats.filter(canAdjust).map((h) => {
      const slots = lanes
        ? Array.from({ length: laneCount }, (_, i) => i + 1).map((lane) => ({
            key: `${h.id}:${lane}`,
            target: { heatId: h.id, lane },
            label: t('startlist.laneSlot', { lane }),
            occupant: h.starts.find((o) => o.lane === lane),
          }))
        : Array.from({ length: h.starts.length + (h.id === heat.id ? 0 : 1) }, (_, i) => i + 1).map((position) => ({
            key: `${h.id}:${position}`,
            target: { heatId: h.id, position },
            label: t('startlist.orderSlot', { position }),
            occupant: h.starts.find((o) => o.position === position),
          }));
      return {
        key: `heat-${h.id}`,
        type: 'group' as const,
        label: t(field ? 'comp.flight' : 'comp.heat', { number: h.number }),
        children: slots
          .filter((x) => x.occupant?.id !== s.id)
          .map((x) => ({
            key: x.key,
            label: `${x.label} · ${x.occupant ? t('startlist.swapWith', { name: x.occupant.name }) : t('startlist.freeSlot')}`,
            onClick: () => onMove(s, x.target),
          })),
      };
    });

  const waterfall = !lanes && (start === 'waterfall' || start === 'two-groups');
  const sharing = (lane: number | null) => lane !== null && heat.starts.filter((o) => o.lane === lane).length > 1;
  const columns: TableColumnsType<StartVO> = [
    {
      title: lanes ? t('comp.lane') : waterfall ? t('startlist.startPosition') : t('comp.order'),
      key: 'slot',
      width: 64,
      render: (_, s) => (
        <Space size={4}>
          {movable && <HolderOutlined style={{ cursor: 'grab', opacity: 0.5 }} aria-hidden />}
          <Typography.Text strong>{lanes ? s.lane : s.position}</Typography.Text>
          {start === 'two-per-lane' && sharing(s.lane) && (
            <Tag style={{ marginInlineEnd: 0 }} data-testid="sl-shared-lane">
              {t('startlist.sharedLane')}
            </Tag>
          )}
        </Space>
      ),
    },
    ...(start === 'two-groups' && !lanes
      ? [
          {
            title: t('startlist.startGroup'),
            key: 'group',
            width: 72,
            render: (_: unknown, s: StartVO) => {
              const group = startGroupOf(s.position, heat.starts.length);
              return (
                <Tag color={group === 1 ? 'blue' : 'orange'} data-testid="sl-start-group" data-group={group}>
                  {t('startlist.groupN', { group })}
                </Tag>
              );
            },
          },
        ]
      : []),
    { title: t('comp.bib'), dataIndex: 'bib', width: 64, render: (v: string | null) => v ?? '–' },
    {
      title: t('comp.name'),
      key: 'name',
      render: (_, s) => (
        <div data-testid="sl-name">
          <div>{s.name}</div>
          {s.members.length > 0 && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {s.members
                .filter((m) => m.leg !== null)
                .map((m) => m.name)
                .join(' · ')}
            </Typography.Text>
          )}
        </div>
      ),
    },
    {
      title: t('comp.delegation'),
      key: 'delegation',
      render: (_, s) => s.delegationShort || s.delegationName,
    },
    { title: t('comp.seed'), dataIndex: 'seedMark', width: 80, render: (v: string | null) => v ?? '–' },
  ];
  if (movable) {
    columns.push({
      key: 'move',
      width: 48,
      render: (_, s) => (
        <Dropdown menu={{ items: menuFor(s) }} trigger={['click']} disabled={busy}>
          <Button
            size="small"
            type="text"
            icon={<DragOutlined />}
            aria-label={t('startlist.moveToLabel', { name: s.name })}
            title={t('startlist.moveTo')}
            data-testid="sl-move-menu"
          />
        </Dropdown>
      ),
    });
  }

  return (
    <Card
      size="small"
      data-testid="sl-heat"
      data-heat={heat.number}
      title={
        <Space>
          <span>{t(field ? 'comp.flight' : 'comp.heat', { number: heat.number })}</span>
          <Tag>{heat.starts.length}</Tag>
        </Space>
      }
      extra={<StatusTag status={heat.status} />}
      styles={{ body: { padding: 0 } }}
      style={over ? { outline: '2px dashed var(--ant-color-primary)' } : undefined}
      onDragOver={(e) => {
        if (!movable) return;
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => dropOn(e, { heatId: heat.id })}
    >
      {editable && !movable && (
        <Typography.Text type="secondary" style={{ display: 'block', padding: '4px 12px', fontSize: 12 }}>
          {t('startlist.locked')}
        </Typography.Text>
      )}
      <Table<StartVO>
        rowKey="id"
        size="small"
        pagination={false}
        columns={columns}
        dataSource={heat.starts}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('startlist.emptyHeat') }}
        onRow={(s) =>
          movable
            ? {
                draggable: !busy,
                'data-testid': 'sl-row',
                'data-start': s.id,
                onDragStart: (e: DragEvent) => {
                  e.dataTransfer.setData(DRAG_TYPE, String(s.id));
                  e.dataTransfer.setData('text/plain', String(s.id));
                  e.dataTransfer.effectAllowed = 'move';
                },
                onDragOver: (e: DragEvent) => e.preventDefault(),
                onDrop: (e: DragEvent) =>
                  dropOn(
                    e,
                    lanes ? { heatId: heat.id, lane: s.lane ?? undefined } : { heatId: heat.id, position: s.position },
                  ),
              }
            : ({ 'data-testid': 'sl-row', 'data-start': s.id } as React.HTMLAttributes<HTMLElement>)
        }
      />
    </Card>
  );
}
